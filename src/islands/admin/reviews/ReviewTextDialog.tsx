/**
 * The dialog of a review's text answer: the reason a review is rejected (required, told to the
 * customer by e-mail) or the business's public reply (empty removes it). The text is checked with
 * the API's own schema before it is sent, and the server's message shows under the field too.
 */
import { type FormEvent, useId, useRef, useState } from "react";
import { ApiError } from "../../../client/api";
import { type AdminReview, maxRejectionReasonLength, maxReviewReplyLength, rejectReviewSchema, replyReviewSchema } from "../../../shared/admin-reviews";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { Stars } from "./ReviewCards";

export type ReviewTextKind = "reject" | "reply";

const texts = {
  reject: {
    title: "Reject this review?",
    label: "Reason the customer is told",
    hint: `The customer gets this reason by e-mail, with a link to edit the review. Up to ${maxRejectionReasonLength} characters.`,
    submit: "Reject and tell the customer",
    pending: "Rejecting...",
    max: maxRejectionReasonLength,
  },
  reply: {
    title: "Reply to this review",
    label: "Your public reply",
    hint: `Shown under the review on the product page. Up to ${maxReviewReplyLength} characters; leave it empty to remove the reply.`,
    submit: "Save reply",
    pending: "Saving...",
    max: maxReviewReplyLength,
  },
} as const;

export function ReviewTextDialog({
  kind,
  review,
  pending,
  onSubmit,
  onClose,
}: {
  kind: ReviewTextKind;
  review: AdminReview;
  pending: boolean;
  /** Sends the text; `done` closes the dialog, `failed` shows the server's refusal under the field. */
  onSubmit: (text: string, done: () => void, failed: (err: unknown) => void) => void;
  onClose: () => void;
}) {
  const t = texts[kind];
  const field = useRef<HTMLTextAreaElement>(null);
  const { ref, close } = useModal(field);
  const [text, setText] = useState(kind === "reply" ? (review.reply ?? "") : "");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = kind === "reject" ? rejectReviewSchema.safeParse({ reason: text }) : replyReviewSchema.safeParse({ reply: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the text");
      field.current?.focus();
      return;
    }
    setError(null);
    onSubmit(kind === "reject" ? (parsed.data as { reason: string }).reason : (parsed.data as { reply: string }).reply, close, (err) => {
      const message = err instanceof ApiError ? (err.fields?.reason ?? err.fields?.reply ?? null) : null;
      if (message) {
        setError(message);
        field.current?.focus();
      }
    });
  };

  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title={t.title}
      subtitle={
        <p className="text-sm text-base-content/80 break-words">
          <Stars rating={review.rating} /> {review.product.name}, by {review.customer.name}
        </p>
      }
      width="narrow"
      onClose={onClose}
    >
      <form id={`${id}form`} className="space-y-3" noValidate onSubmit={submit}>
        {review.title && <p className="font-semibold break-words">{review.title}</p>}
        {review.comment && <p className="line-clamp-4 text-sm break-words whitespace-pre-line">{review.comment}</p>}
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}text`}>
            {t.label}
          </label>
          <textarea
            ref={field}
            id={`${id}text`}
            name={kind === "reject" ? "reason" : "reply"}
            className={`textarea w-full ${error ? "textarea-error" : ""}`}
            rows={kind === "reject" ? 4 : 6}
            maxLength={t.max + 50}
            required={kind === "reject"}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}hint${error ? ` ${id}error` : ""}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}hint`} className="label whitespace-normal">
            {t.hint}
          </p>
          {error && (
            <p id={`${id}error`} className="text-sm text-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-base-300 pt-4">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className={`btn ${kind === "reject" ? "btn-error" : "btn-primary"}`} disabled={pending} aria-disabled={pending}>
            {pending ? t.pending : t.submit}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
