/**
 * What the dialogs of one record (an order, a booking, an enquiry, a referrer) share: the modal
 * with its title, a line of badges or details under it and the Close button; a labelled pair of a
 * definition list; and the bar under a step that asks to be confirmed (a way back, then the
 * confirming button).
 */
import type { ReactNode, RefObject } from "react";

export function RecordDialog({
  modalRef,
  titleId,
  title,
  titleClassName = "text-xl font-bold",
  subtitle,
  onClose,
  close,
  backdrop = true,
  children,
}: {
  /** From `useModal`. */
  modalRef: RefObject<HTMLDialogElement | null>;
  titleId: string;
  title: string;
  titleClassName?: string;
  /** Under the title (badges, an address). */
  subtitle?: ReactNode;
  onClose: () => void;
  /** From `useModal`: closes the dialog (and so calls `onClose`). */
  close: () => void;
  /** A click outside the box closes the dialog. */
  backdrop?: boolean;
  children: ReactNode;
}) {
  return (
    <dialog ref={modalRef} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-h-[90vh] w-11/12 max-w-2xl space-y-4 overflow-y-auto p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h2 id={titleId} className={titleClassName}>
              {title}
            </h2>
            {subtitle}
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close" onClick={close}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {children}
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

/** One term and its value in a `<dl>`. */
export function DetailRow({
  label,
  labelClassName = "font-semibold",
  className,
  children,
}: {
  label: string;
  labelClassName?: string;
  /** Classes for the value. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className={labelClassName}>{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

/** The buttons under a step to confirm: `backLabel` returns to the record, `children` confirm. */
export function StepActions({
  backLabel,
  onBack,
  backDisabled,
  children,
}: {
  backLabel: string;
  onBack: () => void;
  backDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button type="button" className="btn btn-ghost btn-sm" disabled={backDisabled} onClick={onBack}>
        {backLabel}
      </button>
      {children}
    </div>
  );
}
