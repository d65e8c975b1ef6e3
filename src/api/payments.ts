/**
 * POST /api/payment-requests: the payment dialog's "Confirm Order & Request Instructions" and
 * "Request Cash Deposit Locations". The request is recorded with a reference code and the client
 * is e-mailed (through the outbox) at the account's address, or the one given when signed out.
 * With `bookingId` instead of `serviceId`, the request pays one of the signed-in customer's own
 * bookings, at the booking's stored price (404 for anyone else's, 409 when cancelled or paid).
 */
import { Hono } from "hono";
import type { CurrentUser } from "../components/site";
import { recordBookingPaymentRequest } from "../db/booking-payments.server";
import { recordPaymentRequest } from "../db/payments.server";
import { mailContext, mailContextFrom } from "../mail/context.server";
import { offerForViewer } from "../payments/offers.server";
import { type PaymentRequestMethod, paymentRequestSchema, type PaymentRequestResult } from "../shared/payment";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest, HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { rateLimit } from "../server/middleware/rate-limit";
import { validJson } from "../server/validate";

export const paymentRequestRateLimitMessage = "Too many payment requests from your connection. Please wait a few minutes and try again.";

export function paymentsApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/", rateLimit(deps.limits.paymentRequests, paymentRequestRateLimitMessage), validJson(paymentRequestSchema), (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    if (input.bookingId !== undefined) return c.json(requestForBooking(deps, user, input.bookingId, input.method), 201);
    const email = user?.email ?? input.email;
    const priced = input.serviceId === undefined ? null : offerForViewer(deps.db, input.serviceId, user);
    const fields: Record<string, string> = {};
    if (!priced) fields.serviceId = "Choose a service";
    if (!email) fields.email = "Required";
    if (!priced || !email) throw badRequest("Some fields need attention.", fields);

    const { offer, settings } = priced;
    const payment = recordPaymentRequest(deps.db, {
      userId: user?.id ?? null,
      method: input.method,
      offer,
      email,
      mail: mailContextFrom(settings, deps),
    });
    deps.outbox.kick();
    log.info("payment request recorded", { paymentId: payment.id, method: payment.method, serviceId: offer.id });
    return c.json({ referenceCode: payment.referenceCode, email } satisfies PaymentRequestResult, 201);
  });
}

/** A payment request for the signed-in customer's own booking, at its own price, to the account's address. */
function requestForBooking(deps: AppDeps, user: CurrentUser | null, bookingId: string, method: PaymentRequestMethod): PaymentRequestResult {
  if (!user) throw new HttpError(401, "unauthorized", "Please sign in to pay for your booking.");
  // The same context as a service's request: customer-facing settings, so no shipped placeholder
  // (a made-up crypto address, decision 037) reaches the customer's instructions.
  const result = recordBookingPaymentRequest(deps.db, { userId: user.id, bookingId, method, email: user.email, mail: mailContext(deps) });
  if (!result.ok && result.reason === "not_found") throw notFound("No booking of yours has this id.");
  if (!result.ok) throw new HttpError(409, "booking_not_payable", result.message);
  deps.outbox.kick();
  log.info("payment request recorded", { paymentId: result.payment.id, method, bookingId });
  return { referenceCode: result.payment.referenceCode, email: user.email };
}
