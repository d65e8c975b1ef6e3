/**
 * The portal's edit dialog: a native <dialog> opened with showModal (focus moves inside and stays
 * there, Escape closes it, the page behind is inert), labelled by its heading. Whoever opens it
 * puts focus back on the button that opened it in `onClose`, as the public payment dialog does.
 */
import { type ReactNode, useId } from "react";
import { useModal } from "../parts/use-modal";

export function EditDialog({ title, onClose, children }: { title: string; onClose: () => void; children: (close: () => void) => ReactNode }) {
  const { ref: dialog, close } = useModal();
  const titleId = useId();

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-h-[90vh] w-11/12 max-w-2xl p-4 sm:p-6">
        <div className="mb-2 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close" onClick={close}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {children(close)}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}

/** The Save and Cancel row at the foot of an edit form; Save shows its pending state. */
export function DialogActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="sticky bottom-0 -mx-4 -mb-4 mt-4 flex justify-end gap-2 border-t border-base-300 bg-base-100 px-4 py-3 sm:-mx-6 sm:-mb-6 sm:px-6">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? "Saving..." : "Save"}
      </button>
    </div>
  );
}
