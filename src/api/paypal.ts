/**
 * The PayPal tab's server side (docs/product.md#payments, decision 007):
 * GET /paypal/setup (client token for the SDK), POST /paypal/order (the amount computed on the
 * server from the pricing table and the viewer's discount, never taken from the browser) and
 * POST /paypal/order/{orderId}/capture (checked against what we created, recorded only when paid;
 * a capture whose answer is lost is looked up at PayPal before the customer is told anything).
 * The sequences live in src/payments/ (`paypalCheckout`); these handlers parse, call and answer.
 * Without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET every route answers 503.
 */
import { Hono, type Context } from "hono";
import { paypalCheckout } from "../payments/paypal-checkout.server";
import { payPalUnavailable } from "../payments/paypal-failures.server";
import { paypalOrderSchema } from "../shared/payment";
import type { AppDeps, AppEnv } from "../server/deps";
import { rateLimit } from "../server/middleware/rate-limit";
import { rawPath } from "../server/middleware/canonical-path";
import { validJson } from "../server/validate";

export const paypalOrderRateLimitMessage = "Too many payment attempts from your connection. Please wait a few minutes and try again.";

/** The order id as sent (routing lowercases paths; PayPal's ids are case-sensitive), or null when it cannot be one. */
function rawOrderId(c: Context): string | null {
  const encoded = /\/order\/([^/]+)\/capture\/?$/i.exec(rawPath(c.req.url))?.[1];
  if (encoded === undefined) return null;
  try {
    const id = decodeURIComponent(encoded);
    return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function paypalApi(deps: AppDeps) {
  const checkout = paypalCheckout(deps);
  const api = new Hono<AppEnv>();
  const configured = () => {
    if (!checkout) throw payPalUnavailable();
    return checkout;
  };

  // Each setup asks PayPal for a client token, so it counts against the same per-address limit as orders.
  api.get("/setup", rateLimit(deps.limits.paypalOrders, paypalOrderRateLimitMessage), async (c) => {
    const paypal = configured();
    c.header("Cache-Control", "no-store");
    return c.json(await paypal.setup());
  });

  api.post("/order", rateLimit(deps.limits.paypalOrders, paypalOrderRateLimitMessage), validJson(paypalOrderSchema), async (c) =>
    c.json(await configured().openOrder(c.req.valid("json"), c.get("user")), 201),
  );

  api.post("/order/:orderId/capture", async (c) => c.json(await configured().capture(rawOrderId(c))));

  return api;
}
