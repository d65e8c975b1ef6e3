/**
 * One order's dialog: its details and the actions allowed now (from the server). Ship asks for the
 * tracking number (checked here by the ship schema the server uses too, its message under the field); cancel and
 * refund ask to be confirmed. A native <dialog> opened with showModal keeps focus inside; whoever
 * opens it puts focus back on the trigger in `onClose`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField } from "../../../components/FormField";
import { StatusBadge } from "../../../components/StatusBadge";
import { type AdminOrderAction, type AdminOrderDetail, adminOrderActionPaths, adminOrderShipSchema } from "../../../shared/admin-orders";
import { RecordLoading, RecordSection, StepActions } from "../parts/record-parts";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { OrderDetails } from "./OrderDetails";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";
import { CaseNotes } from "../parts/CaseNotes";

export type OrderDialogProps = { orderNumber: string; timeZone: string; onClose: () => void; onChanged: () => void };

const actionLabels: Record<AdminOrderAction, { idle: string; pending: string }> = {
  mark_paid: { idle: "Mark paid", pending: "Marking paid..." },
  verify: { idle: "Mark verified", pending: "Marking verified..." },
  ship: { idle: "Ship", pending: "Shipping..." },
  deliver: { idle: "Mark delivered", pending: "Marking delivered..." },
  cancel: { idle: "Cancel order", pending: "Cancelling..." },
  refund: { idle: "Refund", pending: "Refunding..." },
};

/** Actions that open a step (a field or a confirmation) before they are sent. */
type Step = "ship" | "mark_paid" | "cancel" | "refund";
const confirmations: Record<"mark_paid" | "cancel" | "refund", string> = {
  mark_paid: "Mark this order paid? Do so only once the money is in the business's account. The order goes on to be shipped and the customer is e-mailed.",
  cancel: "Cancel this order? Its items go back on the shelf and the customer is e-mailed. This cannot be undone.",
  refund: "Refund this order? The whole total goes back to the customer (through PayPal when they paid that way) and they are e-mailed. This cannot be undone.",
};

type Sent = { action: AdminOrderAction; body: Record<string, string> };

export function OrderDialog({ orderNumber, timeZone, onClose, onChanged }: OrderDialogProps) {
  const queryClient = useQueryClient();
  const { ref, close } = useModal();
  const base = useId();
  const url = `/api/admin/orders/${encodeURIComponent(orderNumber)}`;
  const detail = useQuery<AdminOrderDetail>({ queryKey: [url] });
  const [step, setStep] = useState<Step | null>(null);
  const [tracking, setTracking] = useState("");
  const [trackingError, setTrackingError] = useState<string | undefined>();
  const trackingField = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const hadStep = useRef(false);

  // The button that was pressed goes away with its step or its action: focus moves to what replaced it.
  useEffect(() => {
    if (step === "ship") trackingField.current?.focus();
    else if (step) confirmButton.current?.focus();
    else if (hadStep.current) actionsHeading.current?.focus();
    hadStep.current = step !== null;
  }, [step]);

  const act = useMutation({
    mutationFn: ({ action, body }: Sent) => adminRequest<AdminOrderDetail>("POST", `${url}/${adminOrderActionPaths[action]}`, body),
    onSuccess: (order) => {
      queryClient.setQueryData([url], order);
      toast({ title: "Order updated", variant: "success" });
      setStep(null);
      actionsHeading.current?.focus();
      onChanged();
    },
    onError: (err, { action }) => {
      const fieldMessage = err instanceof ApiError ? err.fields?.trackingNumber : undefined;
      if (action === "ship" && fieldMessage) {
        setTrackingError(fieldMessage);
        trackingField.current?.focus();
      }
      toastFailure("Order not updated", err);
      // Changed by someone else meanwhile: show what the order allows now.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: [url] });
        onChanged();
      }
    },
  });

  const send = (action: AdminOrderAction, body: Record<string, string> = {}) => act.mutate({ action, body });
  const pendingLabel = (action: AdminOrderAction) =>
    act.isPending && act.variables?.action === action ? actionLabels[action].pending : actionLabels[action].idle;

  const ship = () => {
    const checked = adminOrderShipSchema.safeParse({ trackingNumber: tracking });
    if (!checked.success) {
      setTrackingError(checked.error.issues[0]?.message);
      trackingField.current?.focus();
      return;
    }
    setTrackingError(undefined);
    send("ship", { trackingNumber: checked.data.trackingNumber });
  };

  const order = detail.data;
  const titleId = `${base}title`;
  const trackingId = `${base}tracking`;

  return (
    <DialogFrame
      modalRef={ref}
      titleId={titleId}
      title={`Order ${orderNumber}`}
      titleClassName="font-mono text-xl font-bold break-all"
      subtitle={
        order && (
          <p className="flex flex-wrap gap-2">
            <StatusBadge kind="order" status={order.status} />
            <StatusBadge kind="orderPayment" status={order.paymentStatus} />
          </p>
        )
      }
      onClose={onClose}
      close={close}
    >
      <RecordLoading pending={detail.isPending} failed={detail.isError} failedText="This order could not be loaded." />
      {order && <OrderDetails order={order} timeZone={timeZone} />}

      {order && (
        <RecordSection id={`${base}actions`} title="Actions" headingRef={actionsHeading}>
          {order.actions.length === 0 && <p className="text-sm text-base-content/80">Nothing more can be done with this order.</p>}

          {step === "ship" && (
            <form
              noValidate
              className="space-y-2 rounded-box border border-base-300 p-3"
              onSubmit={(e) => {
                e.preventDefault();
                ship();
              }}
            >
              <FormField id={trackingId} label="Tracking number" error={trackingError} hint="The Australia Post tracking number on the label.">
                <input
                  ref={trackingField}
                  id={trackingId}
                  className="input w-full"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  value={tracking}
                  onChange={(e) => setTracking(e.target.value)}
                  {...errorProps(trackingId, trackingError)}
                />
              </FormField>
              <StepActions backLabel="Back" onBack={() => setStep(null)}>
                <SubmitButton label="Mark shipped" pending={act.isPending} pendingLabel={actionLabels.ship.pending} className="btn btn-primary btn-sm" />
              </StepActions>
            </form>
          )}

          {step === "mark_paid" && (
            <fieldset className="space-y-2 rounded-box border border-base-300 p-3">
              <legend className="sr-only">Confirm the payment</legend>
              <p>{confirmations.mark_paid}</p>
              <StepActions backLabel="Not yet" onBack={() => setStep(null)}>
                <button ref={confirmButton} type="button" className="btn btn-primary btn-sm" disabled={act.isPending} onClick={() => send("mark_paid")}>
                  {act.isPending ? actionLabels.mark_paid.pending : "Yes, the money has arrived"}
                </button>
              </StepActions>
            </fieldset>
          )}

          {(step === "cancel" || step === "refund") && (
            <fieldset className="space-y-2 rounded-box border border-error/40 p-3">
              <legend className="sr-only">{step === "cancel" ? "Confirm the cancellation" : "Confirm the refund"}</legend>
              <p>{confirmations[step]}</p>
              <StepActions backLabel="Keep it" onBack={() => setStep(null)}>
                <button ref={confirmButton} type="button" className="btn btn-error btn-sm" disabled={act.isPending} onClick={() => send(step)}>
                  {act.isPending ? actionLabels[step].pending : step === "cancel" ? "Yes, cancel the order" : "Yes, refund"}
                </button>
              </StepActions>
            </fieldset>
          )}

          {step === null && order.actions.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {order.actions.map((action) => {
                const opensStep = action === "ship" || action === "mark_paid" || action === "cancel" || action === "refund";
                const danger = action === "cancel" || action === "refund";
                return (
                  <button
                    key={action}
                    type="button"
                    className={`btn btn-sm ${danger ? "btn-outline btn-error" : "btn-primary"}`}
                    disabled={act.isPending}
                    onClick={() => (opensStep ? setStep(action) : send(action))}
                  >
                    {pendingLabel(action)}
                  </button>
                );
              })}
            </div>
          )}
        </RecordSection>
      )}
      {order && <CaseNotes list="orders" recordKey={order.orderNumber} timeZone={timeZone} />}
    </DialogFrame>
  );
}
