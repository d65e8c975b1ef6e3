/**
 * A portal form's submit button: disabled while its request is out, saying what is happening
 * meanwhile, so a second click cannot send the write twice.
 */
/** The submit button of a form whose request is `pending`; `pendingLabel` replaces `label` meanwhile. */
export function SubmitButton({
  label,
  pending,
  pendingLabel,
  className = "btn btn-primary",
}: {
  label: string;
  pending: boolean;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
