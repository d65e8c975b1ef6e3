/**
 * What the owner sees of shop orders: a page of the list (its export is admin-orders-export.server.ts);
 * one order with its customer, payments, history and the actions `admin` may take
 * (`orderForAdmin`), which the order actions answer with too.
 */
import type { CurrentAdmin } from "../db/admins.server";
import { adminOrderDetail, listAdminOrders } from "../db/admin-orders.server";
import { orderActionsFor } from "../domain/admin-roles";
import { notFound } from "../server/errors";
import type { AdminOrderDetail, AdminOrderList, AdminOrdersQuery } from "../shared/admin-orders";
import type { ReadDeps } from "./read";

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
