/**
 * The confirmation before something is deleted: an alert dialog naming it, Cancel focused (so Enter
 * alone deletes nothing), and Delete with its pending label. The caller's mutation does the work;
 * `onConfirm` is given the dialog's `close` so the caller closes it when that is right.
 */
import { type ReactNode, useId, useRef } from "react";
import { useModal } from "../../dialog/use-modal";

export function ConfirmDeleteDialog({
  title,
  children,
  pending,
  onConfirm,
  onClose,
  confirmLabel = "Delete",
  pendingLabel = "Deleting...",
}: {
  title: string;
  /** What will happen, naming the record. */
  children: ReactNode;
  pending: boolean;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
  /** The confirm button's words, idle and pending, where the action is better named otherwise ("Remove"). */
  confirmLabel?: string;
  pendingLabel?: string;
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
          <button type="button" className="btn btn-error" disabled={pending} onClick={() => onConfirm(close)}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
