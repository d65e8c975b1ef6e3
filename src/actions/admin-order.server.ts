/**
 * What the owner's order actions share: finding the order by its number, and answering it as the
 * portal shows it once a change is written and its e-mail on its way.
 */
import { adminOrderDetail, adminOrderRow } from "../db/admin-orders.server";
import type { CurrentAdmin } from "../db/admins.server";
import { orderActionsFor } from "../domain/admin-roles";
import { notFound } from "../server/errors";
import type { AdminOrderDetail } from "../shared/admin-orders";
import type { ActionDeps } from "./action";

/** The 404 of an order number that names no order. */
export const unknownOrder = () => notFound("There is no such order.");

/** The id of the order with this number, or a 404. */
export function orderIdOf(deps: Pick<ActionDeps, "db">, orderNumber: string): number {
  const row = adminOrderRow(deps.db, orderNumber);
  if (!row) throw unknownOrder();
  return row.id;
}

/** The order as `admin` may act on it: staff are not offered the refund (decision 040). */
export function orderForAdmin(deps: Pick<ActionDeps, "db">, orderNumber: string, admin: Pick<CurrentAdmin, "role">): AdminOrderDetail {
  const detail = adminOrderDetail(deps.db, orderNumber);
  if (!detail) throw unknownOrder();
  return { ...detail, actions: orderActionsFor(admin.role, detail.actions) };
}

/** After a change: the outbox woken for its e-mail, and the order as `admin` now sees it. */
export function changedOrder(deps: ActionDeps, orderNumber: string, admin: Pick<CurrentAdmin, "role">): AdminOrderDetail {
  deps.outbox.kick();
  return orderForAdmin(deps, orderNumber, admin);
}
