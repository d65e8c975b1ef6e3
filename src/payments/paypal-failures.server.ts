/**
 * What a customer is told when PayPal fails them, and the log line the business reads instead:
 * PayPal's status, issue and debug id never reach the customer.
 */
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { PayPalError } from "./paypal.server";

/** PayPal is not configured on this site: every PayPal route answers this. */
export const payPalUnavailable = () =>
  new HttpError(503, "payments_unavailable", "Card payments are not available right now. Please choose another payment method.");

/** A PayPal call failed in a way that took no money. */
export const payPalFailed = () =>
  new HttpError(502, "payment_provider_error", "PayPal could not be reached. No payment was taken. Please try again or choose another payment method.");

/** Logs a failed PayPal call with what PayPal said about it. */
export function logPayPalFailure(err: unknown, what: string) {
  if (err instanceof PayPalError) log.error(`paypal ${what} failed`, { status: err.status, issue: err.issue, debugId: err.debugId, error: err.message });
  else log.error(`paypal ${what} failed`, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}

/** Logs a failed PayPal call and answers the customer without PayPal's internals. */
export function payPalCallFailed(err: unknown, what: string): HttpError {
  logPayPalFailure(err, what);
  return payPalFailed();
}
