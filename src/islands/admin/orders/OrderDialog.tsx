/**
 * One order's dialog: its details and the actions allowed now (from the server). Ship asks for the
 * carrier and the tracking number (checked here by the ship schema the server uses too, its message
 * under the field; typed with spaces or dashes as on the label, kept without them); Mark verified
 * asks which ID document was sighted; mark paid, Mark delivered, cancel and refund ask to be confirmed. A native <dialog> opened with showModal keeps focus inside; whoever
 * opens it puts focus back on the trigger in `onClose`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField } from "../../../components/FormField";
import {
  type AdminOrderAction,
  type AdminOrderDetail,
  adminOrderActionPaths,
  adminOrderShipSchema,
  adminOrderVerifySchema,
} from "../../../shared/admin-orders";
import { carrierLabels, carriers, idDocumentLabels, idDocuments } from "../../../shared/orders";
import { RecordLoading, RecordSection, StepActions } from "../parts/record-parts";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { OrderBadges } from "./OrderBadges";
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

/** Every action opens a step (fields or a confirmation) before it is sent: none acts on one click. */
type Step = AdminOrderAction;
const confirmations: Record<"mark_paid" | "deliver" | "cancel" | "refund", string> = {
  mark_paid: "Mark this order paid? Do so only once the money is in the business's account. The order goes on to be shipped and the customer is e-mailed.",
  deliver: "Mark this order delivered? Do so once the carrier shows the parcel delivered. The order is then complete.",
  cancel: "Cancel this order? Its items go back on the shelf and the customer is e-mailed. This cannot be undone.",
  refund:
    "Refund this order? The whole total goes back to the customer: through PayPal at once when they paid that way; paid any other way, you send it yourself and it waits on your to-do list until you mark it sent. They are e-mailed. This cannot be undone.",
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
  const [carrier, setCarrier] = useState("");
  const [carrierError, setCarrierError] = useState<string | undefined>();
  const carrierField = useRef<HTMLSelectElement>(null);
  const [sighted, setSighted] = useState("");
  const [documentError, setDocumentError] = useState<string | undefined>();
  const documentField = useRef<HTMLSelectElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const hadStep = useRef(false);

  // The button that was pressed goes away with its step or its action: focus moves to what replaced it.
  useEffect(() => {
    if (step === "ship") carrierField.current?.focus();
    else if (step === "verify") documentField.current?.focus();
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
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (action === "ship" && (fields?.carrier || fields?.trackingNumber)) {
        setCarrierError(fields.carrier);
        setTrackingError(fields.trackingNumber);
        (fields.carrier ? carrierField : trackingField).current?.focus();
      }
      if (action === "verify" && fields?.document) {
        setDocumentError(fields.document);
        documentField.current?.focus();
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
    const checked = adminOrderShipSchema.safeParse({ trackingNumber: tracking, carrier });
    if (!checked.success) {
      const message = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      setCarrierError(message("carrier"));
      setTrackingError(message("trackingNumber"));
      (message("carrier") ? carrierField : trackingField).current?.focus();
      return;
    }
    setCarrierError(undefined);
    setTrackingError(undefined);
    send("ship", { trackingNumber: checked.data.trackingNumber, carrier: checked.data.carrier });
  };

  const verify = () => {
    const checked = adminOrderVerifySchema.safeParse({ document: sighted });
    if (!checked.success) {
      setDocumentError(checked.error.issues[0]?.message);
      documentField.current?.focus();
      return;
    }
    setDocumentError(undefined);
    send("verify", { document: checked.data.document });
  };

  const order = detail.data;
  const titleId = `${base}title`;
  const trackingId = `${base}tracking`;
  const carrierId = `${base}carrier`;
  const documentId = `${base}document`;

  return (
    <DialogFrame
      modalRef={ref}
      titleId={titleId}
      title={`Order ${orderNumber}`}
      titleClassName="font-mono text-xl font-bold break-all"
      subtitle={
        order && (
          <p>
            <OrderBadges order={order} />
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
              <FormField id={carrierId} label="Carrier" error={carrierError}>
                <select
                  ref={carrierField}
                  id={carrierId}
                  className="select w-full"
                  value={carrier}
                  onChange={(e) => setCarrier(e.target.value)}
                  {...errorProps(carrierId, carrierError)}
                >
                  <option value="">Choose the carrier</option>
                  {carriers.map((c) => (
                    <option key={c} value={c}>
                      {carrierLabels[c]}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField
                id={trackingId}
                label="Tracking number"
                error={trackingError}
                hint="As printed on the label; spaces and dashes are fine. The customer gets a link to the carrier's tracking page (the number alone for another carrier)."
              >
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

          {step === "verify" && (
            <form
              noValidate
              className="space-y-2 rounded-box border border-base-300 p-3"
              onSubmit={(e) => {
                e.preventDefault();
                verify();
              }}
            >
              <FormField id={documentId} label="ID document sighted" error={documentError} hint="You are recorded as the one who saw it.">
                <select
                  ref={documentField}
                  id={documentId}
                  className="select w-full"
                  value={sighted}
                  onChange={(e) => setSighted(e.target.value)}
                  {...errorProps(documentId, documentError)}
                >
                  <option value="">Choose the document</option>
                  {idDocuments.map((d) => (
                    <option key={d} value={d}>
                      {idDocumentLabels[d]}
                    </option>
                  ))}
                </select>
              </FormField>
              <StepActions backLabel="Back" onBack={() => setStep(null)}>
                <SubmitButton label="Mark verified" pending={act.isPending} pendingLabel={actionLabels.verify.pending} className="btn btn-primary btn-sm" />
              </StepActions>
            </form>
          )}

          {step === "deliver" && (
            <fieldset className="space-y-2 rounded-box border border-base-300 p-3">
              <legend className="sr-only">Confirm the delivery</legend>
              <p>{confirmations.deliver}</p>
              <StepActions backLabel="Not yet" onBack={() => setStep(null)}>
                <button ref={confirmButton} type="button" className="btn btn-primary btn-sm" disabled={act.isPending} onClick={() => send("deliver")}>
                  {act.isPending ? actionLabels.deliver.pending : "Yes, it was delivered"}
                </button>
              </StepActions>
            </fieldset>
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
                const danger = action === "cancel" || action === "refund";
                return (
                  <button
                    key={action}
                    type="button"
                    className={`btn btn-sm ${danger ? "btn-outline btn-error" : "btn-primary"}`}
                    disabled={act.isPending}
                    onClick={() => setStep(action)}
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
