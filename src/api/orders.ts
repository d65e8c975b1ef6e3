/**
 * The signed-in customer's shop orders (docs/product.md#orders).
 *
 *   POST /api/orders                          { shippingAddress, billingAddress?, paymentMethod, notes? } places an order from the cart
 *   GET  /api/orders                          the customer's orders, newest first (OrderSummaryView[])
 *   GET  /api/orders/:orderNumber             one of them (OrderView)
 *   POST /api/orders/:orderNumber/cancel      cancels it while nothing is paid or shipped (OrderView)
 *
 * 400 bad fields, empty cart, PayPal not configured, or a product restricted in the shipping state;
 * 401 signed out; 404 anyone else's order or a malformed number; 409 products unavailable or short
 * of stock, or an order that can no longer be cancelled; 429 too many orders (one budget with the
 * plain checkout form: src/actions/place-order.server.ts). Prices come from the server: any price
 * in the body is ignored.
 */
import { Hono } from "hono";
import { orderNumberPattern } from "../domain/order";
import { ownOrder, ownOrders } from "../reads/orders.server";
import { checkoutSchema } from "../shared/checkout";
import { orderNumberFromPath } from "../shared/orders";
import { cancelCustomerOrder } from "../actions/cancel-order.server";
import { placeCustomerOrder } from "../actions/place-order.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { notFound } from "../server/errors";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson } from "../server/validate";

/** The order number of the path, or 404 (a malformed number names no order). */
function orderNumberParam(param: string | undefined): string {
  const value = orderNumberFromPath(param);
  if (!orderNumberPattern.test(value)) throw notFound("Order not found.");
  return value;
}

export function ordersApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .use(requireUser)
    .post("/", validJson(checkoutSchema), (c) => {
      const view = placeCustomerOrder(deps, signedInUser(c).id, c.req.valid("json"));
      const { orderNumber, status, paymentStatus, subtotal, discountAmount, shippingAmount, taxAmount, totalAmount, items } = view;
      return c.json({ orderNumber, status, paymentStatus, subtotal, discountAmount, shippingAmount, taxAmount, totalAmount, items }, 201);
    })
    .get("/", (c) => c.json(ownOrders(deps, signedInUser(c).id)))
    .get("/:orderNumber", (c) => {
      const order = ownOrder(deps, signedInUser(c).id, orderNumberParam(c.req.param("orderNumber")));
      if (!order) throw notFound("Order not found.");
      return c.json(order);
    })
    .post("/:orderNumber/cancel", (c) => c.json(cancelCustomerOrder(deps, signedInUser(c).id, orderNumberParam(c.req.param("orderNumber")))));
}
