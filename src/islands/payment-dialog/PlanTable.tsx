/**
 * A booking's payment plan as a table: each instalment's number, amount, due date and state (paid
 * on which day with its invoice, due today, overdue since when, upcoming, cancelled, refunded). The
 * booking's page renders it on the server; the booking record in the back office adds the owner's
 * "Mark paid" through `action`. On a phone the due date goes under the number, so three narrow
 * columns fit 360 px.
 */
import type { ReactNode } from "react";
import { StatusBadge } from "../../components/StatusBadge";
import { formatMoney } from "../../domain/format";
import type { PlanInstalmentView, PlanView } from "../../shared/payment-plan";
import { dueDateText, instalmentStatusText } from "./plan-text";

export type PlanTableProps = {
  plan: PlanView;
  /** The business's time zone (settings), for the day an instalment was paid. */
  timeZone: string;
  /** Where a paid instalment's invoice is, when it has one. */
  invoiceHref?: (instalment: PlanInstalmentView) => string | null;
  /** Something to do with an instalment (the owner's "Mark paid"), shown under its state. */
  action?: (instalment: PlanInstalmentView) => ReactNode;
  caption: string;
  now?: Date;
};

export function PlanTable({ plan, timeZone, invoiceHref, action, caption, now }: PlanTableProps) {
  return (
    // Plain cells rather than daisyUI's table, whose padding would win over these narrow ones.
    <table className="w-full border-collapse text-sm" data-testid="plan-table">
      <caption className="pb-2 text-start font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-base-300 text-xs text-base-content/80">
          <th scope="col" className="px-1 py-2 text-start sm:px-3">
            Payment<span className="sm:hidden">, due</span>
          </th>
          <th scope="col" className="px-1 py-2 text-end sm:px-3">
            Amount
          </th>
          <th scope="col" className="hidden px-1 py-2 text-start sm:table-cell sm:px-3">
            Due
          </th>
          <th scope="col" className="px-1 py-2 text-start sm:px-3">
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {plan.instalments.map((i) => {
          const href = i.status === "paid" && i.invoiceNumber ? (invoiceHref?.(i) ?? null) : null;
          const extra = action?.(i);
          return (
            <tr key={i.number} className="border-b border-base-300 last:border-b-0 align-top" data-testid="plan-instalment" data-status={i.status}>
              <th scope="row" className="px-1 py-2 text-start font-normal whitespace-nowrap sm:px-3">
                {`${i.number} of ${plan.count}`}
                {/* On a phone the due date sits under the number, so the state has room beside it. */}
                <span className="block text-xs text-base-content/80 sm:hidden">{dueDateText(i.dueOn)}</span>
              </th>
              <td className="px-1 py-2 text-end whitespace-nowrap tabular-nums sm:px-3">{formatMoney(i.amount, plan.currency)}</td>
              <td className="hidden px-1 py-2 whitespace-nowrap sm:table-cell sm:px-3">{dueDateText(i.dueOn)}</td>
              <td className="px-1 py-2 sm:px-3">
                <StatusBadge kind="instalment" status={i.status} className="h-auto min-h-5 whitespace-normal text-start" testId="instalment-status">
                  {instalmentStatusText(i, timeZone, now)}
                </StatusBadge>
                {href && (
                  <a href={href} className="link mt-1 block text-sm">
                    {`Invoice ${i.invoiceNumber}`}
                  </a>
                )}
                {extra && <div className="mt-1">{extra}</div>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
