/**
 * The dialog that changes a review's words before it is published (decision 076): its title and
 * comment as they will show, and the reason the customer is told by e-mail. The review is then
 * marked "Edited by the business" where it shows; the customer's own words stay in the back office
 * only. Checked with the API's schema before sending; the server's messages show under the fields.
 */
import { type FormEvent, useId, useRef, useState } from "react";
import { ApiError } from "../../../client/api";
import { errorProps, FormField } from "../../../components/FormField";
import {
  type AdminReview,
  type EditReviewInput,
  editReviewSchema,
  maxEditedReviewComment,
  maxEditedReviewTitle,
  maxRejectionReasonLength,
} from "../../../shared/admin-reviews";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { Stars } from "./ReviewCards";

type Field = keyof EditReviewInput;
const fields: readonly Field[] = ["title", "comment", "reason"];

export function EditReviewDialog({
  review,
  pending,
  onSubmit,
  onClose,
}: {
  review: AdminReview;
  pending: boolean;
  /** Sends the edit; `done` closes the dialog, `failed` shows the server's refusal under its field. */
  onSubmit: (input: EditReviewInput, done: () => void, failed: (err: unknown) => void) => void;
  onClose: () => void;
}) {
  const first = useRef<HTMLTextAreaElement>(null);
  const { ref, close } = useModal(first);
  const [values, setValues] = useState<EditReviewInput>({ title: review.title ?? "", comment: review.comment ?? "", reason: review.editReason ?? "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const id = useId();
  const fieldId = (f: Field) => `${id}${f}`;
  const focusFirstError = (found: Partial<Record<Field, string>>) => {
    const f = fields.find((name) => found[name]);
    if (f) document.getElementById(fieldId(f))?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = editReviewSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        found[f] ??= issue.message;
      }
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    onSubmit(parsed.data, close, (err) => {
      const found = err instanceof ApiError ? ((err.fields ?? {}) as Partial<Record<Field, string>>) : {};
      setErrors(found);
      focusFirstError(found);
    });
  };

  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));

  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title="Edit this review's words"
      subtitle={
        <p className="text-sm text-base-content/80 break-words">
          <Stars rating={review.rating} /> {review.product.name}, by {review.customer.name}
        </p>
      }
      onClose={onClose}
    >
      <form id={`${id}form`} className="space-y-3" noValidate onSubmit={submit}>
        <p className="text-sm">
          Take out what should not be published, such as a phone number or a name. The review is marked "Edited by the business" where it shows, and the
          customer is e-mailed your reason with the new words. Their own words stay here, never on the site.
        </p>
        <FormField id={fieldId("title")} label="Title" error={errors.title} hint={`Up to ${maxEditedReviewTitle} characters.`}>
          <input
            id={fieldId("title")}
            name="title"
            className={`input w-full ${errors.title ? "input-error" : ""}`}
            maxLength={maxEditedReviewTitle + 50}
            value={values.title}
            onChange={set("title")}
            {...errorProps(fieldId("title"), errors.title)}
          />
        </FormField>
        <FormField id={fieldId("comment")} label="Review" error={errors.comment} hint={`Up to ${maxEditedReviewComment} characters.`}>
          <textarea
            ref={first}
            id={fieldId("comment")}
            name="comment"
            className={`textarea w-full ${errors.comment ? "textarea-error" : ""}`}
            rows={6}
            maxLength={maxEditedReviewComment + 50}
            value={values.comment}
            onChange={set("comment")}
            {...errorProps(fieldId("comment"), errors.comment)}
          />
        </FormField>
        <FormField
          id={fieldId("reason")}
          label="Reason the customer is told"
          error={errors.reason}
          hint={`E-mailed to the customer with the new words. Up to ${maxRejectionReasonLength} characters.`}
        >
          <textarea
            id={fieldId("reason")}
            name="reason"
            className={`textarea w-full ${errors.reason ? "textarea-error" : ""}`}
            rows={3}
            maxLength={maxRejectionReasonLength + 50}
            value={values.reason}
            onChange={set("reason")}
            {...errorProps(fieldId("reason"), errors.reason)}
          />
        </FormField>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-base-300 pt-4">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending} aria-disabled={pending}>
            {pending ? "Saving..." : "Save and tell the customer"}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
