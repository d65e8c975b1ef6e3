/**
 * What the owner's order actions share: finding the order by its number, and answering it as the
 * portal shows it once a change is written and its e-mail on its way.
 */
import { adminOrderRow } from "../db/admin-orders.server";
import type { CurrentAdmin } from "../db/admins.server";
import { orderForAdmin, unknownOrder } from "../reads/admin-orders.server";
import type { AdminOrderDetail } from "../shared/admin-orders";
import type { ActionDeps } from "./action";

export { unknownOrder };

/** The id of the order with this number, or a 404. */
export function orderIdOf(deps: Pick<ActionDeps, "db">, orderNumber: string): number {
  const row = adminOrderRow(deps.db, orderNumber);
  if (!row) throw unknownOrder();
  return row.id;
}

/** After a change: the outbox woken for its e-mail, and the order as `admin` now sees it. */
export function changedOrder(deps: ActionDeps, orderNumber: string, admin: Pick<CurrentAdmin, "role">): AdminOrderDetail {
  deps.outbox.kick();
  return orderForAdmin(deps, orderNumber, admin);
}
