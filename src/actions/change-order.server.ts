/**
 * The business moves a shop order on (POST /api/admin/orders/{orderNumber}/mark-paid, verify, ship,
 * deliver), as the order's transition table allows (`domain/order.ts`): the change, its history
 * row, the audit entry and the customer's e-mail (once per order and state, decision 058), in one
 * transaction (`changeOrder`).
 */
import type { CurrentAdmin } from "../db/admins.server";
import { changeOrder, type OrderChange } from "../db/orders.server";
import { orderChangeMail } from "../mail/order-mail.server";
import type { AppDeps } from "../server/deps";
import { HttpError } from "../server/errors";
import type { AdminOrderDetail } from "../shared/admin-orders";
import type { ActionDeps } from "./action";
import { changedOrder, orderIdOf, unknownOrder } from "./admin-order.server";

/** What the order actions work with: order e-mails carry sealed links, so they need the secrets too. */
export type OrderActionDeps = ActionDeps & Pick<AppDeps, "secrets">;

/** The owner's changes of an order other than cancelling and refunding, which have actions of their own. */
export type OwnerOrderChange = Exclude<OrderChange, { kind: "refund" }>;

/** Applies `change` to order `orderNumber` for `admin`; answers the order as they now see it, or throws 404 or 409 with the table's reason. */
export function changeOrderByAdmin(
  deps: OrderActionDeps,
  admin: CurrentAdmin,
  orderNumber: string,
  change: OwnerOrderChange,
  now = new Date(),
): AdminOrderDetail {
  const by = { actor: "admin" as const, adminId: admin.id, audit: admin };
  // Who sighted the ID is whoever is signed in and says so, never a name from the request.
  const applied: OwnerOrderChange = change.kind === "verify" ? { ...change, verifiedBy: admin.username } : change;
  const result = changeOrder(deps.db, orderIdOf(deps, orderNumber), applied, by, now, orderChangeMail(deps, change.kind));
  if (!result.ok) {
    if (result.reason === "not_found") throw unknownOrder();
    throw new HttpError(409, "not_allowed", result.message);
  }
  return changedOrder(deps, orderNumber, admin);
}
