/**
 * "What became of this attempt": PayPal is asked about the order it created for one of our
 * payments, and its answer is reduced to what our record can act on. The capture route (a
 * capture's answer was lost), the payment check and the order-expiry job all ask through here, so
 * an answer means the same thing wherever it arrives.
 *
 * A 404 has one meaning (decision 059): the id came from PayPal's own answer when the order was
 * created, so PayPal's "the specified resource does not exist" (orders.get, 404
 * RESOURCE_NOT_FOUND / INVALID_RESOURCE_ID) means PayPal no longer holds the order. An order that
 * does not exist holds no capture and can never be captured: nothing was taken, for good, as for
 * a VOIDED order. Any other failure (network, timeout, 401, 429, 5xx, an answer of the wrong shape)
 * leaves the question open.
 */
import type { Payment } from "../db/payments.server";
import { log } from "../server/log.server";
import { type PayPalCapture, type PayPalClient, PayPalError } from "./paypal.server";

export type AttemptOutcome =
  /** PayPal shows a capture (of any status) or a completed order: settle it from this report. */
  | { seen: "capture"; report: PayPalCapture }
  /** PayPal shows no capture. `final`: none can happen any more (the order is VOIDED, or PayPal no longer holds it). */
  | { seen: "nothing"; final: boolean }
  /** PayPal could not be asked or did not answer clearly: the attempt may still have taken money. */
  | { seen: "no_answer" };

/** An order lookup showing no capture at all: nothing was taken (yet). */
export function neverCaptured(report: PayPalCapture): boolean {
  return report.capture === null && report.orderStatus !== "COMPLETED";
}

/** Asks PayPal what became of `payment`'s attempt on the PayPal order `orderId`. */
export async function attemptOutcome(paypal: PayPalClient, payment: Pick<Payment, "id">, orderId: string): Promise<AttemptOutcome> {
  let report: PayPalCapture;
  try {
    report = await paypal.getOrder(orderId);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 404) {
      log.info("paypal no longer holds the order: nothing was captured", { paymentId: payment.id, orderId, debugId: err.debugId });
      return { seen: "nothing", final: true };
    }
    log.warn("paypal order lookup failed", {
      paymentId: payment.id,
      orderId,
      status: err instanceof PayPalError ? err.status : undefined,
      issue: err instanceof PayPalError ? err.issue : undefined,
      error: err instanceof Error ? err.message : String(err),
    });
    return { seen: "no_answer" };
  }
  if (neverCaptured(report)) return { seen: "nothing", final: report.orderStatus === "VOIDED" };
  return { seen: "capture", report };
}
