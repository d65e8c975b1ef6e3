/**
 * The page of orders: a table from the `md` breakpoint, a card per order below it (readable at
 * 360 px). Each order number is a button that opens the order's dialog. Its date carries the year
 * only when it is not this year; its badges read its status and payment together.
 */
import { formatListInstantDate, formatMoney } from "../../../domain/format";
import type { AdminOrderRow } from "../../../shared/admin-orders";
import { DialogButton } from "../parts/DialogButton";
import { ResponsiveList } from "../parts/ResponsiveList";
import { OrderBadges } from "./OrderBadges";

export type OpenOrder = (orderNumber: string, trigger: HTMLButtonElement) => void;

function OpenButton({ order, onOpen, className }: { order: AdminOrderRow; onOpen: OpenOrder; className: string }) {
  return (
    <DialogButton className={className} label={`Order ${order.orderNumber}`} onOpen={(trigger) => onOpen(order.orderNumber, trigger)}>
      <span className="font-mono">{order.orderNumber}</span>
    </DialogButton>
  );
}

export function OrdersList({ rows, timeZone, onOpen }: { rows: AdminOrderRow[]; timeZone: string; onOpen: OpenOrder }) {
  return (
    <ResponsiveList
      label="Orders"
      columns={["Order", "Date", "Customer", "Total", "Status"]}
      rows={rows}
      rowKey={(o) => o.orderNumber}
      rowTestId="order-row"
      cardTestId="order-card"
      row={(o) => (
        <>
          <th scope="row">
            <OpenButton order={o} onOpen={onOpen} className="link link-primary whitespace-nowrap" />
          </th>
          <td className="whitespace-nowrap">{formatListInstantDate(o.createdAt, timeZone)}</td>
          <td>
            <span className="flex flex-col">
              <span>{o.customerName}</span>
              {o.customerEmail && <span className="text-xs break-all text-base-content/80">{o.customerEmail}</span>}
            </span>
          </td>
          <td className="whitespace-nowrap">{formatMoney(o.totalAmount, o.currency)}</td>
          <td>
            <OrderBadges order={o} />
          </td>
        </>
      )}
      card={(o) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <OpenButton order={o} onOpen={onOpen} className="btn btn-sm btn-outline" />
            <span className="font-semibold">{formatMoney(o.totalAmount, o.currency)}</span>
          </div>
          <p className="text-sm break-words">
            {o.customerName}
            {o.customerEmail && <span className="block text-xs break-all text-base-content/80">{o.customerEmail}</span>}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-base-content/80">{formatListInstantDate(o.createdAt, timeZone)}</span>
            <OrderBadges order={o} className="contents" />
          </div>
        </>
      )}
    />
  );
}
