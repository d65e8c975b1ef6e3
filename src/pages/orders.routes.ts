/**
 * The customer's orders: GET /orders, GET /orders/{orderNumber} (owner only; anyone else, or a
 * malformed number, gets the 404 page) and POST /orders/{orderNumber}/cancel, the plain cancel form
 * (303 back to the order with a notice). Never cached: each is the customer's own.
 */
import { Hono, type Context } from "hono";
import { orderNumberPattern } from "../domain/order";
import { ownOrder, ownOrders } from "../reads/orders.server";
import { paypalConfig, paypalPageSecurity } from "../payments/paypal-config.server";
import { extendSecurityHeaders } from "../server/middleware/security-headers";
import { cancelCustomerOrder } from "../actions/cancel-order.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError } from "../server/errors";
import { orderNumberFromPath, orderPagePath } from "../shared/orders";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { notFoundPage } from "./not-found";
import { orderPage } from "./order";
import { ordersPage } from "./orders";

/** GET /orders/{orderNumber} */
export function showOrder(deps: AppDeps, c: Context<CustomerEnv>) {
  const orderNumber = orderNumberFromPath(c.req.param("orderNumber"));
  const order = orderNumberPattern.test(orderNumber) ? ownOrder(deps, c.get("user").id, orderNumber) : undefined;
  if (!order) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  // An order awaiting PayPal shows PayPal's buttons: the page lets PayPal's hosts in, as /services does.
  if (order.paymentMethod === "paypal" && order.holdExpiresAt !== null && paypalConfig(deps.env)) extendSecurityHeaders(c, paypalPageSecurity);
  return servePage(deps, c, (site) => orderPage(site, order, c.req.query("notice")));
}

/** POST /orders/{orderNumber}/cancel */
export function submitCancelOrder(deps: AppDeps, c: Context<CustomerEnv>) {
  const orderNumber = orderNumberFromPath(c.req.param("orderNumber"));
  if (!orderNumberPattern.test(orderNumber)) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  try {
    cancelCustomerOrder(deps, c.get("user").id, orderNumber);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
    return c.redirect(`${orderPagePath(orderNumber)}?notice=notCancelled`, 303);
  }
  return c.redirect(`${orderPagePath(orderNumber)}?notice=cancelled`, 303);
}

export function ordersRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps);
  return new Hono<AppEnv>()
    .get("/orders", customer, (c) => servePage(deps, c, (site) => ordersPage(site, ownOrders(deps, c.get("user").id))))
    .get("/orders/:orderNumber", customer, (c) => showOrder(deps, c))
    .post("/orders/:orderNumber/cancel", customer, (c) => submitCancelOrder(deps, c));
}
