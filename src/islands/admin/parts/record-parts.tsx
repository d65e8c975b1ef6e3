/**
 * What the dialogs of one record (an order, a booking, an enquiry, a referrer) share inside their
 * `DialogFrame`: a labelled pair of a definition list, and the bar under a step that asks to be
 * confirmed (a way back, then the confirming button).
 */
import type { ReactNode } from "react";

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
