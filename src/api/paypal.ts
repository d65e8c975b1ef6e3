/**
 * The PayPal tab's server side (docs/product.md#payments, decision 007):
 * GET /paypal/setup (client token for the SDK), POST /paypal/order (the amount computed here from
 * the pricing table and the viewer's discount, never taken from the browser) and
 * POST /paypal/order/{orderId}/capture (checked against what we created, recorded only when paid;
 * a capture whose answer is lost is looked up at PayPal before the customer is told anything).
 * Without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET every route answers 503.
 */
import { Hono, type Context } from "hono";
import {
  attachProviderOrder,
  markCaptureDeclined,
  markCaptureNotTaken,
  markCaptureUnknown,
  markPaymentFailed,
  orderAwaitsPayment,
  orderOfPayment,
  orderPaymentMessages,
  paymentForProviderOrder,
  startOrderPayment,
  startProviderPayment,
  type Payment,
} from "../db/payments.server";
import { startBookingPayPalPayment } from "../db/booking-payments.server";
import { getSettings } from "../db/settings.server";
import { sameAmount } from "../domain/payment";
import { centsToDecimal } from "../domain/pricing";
import { offerForViewer } from "../payments/offers.server";
import { PayPalError, paypalClientFromEnv, type PayPalCapture, type PayPalClient, type PayPalClientOptions } from "../payments/paypal.server";
import { capturesUnderWay, neverCaptured, settleReportedCapture } from "../payments/settle-capture.server";
import { onlyCurrencyMessage, paypalOrderSchema, type PayPalCaptureResult, type PayPalOrderResult, type PayPalSetupResult } from "../shared/payment";
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
const providerFailed = () =>
  new HttpError(502, "payment_provider_error", "PayPal could not be reached. No payment was taken. Please try again or choose another payment method.");
const declined = () => new HttpError(402, "payment_declined", "Your payment was declined. Please try another card or payment method.");
/** PayPal may have taken the money: never say it did not. */
const beingChecked = (p: Payment) =>
  new HttpError(
    502,
    "payment_pending",
    `PayPal did not confirm your payment in time, so we are checking with PayPal whether it went through. Please don't pay again: we will e-mail or call you once it is confirmed. Your reference is ${p.referenceCode}.`,
  );

/** A failed capture after which PayPal may hold the money: no clear answer, or "already captured". */
function outcomeUnknown(err: unknown): boolean {
  return !(err instanceof PayPalError) || err.retryable || err.issue === "ORDER_ALREADY_CAPTURED";
}

function logProviderFailure(err: unknown, what: string) {
  if (err instanceof PayPalError) log.error(`paypal ${what} failed`, { status: err.status, issue: err.issue, debugId: err.debugId, error: err.message });
  else log.error(`paypal ${what} failed`, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}

/** Logs a failed PayPal call and answers the customer without PayPal's internals. */
function providerError(err: unknown, what: string): HttpError {
  logProviderFailure(err, what);
  return providerFailed();
}

/** The order id as sent (routing lowercases paths; PayPal's ids are case-sensitive). */
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

/** The answer for a captured payment, which was found by (so always carries) its PayPal order id. */
function captured(p: Payment): PayPalCaptureResult {
  if (p.providerOrderId === null) throw new Error(`payment ${p.id} has no PayPal order id`);
  return { id: p.providerOrderId, status: "COMPLETED", referenceCode: p.referenceCode };
}

const unconfirmed = (p: Payment) =>
  new HttpError(
    502,
    "payment_unconfirmed",
    `We could not confirm this payment automatically. We will check it and contact you; please quote reference ${p.referenceCode}.`,
  );

/** What the customer is told when PayPal took the money after their order was cancelled. */
export function orderClosedAfterCapture(p: Pick<Payment, "referenceCode" | "serviceName">): string {
  return `${p.serviceName} was cancelled before your payment reached us, so it was not marked paid. We have been told and will refund the payment or contact you; please quote reference ${p.referenceCode}.`;
}

export function paypalApi(deps: AppDeps, options: PayPalClientOptions = {}) {
  const paypal = paypalClientFromEnv(deps.env, options);
  const api = new Hono<AppEnv>();

  // Each setup asks PayPal for a client token, so it counts against the same per-address limit as orders.
  api.get("/setup", rateLimit(deps.limits.paypalOrders, paypalOrderRateLimitMessage), async (c) => {
    if (!paypal) throw unavailable();
    c.header("Cache-Control", "no-store");
    try {
      // The client id is public (the SDK's URL carries it); islands outside /services read it here.
      return c.json({ clientToken: await paypal.clientToken(), clientId: paypal.clientId } satisfies PayPalSetupResult);
    } catch (err) {
      throw providerError(err, "setup");
    }
  });

  api.post("/order", rateLimit(deps.limits.paypalOrders, paypalOrderRateLimitMessage), validJson(paypalOrderSchema), async (c) => {
    if (!paypal) throw unavailable();
    const input = c.req.valid("json");
    const user = c.get("user");
    let payment: Payment;
    let logged: Record<string, string>;
    if (input.orderNumber !== undefined) {
      // A shop order: only its signed-in customer pays it, for its own total.
      if (!user) throw new HttpError(401, "unauthorized", "Please sign in to pay for your order.");
      const started = startOrderPayment(deps.db, { userId: user.id, email: user.email, orderNumber: input.orderNumber });
      if (!started.ok && started.reason === "not_found") throw notFound("No such order.");
      if (!started.ok) throw new HttpError(409, "order_not_payable", started.message);
      payment = started.payment;
      logged = { orderNumber: input.orderNumber };
    } else if (input.bookingId !== undefined) {
      // A booking: only its signed-in customer pays it, for its own stored price.
      if (!user) throw new HttpError(401, "unauthorized", "Please sign in to pay for your booking.");
      const started = startBookingPayPalPayment(deps.db, {
        userId: user.id,
        bookingId: input.bookingId,
        email: user.email,
        cryptoDiscountPercent: getSettings(deps.db).cryptoDiscountPercent,
      });
      if (!started.ok && started.reason === "not_found") throw notFound("No booking of yours has this id.");
      if (!started.ok) throw new HttpError(409, "booking_not_payable", started.message);
      payment = started.payment;
      logged = { bookingId: input.bookingId };
    } else {
      const priced = input.serviceId === undefined ? undefined : offerForViewer(deps.db, input.serviceId, user);
      if (!priced) throw badRequest("Some fields need attention.", { serviceId: "Choose a service" });
      const { offer } = priced;
      const amount = centsToDecimal(Math.round(offer.amountDue * 100));
      if (input.amount !== undefined && !sameAmount(input.amount, offer.amountDue)) {
        throw badRequest("The amount does not match the price of this service. Reload the page and try again.", {
          amount: `The amount for ${offer.name} is ${amount} ${offer.currency}`,
        });
      }
      if (input.currency !== undefined && input.currency !== offer.currency) {
        throw badRequest("Some fields need attention.", { currency: onlyCurrencyMessage(offer.currency) });
      }
      payment = startProviderPayment(deps.db, { userId: user?.id ?? null, method: "paypal", offer, email: user?.email ?? null });
      logged = { serviceId: offer.id };
    }

    try {
      const order = await paypal.createOrder({
        requestId: orderRequestId(payment),
        referenceCode: payment.referenceCode,
        paymentId: payment.id,
        description: payment.serviceName,
        amount: payment.amount,
        currency: payment.currency,
      });
      attachProviderOrder(deps.db, payment.id, order.id);
      log.info("paypal order created", { paymentId: payment.id, orderId: order.id, amount: payment.amount, ...logged });
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
    if (payment.status === "expired" || payment.status === "failed") {
      throw new HttpError(
        409,
        "payment_closed",
        `This payment has been closed and nothing was taken. Please start a new payment (reference ${payment.referenceCode}).`,
      );
    }

    // A shop order that stopped waiting for its payment (cancelled when its hold ran out, or paid
    // by another attempt) is not charged.
    const shopOrder = orderOfPayment(deps.db, payment);
    if (payment.shopOrderId !== null && (!shopOrder || !orderAwaitsPayment(shopOrder))) {
      throw new HttpError(
        409,
        "order_not_payable",
        shopOrder?.paymentStatus === "paid" ? orderPaymentMessages.alreadyPaid : orderPaymentMessages.notOpen(shopOrder?.status ?? "cancelled"),
      );
    }

    capturesUnderWay.add(payment.id);
    try {
      return c.json(captured(await captureAndSettle(paypal, payment, orderId)));
    } finally {
      capturesUnderWay.delete(payment.id);
    }
  });

  /** Captures our PayPal order and records the outcome; answers the payment as paid or throws what to tell the customer. */
  async function captureAndSettle(paypal: PayPalClient, payment: Payment, orderId: string): Promise<Payment> {
    let report: PayPalCapture;
    try {
      report = await paypal.captureOrder(orderId, captureRequestId(payment));
    } catch (err) {
      if (err instanceof PayPalError && err.issue && declinedIssues.has(err.issue)) {
        markCaptureDeclined(deps.db, payment.id);
        log.info("paypal capture declined", { paymentId: payment.id, orderId, issue: err.issue });
        throw declined();
      }
      if (err instanceof PayPalError && err.issue === "ORDER_NOT_APPROVED") {
        throw new HttpError(409, "order_not_approved", "This payment has not been approved in PayPal yet.");
      }
      if (!outcomeUnknown(err)) throw providerError(err, "capture");
      // The capture's answer was lost (timeout, network, 5xx): PayPal may have captured it all the
      // same, so ask before telling the customer anything.
      logProviderFailure(err, "capture");
      report = await outcomeOfLostCapture(paypal, payment, orderId);
    }

    const settled = settleReportedCapture(deps, payment, orderId, report);
    if (settled.outcome === "declined") throw declined();
    if (settled.outcome === "review") {
      const order = orderOfPayment(deps.db, settled.payment);
      if (settled.payment.shopOrderId !== null && (!order || !orderAwaitsPayment(order)) && order?.paymentStatus !== "paid") {
        throw new HttpError(409, "order_closed", orderClosedAfterCapture(settled.payment));
      }
      throw unconfirmed(settled.payment);
    }
    return settled.payment;
  }

  /**
   * Looks up an order whose capture failed without a clear answer. Answers the order when PayPal
   * shows a capture; throws "no payment was taken" when it shows none, and "being checked" (the
   * row `unknown`, for the payment check) when PayPal can't be asked either.
   */
  async function outcomeOfLostCapture(client: PayPalClient, payment: Payment, orderId: string): Promise<PayPalCapture> {
    let order: PayPalCapture;
    try {
      order = await client.getOrder(orderId);
    } catch (err) {
      logProviderFailure(err, "order lookup");
      markCaptureUnknown(deps.db, payment.id);
      log.warn("paypal capture outcome unknown", { paymentId: payment.id, orderId });
      throw beingChecked(payment);
    }
    if (neverCaptured(order)) {
      markCaptureNotTaken(deps.db, payment.id);
      throw providerFailed();
    }
    return order;
  }

  return api;
}
