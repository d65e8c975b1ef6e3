/** The customer's orders (/orders), newest first, each linking to its page. */
import { Layout } from "../components/Layout";
import { StatusBadge } from "../components/StatusBadge";
import type { SiteData } from "../components/site";
import { formatInstantDate, formatMoney } from "../domain/format";
import { orderPagePath, type OrderSummaryView } from "../shared/orders";
import { methodLabel } from "./order";
import type { PageDefinition } from "./page";
import { BackLink } from "../components/BackLink";

/** One order in a list: number, date, items, total and status; shared with the dashboard. */
export function OrderSummaryRow({ order, timeZone }: { order: OrderSummaryView; timeZone: string }) {
  return (
    <li className="py-3" data-testid="order-summary">
      {/* The amount keeps the row's right edge at every width (no wrapping under the number), in
          tabular figures so the totals line up down the list. */}
      <div className="flex items-baseline justify-between gap-3">
        <a href={orderPagePath(order.orderNumber)} className="link min-w-0 font-mono font-semibold break-all">
          {order.orderNumber}
        </a>
        <p className="shrink-0 text-right font-semibold tabular-nums" data-testid="order-total">
          {formatMoney(order.totalAmount, order.currency)}
        </p>
      </div>
      <div className="mt-1 flex flex-col items-start gap-1">
        <p className="text-sm text-base-content/80">
          {`${formatInstantDate(order.createdAt, timeZone)} · ${order.itemCount} ${order.itemCount === 1 ? "item" : "items"} · ${methodLabel(order.paymentMethod)}`}
        </p>
        <StatusBadge kind="order" status={order.status} className="badge-sm" />
      </div>
    </li>
  );
}

export function ordersPage(site: SiteData, orders: OrderSummaryView[]): PageDefinition {
  return {
    path: "/orders",
    title: `Your Orders | ${site.settings.businessName}`,
    description: "Every order you have placed in our shop.",
    noindex: true,
    body: (
      <Layout site={site} active="/dashboard">
        <div className="mx-auto max-w-4xl px-4 py-10">
          <BackLink href="/dashboard">Back to dashboard</BackLink>
          <h1 className="mt-2 mb-6 text-3xl font-bold">Your Orders</h1>
          {orders.length === 0 ? (
            <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
              <p className="text-lg font-semibold">No orders yet</p>
              <a href="/shop" className="btn btn-primary mt-6">
                Browse the Equipment Shop
              </a>
            </div>
          ) : (
            <ul className="divide-y divide-base-300 border-y border-base-300">
              {orders.map((o) => (
                <OrderSummaryRow key={o.orderNumber} order={o} timeZone={site.settings.timezone} />
              ))}
            </ul>
          )}
        </div>
      </Layout>
    ),
  };
}
