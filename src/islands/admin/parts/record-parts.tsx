/**
 * What the dialogs of one record (an order, a booking, an enquiry, a referrer) share inside their
 * `DialogFrame`: the skeleton or alert while the record loads, a labelled pair of a definition
 * list, a titled section under a rule, and the bar under a step that asks to be confirmed (a way
 * back, then the confirming button).
 */
import type { ReactNode, RefObject } from "react";

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

/** The skeleton while a dialog's record loads, and `failedText` as an alert when it could not be. */
export function RecordLoading({ pending, failed, failedText }: { pending: boolean; failed: boolean; failedText: string }) {
  return (
    <>
      {pending && <div className="skeleton h-64 w-full" aria-hidden="true" />}
      {failed && (
        <p role="alert" className="text-error">
          {failedText}
        </p>
      )}
    </>
  );
}

/**
 * A section of a record dialog under a rule. Its heading takes the focus (through `headingRef`)
 * when the button that was pressed inside it goes away.
 */
export function RecordSection({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3 border-t border-base-300 pt-4" aria-labelledby={id}>
      <h3 ref={headingRef} tabIndex={-1} id={id} className="font-semibold outline-none">
        {title}
      </h3>
      {children}
    </section>
  );
}
