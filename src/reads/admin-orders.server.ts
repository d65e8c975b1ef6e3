/**
 * What the owner sees of shop orders: a page of the list, and every matching order as the
 * accountant's CSV; one order with its customer, payments, history and the actions `admin` may take
 * (`orderForAdmin`), which the order actions answer with too.
 */
import type { CurrentAdmin } from "../db/admins.server";
import { type AdminOrderExportRow, adminOrderDetail, exportAdminOrders, listAdminOrders } from "../db/admin-orders.server";
import { orderActionsFor } from "../domain/admin-roles";
import { notFound } from "../server/errors";
import { getSettings } from "../db/settings.server";
import { isoWithOffset } from "../domain/timezone";
import { type CsvColumn, datedCsvName } from "../server/csv";
import type { AdminOrderDetail, AdminOrderList, AdminOrdersQuery } from "../shared/admin-orders";
import type { ReadDeps } from "./read";

/** The orders CSV: its file name (the day it was made), its columns and its rows, a batch at a time. */
export type AdminOrdersCsv = { filename: string; columns: CsvColumn<AdminOrderExportRow>[]; batches: AsyncGenerator<AdminOrderExportRow[], void, undefined> };

const csvColumns = (timeZone: string): CsvColumn<AdminOrderExportRow>[] => [
  { header: "Order number", value: (o) => o.orderNumber },
  { header: "Placed", value: (o) => isoWithOffset(new Date(o.createdAt), timeZone) },
  { header: "Customer", value: (o) => o.customerName },
  { header: "E-mail", value: (o) => o.customerEmail },
  { header: "Status", value: (o) => o.status },
  { header: "Payment status", value: (o) => o.paymentStatus },
  { header: "Payment method", value: (o) => o.paymentMethod },
  { header: "Items", value: (o) => o.itemCount },
  { header: "Subtotal", value: (o) => o.subtotal },
  { header: "Discount", value: (o) => o.discountAmount },
  { header: "Shipping", value: (o) => o.shippingAmount },
  { header: "GST", value: (o) => o.taxAmount },
  { header: "Total", value: (o) => o.totalAmount },
  { header: "Currency", value: (o) => o.currency },
  { header: "Tracking number", value: (o) => o.trackingNumber },
];

/** The 404 of an order number that names no order. */
export const unknownOrder = () => notFound("There is no such order.");

/** The order as `admin` may act on it: staff are not offered the refund (decision 040). */
export function orderForAdmin(deps: ReadDeps, orderNumber: string, admin: Pick<CurrentAdmin, "role">): AdminOrderDetail {
  const detail = adminOrderDetail(deps.db, orderNumber);
  if (!detail) throw unknownOrder();
  return { ...detail, actions: orderActionsFor(admin.role, detail.actions) };
}

/** One page of orders matching `query`, newest first, with the total. */
export function adminOrdersPage(deps: ReadDeps, query: AdminOrdersQuery): AdminOrderList {
  return listAdminOrders(deps.db, query);
}

/** Every order matching `query`, for the accountant: instants in the business's time zone, read a batch at a time as the file is written. */
export function adminOrdersCsv(deps: ReadDeps, query: AdminOrdersQuery, now = new Date()): AdminOrdersCsv {
  return { filename: datedCsvName("orders", now), columns: csvColumns(getSettings(deps.db).timezone), batches: exportAdminOrders(deps.db, query) };
}
