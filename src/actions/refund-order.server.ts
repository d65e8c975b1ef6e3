/**
 * The owner refunds a shop order (POST /api/admin/orders/{orderNumber}/refund, after the password
 * again, decision 027): through PayPal first when it was paid that way, then the order and its
 * payments marked refunded with the audit entry and the customer's e-mail in one transaction. The
 * sequence lives in `payments/refund.server.ts`; this turns its outcome into the answer.
 */
import type { CurrentAdmin } from "../db/admins.server";
import { orderRefunds } from "../payments/refund.server";
import { HttpError } from "../server/errors";
import type { AdminOrderDetail } from "../shared/admin-orders";
import { changedOrder, unknownOrder } from "./admin-order.server";
import type { OrderActionDeps } from "./change-order.server";

/** Refunds order `orderNumber` for `admin`; answers the order, or throws 404, 409, or 502 when PayPal did not refund (nothing changed). */
export type RefundOrderByAdmin = (admin: CurrentAdmin, orderNumber: string, note: string | undefined) => Promise<AdminOrderDetail>;

/** The refund action, made once per app so every refund goes through one PayPal client (it keeps its token). */
export function refundOrderByAdmin(deps: OrderActionDeps): RefundOrderByAdmin {
  const refund = orderRefunds(deps);
  return async (admin, orderNumber, note) => {
    const result = await refund(orderNumber, admin, note);
    if (!result.ok) {
      if (result.reason === "paypal") throw new HttpError(502, result.code, result.message);
      if (result.reason === "not_found") throw unknownOrder();
      throw new HttpError(409, "not_allowed", result.message);
    }
    return changedOrder(deps, orderNumber, admin);
  };
}
