/** The "Order Summary" card beside the cart and the checkout, and the amount rows of an order's totals. */
import type { ReactNode } from "react";

/** The card beside a list of items that sums it up, labelled by its heading (`{id}-title`). */
export function OrderSummaryCard({ id, children }: { id: string; children: ReactNode }) {
  return (
    <aside aria-labelledby={`${id}-title`} className="card h-fit border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title">
          Order Summary
        </h2>
        {children}
      </div>
    </aside>
  );
}

/** One row of a list of totals (`<dl>`): the label and its amount at either end of the line. */
export function AmountRow({
  label,
  className,
  amountClassName,
  testId,
  children,
}: {
  label: string;
  /** Extra classes for the row (the total's weight, a discount's colour). */
  className?: string;
  amountClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `flex justify-between gap-4 ${className}` : "flex justify-between gap-4"}>
      <dt>{label}</dt>
      <dd className={amountClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
