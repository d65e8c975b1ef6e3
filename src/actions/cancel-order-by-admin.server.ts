/**
 * The business cancels a shop order (POST /api/admin/orders/{orderNumber}/cancel): its stock back
 * on the shelf exactly once (decision 016), the history row, the audit entry and the customer's
 * e-mail in one transaction (`cancelOrder`). A paid order is only ever refunded (decision 026).
 */
import { adminOrderRow } from "../db/admin-orders.server";
import type { CurrentAdmin } from "../db/admins.server";
import { cancelOrder } from "../db/orders.server";
import { orderCancelMail } from "../mail/order-mail.server";
import { HttpError } from "../server/errors";
import type { AdminOrderDetail } from "../shared/admin-orders";
import { changedOrder, orderIdOf, unknownOrder } from "./admin-order.server";
import type { OrderActionDeps } from "./change-order.server";

/** Cancels order `orderNumber` for `admin`, with their `note` in its history; answers the order, or throws 404 or 409. */
export function cancelOrderByAdmin(
  deps: OrderActionDeps,
  admin: CurrentAdmin,
  orderNumber: string,
  note: string | undefined,
  now = new Date(),
): AdminOrderDetail {
  const by = { actor: "admin" as const, adminId: admin.id, note, audit: admin };
  const result = cancelOrder(deps.db, orderIdOf(deps, orderNumber), by, now, orderCancelMail(deps, "admin"));
  if (!result.ok) {
    if (result.reason === "not_found") throw unknownOrder();
    // Read again after the refusal: the order may have moved on since the owner's page showed it.
    const order = adminOrderRow(deps.db, orderNumber);
    if (order?.paymentStatus === "paid") throw new HttpError(409, "not_allowed", "A paid order cannot be cancelled; it can only be refunded.");
    throw new HttpError(409, "not_allowed", `A ${order?.status ?? "closed"} order cannot be cancelled; a paid one can only be refunded.`);
  }
  return changedOrder(deps, orderNumber, admin);
}
