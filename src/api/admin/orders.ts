/**
 * The owner's shop orders (behind requireAdmin):
 *
 *   GET  /api/admin/orders?status=&payment=&search=&page=   one page, newest first, with the total
 *   GET  /api/admin/orders.csv?status=&payment=&search=           every matching order, as CSV
 *   GET  /api/admin/orders.xlsx?status=&payment=&search=          the same as an Excel workbook
 *   GET  /api/admin/orders/{orderNumber}                     the order with customer, payments, history, actions
 *   POST /api/admin/orders/{orderNumber}/mark-paid  { note? }
 *   POST /api/admin/orders/{orderNumber}/verify     { document, note? }   the ID document sighted; the signed-in admin saw it
 *   POST /api/admin/orders/{orderNumber}/ship       { trackingNumber, carrier, note? }   the number kept normalised (decision 075)
 *   POST /api/admin/orders/{orderNumber}/deliver    { note? }
 *   POST /api/admin/orders/{orderNumber}/cancel     { note? }   stock back on the shelf
 *   POST /api/admin/orders/{orderNumber}/refund     { note? }   through PayPal first when paid that way;
 *                                                               needs a recent password (403 reauth_required, decision 027)
 *
 * Each change is an action (`src/actions/`: changeOrderByAdmin, cancelOrderByAdmin,
 * refundOrderByAdmin) that goes through the transition table, queues the customer's e-mail in the
 * same transaction and answers the updated order. 400 for a bad body, 404 for an unknown order, 409
 * with the reason when the change is not allowed now (nothing changes), 502 when PayPal refuses or
 * cannot be reached for a refund (nothing changes).
 */
import { type Context, Hono } from "hono";
import { cancelOrderByAdmin } from "../../actions/cancel-order-by-admin.server";
import { changeOrderByAdmin } from "../../actions/change-order.server";
import { refundOrderByAdmin } from "../../actions/refund-order.server";
import { adminOrdersExport } from "../../reads/admin-orders-export.server";
import { adminOrdersPage, orderForAdmin } from "../../reads/admin-orders.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { requireReauth } from "../../server/middleware/require-reauth";
import { exportResponse } from "../../server/exports";
import { validJson, validQuery } from "../../server/validate";
import { adminOrderNoteSchema, adminOrderShipSchema, adminOrdersList, adminOrderVerifySchema } from "../../shared/admin-orders";

/** The order number in the path: routing lowercases paths (canonical-path.ts), order numbers are upper case. */
const orderNumberOf = (c: Context) => (c.req.param("orderNumber") ?? "").toUpperCase();

/** The owner's note, when one was written. */
const noteOf = (body: { note?: string }) => body.note || undefined;

export function adminOrdersApi(deps: AppDeps) {
  const refundOrder = refundOrderByAdmin(deps);

  return new Hono<AdminEnv>()
    .get("/orders", validQuery(adminOrdersList.schema), (c) => c.json(adminOrdersPage(deps, c.req.valid("query"))))
    .get("/orders.csv", validQuery(adminOrdersList.schema), (c) => exportResponse("csv", adminOrdersExport(deps, c.req.valid("query"))))
    .get("/orders.xlsx", validQuery(adminOrdersList.schema), (c) => exportResponse("xlsx", adminOrdersExport(deps, c.req.valid("query"))))
    .get("/orders/:orderNumber", (c) => c.json(orderForAdmin(deps, orderNumberOf(c), c.get("admin"))))
    .post("/orders/:orderNumber/mark-paid", validJson(adminOrderNoteSchema), (c) =>
      c.json(changeOrderByAdmin(deps, c.get("admin"), orderNumberOf(c), { kind: "mark_paid", note: noteOf(c.req.valid("json")) })),
    )
    .post("/orders/:orderNumber/verify", validJson(adminOrderVerifySchema), (c) => {
      const body = c.req.valid("json");
      return c.json(changeOrderByAdmin(deps, c.get("admin"), orderNumberOf(c), { kind: "verify", document: body.document, note: noteOf(body) }));
    })
    .post("/orders/:orderNumber/ship", validJson(adminOrderShipSchema), (c) => {
      const body = c.req.valid("json");
      return c.json(
        changeOrderByAdmin(deps, c.get("admin"), orderNumberOf(c), {
          kind: "ship",
          trackingNumber: body.trackingNumber,
          carrier: body.carrier,
          note: noteOf(body),
        }),
      );
    })
    .post("/orders/:orderNumber/deliver", validJson(adminOrderNoteSchema), (c) =>
      c.json(changeOrderByAdmin(deps, c.get("admin"), orderNumberOf(c), { kind: "deliver", note: noteOf(c.req.valid("json")) })),
    )
    .post("/orders/:orderNumber/cancel", validJson(adminOrderNoteSchema), (c) =>
      c.json(cancelOrderByAdmin(deps, c.get("admin"), orderNumberOf(c), noteOf(c.req.valid("json")))),
    )
    .post("/orders/:orderNumber/refund", requireReauth(), validJson(adminOrderNoteSchema), async (c) =>
      c.json(await refundOrder(c.get("admin"), orderNumberOf(c), noteOf(c.req.valid("json")))),
    );
}
