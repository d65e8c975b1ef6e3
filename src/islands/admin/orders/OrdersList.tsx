/**
 * The page of orders: a table from the `md` breakpoint, a card per order below it (readable at
 * 360 px). Each order number is a button that opens the order's dialog.
 */
import type { MouseEvent } from "react";
import { formatInstantDate, formatMoney } from "../../../domain/format";
import type { AdminOrderRow } from "../../../shared/admin-orders";
import { PaymentBadge, StatusBadge } from "./badges";

export type OpenOrder = (orderNumber: string, trigger: HTMLButtonElement) => void;

function OpenButton({ order, onOpen, className }: { order: AdminOrderRow; onOpen: OpenOrder; className: string }) {
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      aria-label={`Order ${order.orderNumber}`}
      onClick={(e: MouseEvent<HTMLButtonElement>) => onOpen(order.orderNumber, e.currentTarget)}
    >
      <span className="font-mono">{order.orderNumber}</span>
    </button>
  );
}

export function OrdersList({ rows, timeZone, onOpen }: { rows: AdminOrderRow[]; timeZone: string; onOpen: OpenOrder }) {
  return (
    <>
      {/* "table" is also Tailwind's display utility, so the wrapper hides it on narrow screens. */}
      <div className="hidden md:block">
        <table className="table">
          <caption className="sr-only">Orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Customer</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.orderNumber} data-testid="order-row">
                <th scope="row">
                  <OpenButton order={o} onOpen={onOpen} className="link link-primary whitespace-nowrap" />
                </th>
                <td className="whitespace-nowrap">{formatInstantDate(o.createdAt, timeZone)}</td>
                <td>
                  <span className="flex flex-col">
                    <span>{o.customerName}</span>
                    {o.customerEmail && <span className="text-xs break-all text-base-content/80">{o.customerEmail}</span>}
                  </span>
                </td>
                <td className="whitespace-nowrap">{formatMoney(o.totalAmount)}</td>
                <td>
                  <StatusBadge status={o.status} />
                </td>
                <td>
                  <PaymentBadge status={o.paymentStatus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-base-300 md:hidden" aria-label="Orders">
        {rows.map((o) => (
          <li key={o.orderNumber} className="space-y-2 p-4" data-testid="order-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <OpenButton order={o} onOpen={onOpen} className="btn btn-sm btn-outline" />
              <span className="font-semibold">{formatMoney(o.totalAmount)}</span>
            </div>
            <p className="text-sm break-words">
              {o.customerName}
              {o.customerEmail && <span className="block text-xs break-all text-base-content/80">{o.customerEmail}</span>}
            </p>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-base-content/80">{formatInstantDate(o.createdAt, timeZone)}</span>
              <StatusBadge status={o.status} />
              <PaymentBadge status={o.paymentStatus} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
