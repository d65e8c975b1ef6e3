/**
 * The PayPal tab's server side (docs/product.md#payments, decision 007):
 * GET /paypal/setup (client token for the SDK), POST /paypal/order (the amount computed here from
 * the pricing table and the viewer's discount, never taken from the browser) and
 * POST /paypal/order/{orderId}/capture (checked against what we created, recorded only when paid).
 * Without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET every route answers 503.
 */
import { Hono, type Context } from "hono";
import {
  attachProviderOrder,
  markCaptureDeclined,
  markPaymentFailed,
  markPaymentForReview,
  paymentForProviderOrder,
  recordCapturedPayment,
  startProviderPayment,
  type BusinessContact,
  type Payment,
} from "../db/payments.server";
import { getSettings } from "../db/settings.server";
import { judgeCapture, paymentCurrency, sameAmount } from "../domain/payment";
import { centsToDecimal } from "../domain/pricing";
import { offerForViewer } from "../payments/offers.server";
import { PayPalClient, PayPalError, paypalConfig, type PayPalClientOptions } from "../payments/paypal.server";
import { paypalOrderSchema, type PayPalCaptureResult, type PayPalOrderResult } from "../shared/payment";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest, HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { rateLimit } from "../server/middleware/rate-limit";
import { rawPath } from "../server/middleware/canonical-path";
import { validJson } from "../server/validate";

export const paypalOrderRateLimitMessage = "Too many payment attempts from your connection. Please wait a few minutes and try again.";

/** PayPal's issues that mean the customer's funding source was refused. */
const declinedIssues = new Set(["INSTRUMENT_DECLINED", "TRANSACTION_REFUSED"]);

/** The request id of the order created for our payment record: a retry of the same record reuses it. */
export function orderRequestId(payment: Pick<Payment, "id">): string {
  return `pi-order-${payment.id}`;
}

/**
 * The request id of a capture of our payment record. It changes only when the record does (after a
 * decline), so simultaneous and retried captures of one attempt share it and PayPal captures once.
 */
export function captureRequestId(payment: Pick<Payment, "id" | "updatedAt">): string {
  return `pi-capture-${payment.id}-${payment.updatedAt.getTime()}`;
}

const unavailable = () => new HttpError(503, "payments_unavailable", "Card payments are not available right now. Please choose another payment method.");
const providerFailed = () => new HttpError(502, "payment_provider_error", "PayPal could not be reached. No payment was taken. Please try again or choose another payment method.");

/** Logs a failed PayPal call and answers the customer without PayPal's internals. */
function providerError(err: unknown, what: string): HttpError {
  if (err instanceof PayPalError) log.error(`paypal ${what} failed`, { status: err.status, issue: err.issue, debugId: err.debugId, error: err.message });
  else log.error(`paypal ${what} failed`, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return providerFailed();
}

/** The order id as sent (routing lowercases paths; PayPal's ids are case-sensitive). */
function rawOrderId(c: Context): string | null {
  const match = /\/order\/([^/]+)\/capture\/?$/i.exec(rawPath(c.req.url));
  if (!match) return null;
  try {
    const id = decodeURIComponent(match[1]!);
    return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

function businessContact(deps: AppDeps): BusinessContact {
  const s = getSettings(deps.db);
  return { businessName: s.businessName, businessEmail: deps.env.BUSINESS_EMAIL ?? s.email, businessPhone: s.phone, responseTimeHours: s.responseTimeHours };
}

const captured = (p: Payment): PayPalCaptureResult => ({ id: p.providerOrderId!, status: "COMPLETED", referenceCode: p.referenceCode });

const unconfirmed = (p: Payment) =>
  new HttpError(502, "payment_unconfirmed", `We could not confirm this payment automatically. We will check it and contact you; please quote reference ${p.referenceCode}.`);

export function paypalApi(deps: AppDeps, options: PayPalClientOptions = {}) {
  const config = paypalConfig(deps.env);
  const paypal = config ? new PayPalClient(config, options) : null;
  const api = new Hono<AppEnv>();

  // Each setup asks PayPal for a client token, so it counts against the same per-address limit as orders.
  api.get("/setup", rateLimit(deps.limits.paypalOrders, paypalOrderRateLimitMessage), async (c) => {
    if (!paypal) throw unavailable();
    c.header("Cache-Control", "no-store");
    try {
      return c.json({ clientToken: await paypal.clientToken() });
    } catch (err) {
      throw providerError(err, "setup");
    }
  });

  api.post("/order", rateLimit(deps.limits.paypalOrders, paypalOrderRateLimitMessage), validJson(paypalOrderSchema), async (c) => {
    if (!paypal) throw unavailable();
    const input = c.req.valid("json");
    const user = c.get("user");
    const priced = offerForViewer(deps.db, input.serviceId, user);
    if (!priced) throw badRequest("Some fields need attention.", { serviceId: "Choose a service" });
    const { offer } = priced;
    const amount = centsToDecimal(Math.round(offer.amountDue * 100));
    if (input.amount !== undefined && !sameAmount(input.amount, offer.amountDue)) {
      throw badRequest("The amount does not match the price of this service. Reload the page and try again.", { amount: `The amount for ${offer.name} is ${amount} ${paymentCurrency}` });
    }

    const payment = startProviderPayment(deps.db, { userId: user?.id ?? null, method: "paypal", offer, email: user?.email ?? null });
    try {
      const order = await paypal.createOrder({
        requestId: orderRequestId(payment),
        referenceCode: payment.referenceCode,
        paymentId: payment.id,
        description: offer.name,
        amount,
        currency: paymentCurrency,
      });
      attachProviderOrder(deps.db, payment.id, order.id);
      log.info("paypal order created", { paymentId: payment.id, orderId: order.id, amount, serviceId: offer.id });
      return c.json({ id: order.id } satisfies PayPalOrderResult, 201);
    } catch (err) {
      markPaymentFailed(deps.db, payment.id);
      throw providerError(err, "create order");
    }
  });

  api.post("/order/:orderId/capture", async (c) => {
    if (!paypal) throw unavailable();
    const orderId = rawOrderId(c);
    const payment = orderId ? paymentForProviderOrder(deps.db, orderId) : undefined;
    if (!orderId || !payment) throw notFound("No such order.");
    if (payment.status === "completed") return c.json(captured(payment));
    if (payment.status === "review") throw unconfirmed(payment);

    let report;
    try {
      report = await paypal.captureOrder(orderId, captureRequestId(payment));
    } catch (err) {
      if (err instanceof PayPalError && err.issue && declinedIssues.has(err.issue)) {
        markCaptureDeclined(deps.db, payment.id);
        log.info("paypal capture declined", { paymentId: payment.id, orderId, issue: err.issue });
        throw new HttpError(402, "payment_declined", "Your payment was declined. Please try another card or payment method.");
      }
      if (err instanceof PayPalError && err.issue === "ORDER_NOT_APPROVED") {
        throw new HttpError(409, "order_not_approved", "This payment has not been approved in PayPal yet.");
      }
      throw providerError(err, "capture");
    }

    const verdict = judgeCapture(report, { amount: payment.amount, currency: payment.currency });
    if (verdict.outcome === "declined") {
      markCaptureDeclined(deps.db, payment.id);
      log.info("paypal capture declined", { paymentId: payment.id, orderId, status: report.capture?.status });
      throw new HttpError(402, "payment_declined", "Your payment was declined. Please try another card or payment method.");
    }
    if (verdict.outcome === "review" || report.orderId !== orderId) {
      const reported = verdict.outcome === "review" ? verdict.reported : `order ${report.orderId}`;
      const held = markPaymentForReview(deps.db, payment.id, { orderId, reported, captureId: report.capture?.id ?? null, payerEmail: report.payerEmail }, businessContact(deps));
      deps.outbox.kick();
      log.error("paypal capture does not match the order", { paymentId: payment.id, orderId, expected: `${payment.amount} ${payment.currency}`, reported });
      throw unconfirmed(held);
    }

    const { payment: paid, recorded } = recordCapturedPayment(deps.db, payment.id, { captureId: report.capture!.id, payerEmail: report.payerEmail }, businessContact(deps));
    if (recorded) {
      deps.outbox.kick();
      log.info("paypal payment captured", { paymentId: paid.id, orderId, amount: paid.amount, captureId: report.capture!.id });
    }
    if (paid.status === "review") throw unconfirmed(paid);
    return c.json(captured(paid));
  });

  return api;
}
