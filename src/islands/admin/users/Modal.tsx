/**
 * A modal dialog of the users page, the way the public payment dialog does it: a native <dialog>
 * opened with showModal (focus moves inside and stays there, Escape closes, the page behind is
 * inert), labelled by its title. Whoever opens it puts focus back on the trigger in `onClose`.
 */
import { type ReactNode, useId } from "react";
import { useModal } from "../parts/use-modal";

export type ModalProps = {
  title: string;
  /** A line under the title (the user's e-mail). */
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom; they receive `close` to shut the dialog. */
  footer: (close: () => void) => ReactNode;
  /** Widens the box for lists (the details dialog). */
  wide?: boolean;
};

export function Modal({ title, subtitle, onClose, children, footer, wide }: ModalProps) {
  const { ref: dialog, close } = useModal();
  const titleId = `${useId()}title`;

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className={`modal-box max-h-[90vh] w-11/12 space-y-4 overflow-y-auto p-4 sm:p-6 ${wide ? "max-w-2xl" : "max-w-md"}`}>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-bold break-words">
              {title}
            </h2>
            {subtitle && <p className="text-sm break-all text-base-content/80">{subtitle}</p>}
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close" onClick={close}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {children}
        <div className="flex flex-wrap justify-end gap-2 border-t border-base-300 pt-4">{footer(close)}</div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}
