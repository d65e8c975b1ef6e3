/**
 * The confirmation before a step that cannot be taken back (deleting, marking money received): an
 * alert dialog saying what will happen, Cancel focused (so Enter alone does nothing), and the
 * confirming button with its pending label. The caller's mutation does the work; `onConfirm` is
 * given the dialog's `close` so the caller closes it when that is right.
 */
import { type ReactNode, useId, useRef } from "react";
import { useModal } from "../../dialog/use-modal";

export function ConfirmDialog({
  title,
  children,
  pending,
  onConfirm,
  onClose,
  confirmLabel,
  pendingLabel,
  tone = "danger",
}: {
  title: string;
  /** What will happen, naming the record. */
  children: ReactNode;
  pending: boolean;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
  confirmLabel: string;
  pendingLabel: string;
  /** `danger` (red) for what destroys, `primary` for what records (a payment received). */
  tone?: "danger" | "primary";
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const { ref, close } = useModal(cancel);
  const base = useId();
  return (
    <dialog ref={ref} className="modal" role="alertdialog" aria-labelledby={`${base}title`} aria-describedby={`${base}text`} onClose={onClose}>
      <div className="modal-box w-11/12 max-w-md space-y-3">
        <h2 id={`${base}title`} className="text-lg font-bold">
          {title}
        </h2>
        <div id={`${base}text`} className="space-y-2 text-sm">
          {children}
        </div>
        <div className="modal-action">
          <button ref={cancel} type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="button" className={tone === "danger" ? "btn btn-error" : "btn btn-primary"} disabled={pending} onClick={() => onConfirm(close)}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
