/**
 * A visitor asks how to pay (POST /api/payment-requests, the payment dialog's "Confirm Order &
 * Request Instructions" and "Request Cash Deposit Locations"): for a service, at the price the
 * visitor is offered, to the account's address or the one typed when signed out; or for the
 * signed-in customer's own booking, at its stored price, to the account's address (decision 032).
 * The request gets a reference code, and the instructions and the business's notice are queued in
 * the same transaction, written from customer-facing settings (no shipped placeholder reaches a
 * customer, decision 037). Instructions to the signed-in customer's confirmed address are owed and
 * always sent, the customer limited per account; to a typed or unconfirmed address they are within
 * the recipient's hourly limit, the visitor limited per connection (decision 064). A booking has
 * one open request at a time: asking again (by any method) replaces the earlier one, and the
 * answer and the e-mails say so.
 */
import type { CurrentUser } from "../components/site";
import { recordBookingPaymentRequest } from "../db/booking-payments.server";
import { type Payment, recordPaymentRequest } from "../db/payments.server";
import { getSettings } from "../db/settings.server";
import type { ServiceOffer } from "../domain/payment";
import { instalmentLine } from "../domain/payment-plan";
import { localDate } from "../domain/timezone";
import { type MailContext, mailContextFrom } from "../mail/context.server";
import { enqueueCustomerMail, enqueueMail } from "../mail/outbox.server";
import { cashDepositRequestMail, type PaymentMailInput, paymentInstructionsMail, paymentRequestNotification } from "../mail/templates/payments";
import { offerForViewer } from "../payments/offers.server";
import { paypalConfig } from "../payments/paypal-config.server";
import { type PaymentRequestInput, type PaymentRequestMethod, type PaymentRequestResult, replacesNotice } from "../shared/payment";
import { badRequest, HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** Ten requests a quarter of an hour per signed-in account, or per client address for a visitor signed out. */
export const paymentRequestLimit: ActionLimit = {
  limiter: (limits) => limits.paymentRequests,
  key: (requester) => requester,
  message: "Too many payment requests. Please wait a few minutes and try again.",
};

/** Who asks: the signed-in customer, if any, and the address the request came from. */
export type PaymentRequester = { user: CurrentUser | null; address: string };

/** Records the payment request `input` names for `requester`; answers its reference code and where the instructions went. */
export function requestPayment(deps: ActionDeps, requester: PaymentRequester, input: PaymentRequestInput): PaymentRequestResult {
  spendLimit(deps, paymentRequestLimit, requester.user ? `user:${requester.user.id}` : `address:${requester.address}`);
  if (input.bookingId !== undefined) return requestForBooking(deps, requester.user, input.bookingId, input.method, input.instalments ?? 1);
  const { user } = requester;
  const email = user?.email ?? input.email;
  const priced = input.serviceId === undefined ? null : offerForViewer(deps.db, input.serviceId, user);
  const fields: Record<string, string> = {};
  if (!priced) fields.serviceId = "Choose a service";
  if (!email) fields.email = "Required";
  if (!priced || !email) throw badRequest("Some fields need attention.", fields);

  const { offer, settings } = priced;
  const ctx = mailContextFrom(settings, deps);
  const entry = { userId: user?.id ?? null, method: input.method, offer, email };
  const proven = user?.emailVerified === true && email === user.email;
  const payment = recordPaymentRequest(deps.db, entry, (recorded) => queueRequestMail(deps, ctx, recorded, offer, input.method, email, proven));
  deps.outbox.kick();
  log.info("payment request recorded", { paymentId: payment.id, method: payment.method, serviceId: offer.id });
  return { referenceCode: payment.referenceCode, email };
}

/** A payment request for the signed-in customer's own booking, at its own price, to the account's address. */
function requestForBooking(
  deps: ActionDeps,
  user: CurrentUser | null,
  bookingId: string,
  method: PaymentRequestMethod,
  instalments: number,
  now = new Date(),
): PaymentRequestResult {
  if (!user) throw new HttpError(401, "unauthorized", "Please sign in to pay for your booking.");
  const ctx = mailContextFrom(getSettings(deps.db), deps);
  // With a payment plan (decision 085) the request asks for one instalment, and its e-mail says which.
  const result = recordBookingPaymentRequest(
    deps.db,
    { userId: user.id, bookingId, method, email: user.email, instalments },
    (recorded, offer, replaces, instalment) =>
      queueRequestMail(
        deps,
        ctx,
        recorded,
        offer,
        method,
        user.email,
        user.emailVerified,
        replaces,
        instalment ? instalmentLine(instalment, localDate(now, ctx.timeZone)) : undefined,
      ),
    now,
  );
  if (!result.ok && result.reason === "not_found") throw notFound("No booking of yours has this id.");
  if (!result.ok) throw new HttpError(409, "booking_not_payable", result.message);
  deps.outbox.kick();
  log.info("payment request recorded", { paymentId: result.payment.id, method, bookingId, replaces: result.replaces });
  return {
    referenceCode: result.payment.referenceCode,
    email: user.email,
    ...(result.replaces.length > 0 ? { replaces: result.replaces, notice: replacesNotice(result.replaces) } : {}),
    ...(result.instalment
      ? {
          instalment: {
            number: result.instalment.number,
            of: result.instalment.of,
            amount: result.instalment.amount,
            currency: result.instalment.currency,
            dueOn: result.instalment.dueOn,
          },
        }
      : {}),
  };
}

/**
 * Inside the request's transaction: the client's instructions (or the cash-deposit confirmation)
 * and the business's notice. To an address the customer `proven` theirs they are owed; to any
 * other they count against the recipient's hourly limit, since anyone may type it (beyond it
 * nothing is kept).
 */
function queueRequestMail(
  deps: ActionDeps,
  ctx: MailContext,
  payment: Payment,
  offer: ServiceOffer,
  method: PaymentRequestMethod,
  email: string,
  proven: boolean,
  replaces: readonly string[] = [],
  instalmentLine?: string,
) {
  const mail: PaymentMailInput = {
    ...ctx,
    referenceCode: payment.referenceCode,
    email,
    offer,
    paypalConfigured: paypalConfig(deps.env) !== null,
    replaces,
    ...(instalmentLine ? { instalmentLine } : {}),
  };
  const instructions = method === "cash" ? cashDepositRequestMail(mail) : paymentInstructionsMail(mail);
  if (proven) enqueueMail(deps.db, instructions);
  else enqueueCustomerMail(deps.db, instructions);
  enqueueMail(deps.db, paymentRequestNotification(mail, method));
}
