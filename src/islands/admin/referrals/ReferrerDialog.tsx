/**
 * One referrer's dialog: their tallies and every reward (referred customer, booking, amount,
 * status, when it was paid or voided and why). A pending reward can be marked paid, or voided with
 * a reason (3 to 300 characters, checked here and by the server, its message under the field);
 * "Pay all pending" asks to be confirmed. A native <dialog> opened with showModal keeps focus
 * inside; whoever opens it puts focus back on the trigger in `onClose`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField } from "../../../components/FormField";
import { formatAppointment, formatInstantDate } from "../../../domain/format";
import { maxVoidReasonLength, minVoidReasonLength } from "../../../domain/referral";
import { bookingStatusLabels } from "../../../shared/admin-bookings";
import { type AdminPayAllResult, type AdminReferrerDetail, type AdminReward, voidReasonMessage } from "../../../shared/admin-referrals";
import { DetailRow, RecordLoading, RecordSection, StepActions } from "../parts/record-parts";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { StatusBadge } from "../../../components/StatusBadge";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";
import { useMoney } from "../parts/money";

export type ReferrerDialogProps = { userId: string; name: string; timeZone: string; onClose: () => void; onChanged: () => void };

type Sent = { kind: "pay"; rewardId: string } | { kind: "void"; rewardId: string; reason: string } | { kind: "payAll" };
type Step = { kind: "void"; rewardId: string } | { kind: "payAll" } | null;

function RewardItem({
  reward,
  timeZone,
  busy,
  pendingLabel,
  onPay,
  onVoid,
}: {
  reward: AdminReward;
  timeZone: string;
  busy: boolean;
  pendingLabel: string | null;
  onPay: () => void;
  onVoid: () => void;
}) {
  const money = useMoney();
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{`${money(reward.amount)} · ${reward.type === "first_service" ? "first booking" : "later booking"}`}</span>
        <StatusBadge kind="referral" status={reward.status} />
      </div>
      <p className="text-sm break-words">
        {reward.referredCustomer ? `${reward.referredCustomer.name} (${reward.referredCustomer.email})` : "Deleted customer"}
      </p>
      <p className="text-sm text-base-content/80">
        {reward.booking
          ? `${reward.booking.serviceName}, ${formatAppointment(reward.booking.appointmentDate, reward.booking.appointmentTime)} · booking ${bookingStatusLabels[reward.booking.status]}`
          : "Booking deleted"}
      </p>
      <p className="text-xs text-base-content/80">
        {`Earned ${formatInstantDate(reward.createdAt, timeZone)}`}
        {reward.paidAt && ` · paid ${formatInstantDate(reward.paidAt, timeZone)}`}
        {reward.voidedAt && ` · voided ${formatInstantDate(reward.voidedAt, timeZone)}`}
      </p>
      {reward.voidReason && <p className="text-sm break-words">{`Reason: ${reward.voidReason}`}</p>}
      {reward.status === "pending" && (
        <div className="flex flex-wrap gap-2 pt-1">
          <button type="button" className="btn btn-primary btn-xs" disabled={busy} onClick={onPay}>
            {pendingLabel === "pay" ? "Marking paid..." : "Mark paid"}
          </button>
          <button type="button" className="btn btn-outline btn-error btn-xs" disabled={busy} onClick={onVoid}>
            Void
          </button>
        </div>
      )}
    </div>
  );
}

export function ReferrerDialog({ userId, name, timeZone, onClose, onChanged }: ReferrerDialogProps) {
  const money = useMoney();
  const queryClient = useQueryClient();
  const { ref, close } = useModal();
  const base = useId();
  const url = `/api/admin/referrals/${encodeURIComponent(userId)}`;
  const detail = useQuery<AdminReferrerDetail>({ queryKey: [url] });
  const [step, setStep] = useState<Step>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const rewardsHeading = useRef<HTMLHeadingElement>(null);
  const hadStep = useRef(false);

  // The button that was pressed goes away with its step: focus moves to what replaced it.
  useEffect(() => {
    if (step?.kind === "void") reasonField.current?.focus();
    else if (step?.kind === "payAll") confirmButton.current?.focus();
    else if (hadStep.current) rewardsHeading.current?.focus();
    hadStep.current = step !== null;
  }, [step]);

  const act = useMutation({
    mutationFn: (sent: Sent): Promise<AdminPayAllResult | AdminReward> => {
      if (sent.kind === "payAll") return adminRequest<AdminPayAllResult>("POST", `${url}/paid`);
      const path = `/api/admin/referrals/rewards/${encodeURIComponent(sent.rewardId)}`;
      return sent.kind === "pay"
        ? adminRequest<AdminReward>("POST", `${path}/paid`)
        : adminRequest<AdminReward>("POST", `${path}/void`, { reason: sent.reason });
    },
    onSuccess: (answer, sent) => {
      const all = sent.kind === "payAll" ? (answer as AdminPayAllResult) : null;
      const title = all
        ? `${all.paidCount} ${all.paidCount === 1 ? "reward" : "rewards"} marked paid, ${money(all.paidAmount)} in all`
        : sent.kind === "pay"
          ? "Reward marked paid"
          : "Reward voided";
      toast({ title, variant: "success" });
      setStep(null);
      setReason("");
      setReasonError(undefined);
      void queryClient.invalidateQueries({ queryKey: [url] });
      rewardsHeading.current?.focus();
      onChanged();
    },
    onError: (err, sent) => {
      const fieldMessage = err instanceof ApiError ? err.fields?.reason : undefined;
      if (sent.kind === "void" && fieldMessage) {
        setReasonError(fieldMessage);
        reasonField.current?.focus();
      }
      toastFailure("Reward not updated", err);
      // Changed by someone else meanwhile: show the rewards as they are now.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        setStep(null);
        void queryClient.invalidateQueries({ queryKey: [url] });
        onChanged();
      }
    },
  });

  const submitVoid = (rewardId: string) => {
    const text = reason.trim();
    if (text.length < minVoidReasonLength || text.length > maxVoidReasonLength) {
      setReasonError(voidReasonMessage);
      reasonField.current?.focus();
      return;
    }
    setReasonError(undefined);
    act.mutate({ kind: "void", rewardId, reason: text });
  };

  const data = detail.data;
  const titleId = `${base}title`;
  const reasonId = `${base}reason`;
  const payingId = act.isPending && act.variables?.kind === "pay" ? act.variables.rewardId : null;

  return (
    <DialogFrame
      modalRef={ref}
      titleId={titleId}
      title={`Referral rewards of ${name}`}
      subtitle={
        data && (
          <p className="text-sm break-all text-base-content/80">
            {data.referrer.email}
            {data.referrer.referralCode && <span className="font-mono">{` · ${data.referrer.referralCode}`}</span>}
          </p>
        )
      }
      onClose={onClose}
      close={close}
    >
      <RecordLoading pending={detail.isPending} failed={detail.isError} failedText="These rewards could not be loaded." />

      {data && (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="referrer-tallies">
            <div>
              <DetailRow label="Referred customers" labelClassName="text-base-content/80" className="font-semibold">
                {data.referrer.referredCount}
              </DetailRow>
            </div>
            <div>
              <DetailRow label="Pending" labelClassName="text-base-content/80" className="font-semibold">
                {`${money(data.referrer.pending.amount)} (${data.referrer.pending.count})`}
              </DetailRow>
            </div>
            <div>
              <DetailRow label="Paid" labelClassName="text-base-content/80" className="font-semibold">
                {`${money(data.referrer.paid.amount)} (${data.referrer.paid.count})`}
              </DetailRow>
            </div>
            <div>
              <DetailRow label="Void" labelClassName="text-base-content/80" className="font-semibold">
                {`${money(data.referrer.void.amount)} (${data.referrer.void.count})`}
              </DetailRow>
            </div>
          </dl>

          {data.referrer.pending.count > 0 && step?.kind !== "payAll" && (
            <button type="button" className="btn btn-primary btn-sm" disabled={act.isPending} onClick={() => setStep({ kind: "payAll" })}>
              {`Pay all pending (${money(data.referrer.pending.amount)})`}
            </button>
          )}
          {step?.kind === "payAll" && (
            <fieldset className="space-y-2 rounded-box border border-base-300 p-3">
              <legend className="sr-only">Confirm paying all pending rewards</legend>
              <p>{`Mark all ${data.referrer.pending.count} pending rewards paid, ${money(data.referrer.pending.amount)} in all? Do this once the money has been paid to ${name}.`}</p>
              <StepActions backLabel="Back" onBack={() => setStep(null)}>
                <button
                  ref={confirmButton}
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ kind: "payAll" })}
                >
                  {act.isPending ? "Marking paid..." : "Yes, mark them paid"}
                </button>
              </StepActions>
            </fieldset>
          )}

          <RecordSection id={`${base}rewards`} title="Rewards" headingRef={rewardsHeading}>
            {data.rewards.length === 0 && <p className="text-sm text-base-content/80">No rewards yet.</p>}
            <ul className="divide-y divide-base-300">
              {data.rewards.map((r) => (
                <li key={r.id} className="space-y-2 py-3" data-testid="reward">
                  <RewardItem
                    reward={r}
                    timeZone={timeZone}
                    busy={act.isPending || step !== null}
                    pendingLabel={payingId === r.id ? "pay" : null}
                    onPay={() => act.mutate({ kind: "pay", rewardId: r.id })}
                    onVoid={() => {
                      setReason("");
                      setReasonError(undefined);
                      setStep({ kind: "void", rewardId: r.id });
                    }}
                  />
                  {step?.kind === "void" && step.rewardId === r.id && (
                    <form
                      noValidate
                      className="space-y-2 rounded-box border border-error/40 p-3"
                      onSubmit={(e) => {
                        e.preventDefault();
                        submitVoid(r.id);
                      }}
                    >
                      <FormField id={reasonId} label="Why is this reward void?" error={reasonError} hint="The referrer sees this on their dashboard.">
                        <textarea
                          ref={reasonField}
                          id={reasonId}
                          className="textarea w-full"
                          rows={2}
                          maxLength={maxVoidReasonLength}
                          value={reason}
                          onChange={(e) => setReason(e.target.value)}
                          {...errorProps(reasonId, reasonError)}
                        />
                      </FormField>
                      <StepActions backLabel="Keep it" onBack={() => setStep(null)}>
                        <SubmitButton label="Void the reward" pending={act.isPending} pendingLabel="Voiding..." className="btn btn-error btn-sm" />
                      </StepActions>
                    </form>
                  )}
                </li>
              ))}
            </ul>
          </RecordSection>
        </>
      )}
    </DialogFrame>
  );
}
