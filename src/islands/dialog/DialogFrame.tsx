/**
 * The frame of every modal dialog, public and admin: a native <dialog> opened with showModal by
 * `useModal` (focus moves inside and stays there, Escape closes it, the page behind is inert),
 * labelled by its heading, with a Close button and a backdrop that closes it. Whoever opens it puts
 * focus back on the button that opened it in `onClose`.
 */
import { type ReactNode, type RefObject, useId } from "react";

const widths = { narrow: "max-w-md", wide: "max-w-2xl" };

/**
 * Marks Close as where showModal puts the focus (unless `useModal` is given another place): a box
 * tall enough to scroll is itself focusable in Chromium and would otherwise take it. React writes
 * no `autofocus` attribute of its own, so the attribute is set on the element.
 */
const markAutofocus = (button: HTMLButtonElement | null) => button?.setAttribute("autofocus", "");

export function DialogFrame({
  modalRef,
  close,
  title,
  titleId,
  titleClassName = "text-xl font-bold break-words",
  eyebrow,
  subtitle,
  width = "wide",
  backdrop = true,
  onClose,
  footer,
  children,
}: {
  /** From `useModal`. */
  modalRef: RefObject<HTMLDialogElement | null>;
  /** From `useModal`: closes the dialog (and so calls `onClose`). */
  close: () => void;
  title: string;
  /** The heading's id, where the content refers to it too; a fresh one otherwise. */
  titleId?: string;
  titleClassName?: string;
  /** A small line above the title ("Secure payment"). */
  eyebrow?: ReactNode;
  /** Under the title (badges, an address, an e-mail). */
  subtitle?: ReactNode;
  width?: keyof typeof widths;
  /** A click outside the box closes the dialog. */
  backdrop?: boolean;
  /** Runs once the dialog has closed, however it was closed. */
  onClose: () => void;
  /** The bar of buttons under a rule at the foot of the box, right-aligned. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = titleId ?? `${ownId}title`;
  return (
    <dialog ref={modalRef} className="modal" aria-labelledby={headingId} onClose={onClose}>
      <div className={`modal-box max-h-[90vh] w-11/12 ${widths[width]} space-y-4 overflow-y-auto p-4 sm:p-6`}>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            {eyebrow}
            <h2 id={headingId} className={titleClassName}>
              {title}
            </h2>
            {subtitle}
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close" onClick={close} ref={markAutofocus}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {children}
        {footer && <div className="flex flex-wrap items-center justify-end gap-2 border-t border-base-300 pt-4">{footer}</div>}
      </div>
      {backdrop && (
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1} aria-label="Close">
            close
          </button>
        </form>
      )}
    </dialog>
  );
}
