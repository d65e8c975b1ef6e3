/**
 * The orders list as a file (decision 073): every order matching the list's filters and search,
 * with what the owner packs and posts from (the items by name and quantity, the address, the phone),
 * the money in the order's currency, and the tracking. Read a batch at a time from one snapshot.
 */
import { type AdminOrderExportRow, exportAdminOrders } from "../db/admin-orders.server";
import type { Address } from "../db/schema";
import { getSettings } from "../db/settings.server";
import type { ExportColumn, ListExport } from "../server/export-columns";
import { paymentMethodLabels, type OrderPaymentMethod } from "../shared/checkout";
import type { AdminOrdersQuery } from "../shared/admin-orders";
import { type Carrier, carrierLabels, orderStatusLabels, paymentStatusLabels } from "../shared/orders";
import type { ReadDeps } from "./read";

/** The address on one line, as a label is written: "12 Main St, Unit 4, Adelaide SA 5000". */
function oneLine(a: Address): string {
  return [a.line1, a.line2, [a.city, a.state, a.postcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

const columns: ExportColumn<AdminOrderExportRow>[] = [
  { header: "Order number", kind: "text", value: (o) => o.orderNumber, width: 16 },
  { header: "Placed", kind: "instant", value: (o) => new Date(o.createdAt) },
  { header: "Customer", kind: "text", value: (o) => o.customerName, width: 22 },
  { header: "E-mail", kind: "text", value: (o) => o.customerEmail, width: 28 },
  { header: "Phone", kind: "text", value: (o) => o.shippingAddress.phone, width: 16 },
  { header: "Items", kind: "text", value: (o) => o.items, width: 40 },
  { header: "Item count", kind: "count", value: (o) => o.itemCount },
  { header: "Ship to", kind: "text", value: (o) => o.shippingAddress.name, width: 22 },
  { header: "Shipping address", kind: "text", value: (o) => oneLine(o.shippingAddress), width: 40 },
  { header: "Subtotal", kind: "money", value: (o) => o.subtotal },
  { header: "Discount", kind: "money", value: (o) => o.discountAmount },
  { header: "Shipping", kind: "money", value: (o) => o.shippingAmount },
  { header: "GST", kind: "money", value: (o) => o.taxAmount },
  { header: "Total", kind: "money", value: (o) => o.totalAmount },
  { header: "Currency", kind: "text", value: (o) => o.currency, width: 9 },
  { header: "Status", kind: "text", value: (o) => orderStatusLabels[o.status] ?? o.status, width: 24 },
  { header: "Payment", kind: "text", value: (o) => paymentStatusLabels[o.paymentStatus] ?? o.paymentStatus, width: 14 },
  {
    header: "Payment method",
    kind: "text",
    value: (o) => (o.paymentMethod ? (paymentMethodLabels[o.paymentMethod as OrderPaymentMethod] ?? o.paymentMethod) : null),
  },
  { header: "Carrier", kind: "text", value: (o) => (o.carrier ? (carrierLabels[o.carrier as Carrier] ?? o.carrier) : null) },
  { header: "Tracking number", kind: "text", value: (o) => o.trackingNumber, width: 22 },
];

/** Every order matching `query` (every page), newest first, its instants on the business's clock. */
export function adminOrdersExport(deps: ReadDeps, query: AdminOrdersQuery): ListExport<AdminOrderExportRow> {
  return { list: "orders", sheet: "Orders", timeZone: getSettings(deps.db).timezone, columns, batches: exportAdminOrders(deps.db, query) };
}
