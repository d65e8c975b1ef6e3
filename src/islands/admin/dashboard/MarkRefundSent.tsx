/**
 * "Mark sent" on a refund owed (decision 084): the date the owner sent the money, today unless they
 * say otherwise and never later, posted to POST /api/admin/refunds/{id}/sent. Only then is the
 * customer told "we have sent your refund … on <date>"; the to-do list is read again after.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { formatDate } from "../../../domain/format";
import { refundSentPath } from "../../../shared/admin-todo";
import type { RefundSentAnswer } from "../../../shared/refunds";
import { SubmitButton } from "../parts/SubmitButton";
import { toastFailure } from "../parts/toast-failure";

export function MarkRefundSent({ refund, what }: { refund: { refundId: string; today: string }; what: string }) {
  const queryClient = useQueryClient();
  const [sentOn, setSentOn] = useState(refund.today);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const send = useMutation({
    mutationFn: (date: string) => adminRequest<RefundSentAnswer>("POST", refundSentPath(refund.refundId), { sentOn: date }),
    onSuccess: (r) => {
      toast({ title: "Refund marked sent", description: `The customer is e-mailed that it was sent on ${formatDate(r.sentOn)}.`, variant: "success" });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/todo"] });
    },
    onError: (err) => {
      const message = err instanceof ApiError ? err.fields?.sentOn : undefined;
      if (message) setProblem(message);
      else toastFailure("Refund not marked sent", err);
    },
  });
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      aria-label={`Mark the refund to ${what} sent`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(sentOn)) return setProblem("Give the date you sent it");
        if (sentOn > refund.today) return setProblem("The date the refund was sent cannot be later than today.");
        setProblem(null);
        send.mutate(sentOn);
      }}
    >
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-on`}>
        <span>Sent on</span>
        <input
          id={`${id}-on`}
          type="date"
          className={`input input-sm ${problem ? "input-error" : ""}`}
          value={sentOn}
          max={refund.today}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setSentOn(e.target.value)}
        />
      </label>
      <SubmitButton label="Mark sent" pending={send.isPending} pendingLabel="Marking sent..." className="btn btn-sm btn-primary" />
      {problem && (
        <p id={`${id}-problem`} className="w-full text-sm text-error">
          {problem}
        </p>
      )}
    </form>
  );
}
