/**
 * Opening a PayPal attempt (decision 007): our payment record is written first, for what the
 * customer pays (a shop order or a booking of theirs, at its stored amount, or a service at the
 * price computed here, never the browser's), and PayPal is then asked for an order carrying a
 * request id derived from that record. Failures are thrown as the HTTP errors the customer reads.
 */
import type { CurrentUser } from "../components/site";
import { startBookingPayPalPayment } from "../db/booking-payments.server";
import { attachProviderOrder, markPaymentFailed, startOrderPayment, startProviderPayment, type Payment } from "../db/payments.server";
import { getSettings } from "../db/settings.server";
import { sameAmount } from "../domain/payment";
import { centsToDecimal } from "../domain/pricing";
import type { AppDeps } from "../server/deps";
import { badRequest, HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { onlyCurrencyMessage, type PayPalOrderInput, type PayPalOrderResult } from "../shared/payment";
import { offerForViewer } from "./offers.server";
import { payPalCallFailed } from "./paypal-failures.server";
import type { PayPalClient } from "./paypal.server";

type Deps = Pick<AppDeps, "db">;

/** The request id of the order created for our payment record: a retry of the same record reuses it. */
export function orderRequestId(payment: Pick<Payment, "id">): string {
  return `pi-order-${payment.id}`;
}

/** Our record of a new attempt, and what it pays for (for the log). */
type StartedAttempt = { payment: Payment; paysFor: Record<string, string> };

/** Opens a PayPal order for what `input` names, paid by `user` (null when signed out); answers PayPal's order id. */
export async function openPayPalOrder(deps: Deps, paypal: PayPalClient, input: PayPalOrderInput, user: CurrentUser | null): Promise<PayPalOrderResult> {
  const { payment, paysFor } = startAttempt(deps, input, user);
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
    log.info("paypal order created", { paymentId: payment.id, orderId: order.id, amount: payment.amount, ...paysFor });
    return { id: order.id };
  } catch (err) {
    markPaymentFailed(deps.db, payment.id);
    throw payPalCallFailed(err, "create order");
  }
}

/** Writes our record of the attempt, or throws why this customer may not pay for this. */
function startAttempt(deps: Deps, input: PayPalOrderInput, user: CurrentUser | null): StartedAttempt {
  if (input.orderNumber !== undefined) {
    // A shop order: only its signed-in customer pays it, for its own total.
    if (!user) throw new HttpError(401, "unauthorized", "Please sign in to pay for your order.");
    const started = startOrderPayment(deps.db, { userId: user.id, email: user.email, orderNumber: input.orderNumber });
    if (!started.ok && started.reason === "not_found") throw notFound("No such order.");
    if (!started.ok) throw new HttpError(409, "order_not_payable", started.message);
    return { payment: started.payment, paysFor: { orderNumber: input.orderNumber } };
  }
  if (input.bookingId !== undefined) {
    // A booking: only its signed-in customer pays it, for its own stored price.
    if (!user) throw new HttpError(401, "unauthorized", "Please sign in to pay for your booking.");
    const started = startBookingPayPalPayment(deps.db, {
      userId: user.id,
      bookingId: input.bookingId,
      email: user.email,
      cryptoDiscountPercent: getSettings(deps.db).cryptoDiscountPercent,
      // With a payment plan, PayPal takes its next instalment (decision 085).
      instalments: input.instalments ?? 1,
    });
    if (!started.ok && started.reason === "not_found") throw notFound("No booking of yours has this id.");
    if (!started.ok) throw new HttpError(409, "booking_not_payable", started.message);
    return { payment: started.payment, paysFor: { bookingId: input.bookingId } };
  }
  const priced = input.serviceId === undefined ? undefined : offerForViewer(deps.db, input.serviceId, user);
  if (!priced) throw badRequest("Some fields need attention.", { serviceId: "Choose a service" });
  const { offer } = priced;
  const amount = centsToDecimal(offer.amountDueCents);
  if (input.amount !== undefined && !sameAmount(input.amount, offer.amountDue)) {
    throw badRequest("The amount does not match the price of this service. Reload the page and try again.", {
      amount: `The amount for ${offer.name} is ${amount} ${offer.currency}`,
    });
  }
  if (input.currency !== undefined && input.currency !== offer.currency) {
    throw badRequest("Some fields need attention.", { currency: onlyCurrencyMessage(offer.currency) });
  }
  const payment = startProviderPayment(deps.db, { userId: user?.id ?? null, method: "paypal", offer, email: user?.email ?? null });
  return { payment, paysFor: { serviceId: offer.id } };
}
