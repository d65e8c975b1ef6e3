/**
 * The owner's shop orders (behind requireAdmin):
 *
 *   GET  /api/admin/orders?status=&payment=&search=&page=   one page, newest first, with the total
 *   GET  /api/admin/orders.csv?status=&payment=&search=           every matching order, as CSV
 *   GET  /api/admin/orders/{orderNumber}                     the order with customer, payments, history, actions
 *   POST /api/admin/orders/{orderNumber}/mark-paid  { note? }
 *   POST /api/admin/orders/{orderNumber}/verify     { note? }
 *   POST /api/admin/orders/{orderNumber}/ship       { trackingNumber, note? }
 *   POST /api/admin/orders/{orderNumber}/deliver    { note? }
 *   POST /api/admin/orders/{orderNumber}/cancel     { note? }   stock back on the shelf
 *   POST /api/admin/orders/{orderNumber}/refund     { note? }   through PayPal first when paid that way;
 *                                                               needs a recent password (403 reauth_required, decision 027)
 *
 * Each change goes through the transition table (changeOrder / cancelOrder), queues the customer's
 * e-mail in the same transaction and answers the updated order. 400 for a bad body, 404 for an
 * unknown order, 409 with the reason when the change is not allowed now (nothing changes), 502 when
 * PayPal refuses or cannot be reached for a refund (nothing changes).
 */
import { type Context, Hono } from "hono";
import { type AdminOrderExportRow, adminOrderDetail, adminOrderRow, exportAdminOrders, listAdminOrders } from "../../db/admin-orders.server";
import { getSettings } from "../../db/settings.server";
import { isoWithOffset } from "../../domain/timezone";
import type { CurrentAdmin } from "../../db/admins.server";
import { type AdminRole, orderActionsFor } from "../../domain/admin-roles";
import { cancelOrder, changeOrder, type ChangeOrderResult, type OrderChange } from "../../db/orders.server";
import { orderRefunds } from "../../payments/refund.server";
import type { AppDeps } from "../../server/deps";
import { HttpError, notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { requireReauth } from "../../server/middleware/require-reauth";
import { orderMailContext } from "../../server/checkout.server";
import { type CsvColumn, csvStreamResponse } from "../../server/csv";
import { validJson, validQuery } from "../../server/validate";
import { type AdminOrderDetail, adminOrderNoteSchema, adminOrderShipSchema, adminOrdersList } from "../../shared/admin-orders";

/** The order number in the path: routing lowercases paths (canonical-path.ts), order numbers are upper case. */
const orderNumberOf = (c: Context) => (c.req.param("orderNumber") ?? "").toUpperCase();

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

const unknownOrder = () => notFound("There is no such order.");
const notAllowed = (message: string) => new HttpError(409, "not_allowed", message);

export function adminOrdersApi(deps: AppDeps) {
  const refundOrder = orderRefunds(deps);
  const mailContext = () => orderMailContext(deps);

  /** The order's id, or a 404. */
  function orderId(orderNumber: string): number {
    const row = adminOrderRow(deps.db, orderNumber);
    if (!row) throw unknownOrder();
    return row.id;
  }

  /** The order as the owner now sees it, once the change is written and its e-mail on its way. */
  function changed(orderNumber: string): AdminOrderDetail {
    deps.outbox.kick();
    const detail = adminOrderDetail(deps.db, orderNumber);
    if (!detail) throw unknownOrder();
    return detail;
  }

  function assertChanged(result: ChangeOrderResult) {
    if (result.ok) return;
    if (result.reason === "not_found") throw unknownOrder();
    throw notAllowed(result.message);
  }

  function change(orderNumber: string, admin: CurrentAdmin, what: OrderChange): AdminOrderDetail {
    assertChanged(changeOrder(deps.db, orderId(orderNumber), what, { actor: "admin", adminId: admin.id, audit: admin }, new Date(), mailContext()));
    return forRole(changed(orderNumber), admin.role);
  }

  /** The order as this admin may act on it: staff are not offered the refund (decision 040). */
  function forRole(detail: AdminOrderDetail, role: AdminRole): AdminOrderDetail {
    return { ...detail, actions: orderActionsFor(role, detail.actions) };
  }

  return new Hono<AdminEnv>()
    .get("/orders", validQuery(adminOrdersList.schema), (c) => c.json(listAdminOrders(deps.db, c.req.valid("query"))))
    .get("/orders.csv", validQuery(adminOrdersList.schema), (c) =>
      // Every matching order: written as the client reads it, a batch at a time (csv.ts).
      csvStreamResponse(
        `orders-${new Date().toISOString().slice(0, 10)}.csv`,
        csvColumns(getSettings(deps.db).timezone),
        exportAdminOrders(deps.db, c.req.valid("query")),
      ),
    )
    .get("/orders/:orderNumber", (c) => {
      const detail = adminOrderDetail(deps.db, orderNumberOf(c));
      if (!detail) throw unknownOrder();
      return c.json(forRole(detail, c.get("admin").role));
    })
    .post("/orders/:orderNumber/mark-paid", validJson(adminOrderNoteSchema), (c) =>
      c.json(change(orderNumberOf(c), c.get("admin"), { kind: "mark_paid", note: c.req.valid("json").note || undefined })),
    )
    .post("/orders/:orderNumber/verify", validJson(adminOrderNoteSchema), (c) =>
      c.json(change(orderNumberOf(c), c.get("admin"), { kind: "verify", note: c.req.valid("json").note || undefined })),
    )
    .post("/orders/:orderNumber/ship", validJson(adminOrderShipSchema), (c) => {
      const { trackingNumber, note } = c.req.valid("json");
      return c.json(change(orderNumberOf(c), c.get("admin"), { kind: "ship", trackingNumber, note: note || undefined }));
    })
    .post("/orders/:orderNumber/deliver", validJson(adminOrderNoteSchema), (c) =>
      c.json(change(orderNumberOf(c), c.get("admin"), { kind: "deliver", note: c.req.valid("json").note || undefined })),
    )
    .post("/orders/:orderNumber/cancel", validJson(adminOrderNoteSchema), (c) => {
      const orderNumber = orderNumberOf(c);
      const note = c.req.valid("json").note || undefined;
      const result = cancelOrder(
        deps.db,
        orderId(orderNumber),
        { actor: "admin", adminId: c.get("admin").id, note, audit: c.get("admin") },
        new Date(),
        mailContext(),
      );
      if (!result.ok) {
        if (result.reason === "not_found") throw unknownOrder();
        const order = adminOrderRow(deps.db, orderNumber);
        if (order?.paymentStatus === "paid") throw notAllowed("A paid order cannot be cancelled; it can only be refunded.");
        throw notAllowed(`A ${order?.status ?? "closed"} order cannot be cancelled; a paid one can only be refunded.`);
      }
      return c.json(changed(orderNumber));
    })
    .post("/orders/:orderNumber/refund", requireReauth(), validJson(adminOrderNoteSchema), async (c) => {
      const orderNumber = orderNumberOf(c);
      const result = await refundOrder(orderNumber, c.get("admin"), c.req.valid("json").note || undefined);
      if (!result.ok && result.reason === "paypal") throw new HttpError(502, result.code, result.message);
      assertChanged(result);
      return c.json(changed(orderNumber));
    });
}
