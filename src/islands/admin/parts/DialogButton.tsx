/** A button that opens a dialog: it says so to screen readers and hands itself to `onOpen`, so focus returns to it on close. */
import type { ReactNode } from "react";

export function DialogButton({
  className,
  label,
  onOpen,
  children,
}: {
  className: string;
  /** The accessible name when the visible text alone does not say what opens. */
  label?: string;
  onOpen: (trigger: HTMLButtonElement) => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-haspopup="dialog" aria-label={label} onClick={(e) => onOpen(e.currentTarget)}>
      {children}
    </button>
  );
}
