/**
 * The order-expiry job (docs/product.md#orders, decision 007): shop orders whose hold on the stock
 * ran out unpaid are cancelled by the site, their stock given back exactly once and the customer
 * e-mailed. It works from the database alone, so a restart loses nothing: it runs at start-up and
 * then every minute. A PayPal order is never cancelled under a capture: a capture any worker process
 * is sending (marked on the payment, decision 093) waits for its answer, and any attempt PayPal may have captured (`created` or `unknown`)
 * is looked up first and settled like the payment check would; the order is cancelled only when
 * PayPal shows nothing was captured.
 */
import { cancelOrder, expiredUnpaidOrders } from "../db/orders.server";
import { captureUnderWay, unsettledOrderPayments, type Payment } from "../db/payments.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import { type StopJob, startRepeatingJob } from "../server/repeating-job.server";
import { attemptOutcome } from "./attempt-outcome.server";
import { paypalClientFromEnv, type PayPalClient } from "./paypal.server";
import { orderCancelMail } from "../mail/order-mail.server";
import { settleReportedCapture } from "./settle-capture.server";

export const orderExpiryIntervalMs = 60_000;
export const orderExpiryNote = "Payment not received in time";

type Deps = Pick<AppDeps, "db" | "env" | "outbox" | "secrets">;

export type OrderExpiryReport = {
  /** Orders cancelled and their stock given back. */
  cancelled: number;
  /** Orders found paid at PayPal instead (or held for review), so not cancelled. */
  settled: number;
  /** Orders left for the next run: a capture under way, or PayPal could not be asked. */
  deferred: number;
};

/** What PayPal shows for one of an order's attempts. */
type AttemptState = "nothing" | "settled" | "unsure";

/**
 * Cancels every order whose hold ran out unpaid by `now`, except those PayPal may have been paid
 * for; answers what it did. `paypal` is null when PayPal is not configured.
 */
export async function expireUnpaidOrders(deps: Deps, paypal: PayPalClient | null, now = new Date()): Promise<OrderExpiryReport> {
  const report: OrderExpiryReport = { cancelled: 0, settled: 0, deferred: 0 };
  const mail = orderCancelMail(deps, "system");
  for (const orderId of expiredUnpaidOrders(deps.db, now)) {
    const attempts = unsettledOrderPayments(deps.db, orderId);
    const ids = attempts.map((p) => p.id);
    // Asked of the database each time: the capture may be sent by another worker process.
    const underWay = () => captureUnderWay(deps.db, ids, new Date());
    if (underWay()) {
      report.deferred++;
      continue;
    }
    let state: AttemptState = "nothing";
    for (const payment of attempts) {
      const found = await attemptState(deps, paypal, payment);
      if (found === "settled") state = "settled";
      else if (found === "unsure" && state === "nothing") state = "unsure";
    }
    if (state === "settled") {
      report.settled++;
      continue;
    }
    // A capture may have started while PayPal was being asked: it is answered before the order goes.
    if (state === "unsure" || underWay()) {
      report.deferred++;
      continue;
    }
    // The capture route refuses an order whose hold ran out, so nothing new can be captured now.
    const result = cancelOrder(deps.db, orderId, { actor: "system", note: orderExpiryNote }, now, mail);
    if (result.ok) report.cancelled++;
  }
  if (report.cancelled > 0) deps.outbox.kick();
  if (report.cancelled + report.settled + report.deferred > 0) log.info("order expiry done", report);
  return report;
}

/**
 * Looks one unsettled PayPal attempt up. "nothing": PayPal shows no capture (or we never linked an
 * order to it); "settled": PayPal shows a capture, now recorded (the order paid, or the payment
 * held for review); "unsure": PayPal could not be asked, or the capture is not final.
 */
async function attemptState(deps: Deps, paypal: PayPalClient | null, payment: Payment): Promise<AttemptState> {
  const orderId = payment.providerOrderId;
  // Never linked to a PayPal order: the customer never saw PayPal's window, nothing was taken.
  if (!orderId) return "nothing";
  // Without PayPal configured nothing can be captured now; a lost answer from before stays open.
  if (!paypal) return payment.status === "unknown" ? "unsure" : "nothing";
  const outcome = await attemptOutcome(paypal, payment, orderId);
  if (outcome.seen === "no_answer") return "unsure";
  // The order's hold ran out, so the capture route refuses it: an open PayPal order is as good as gone.
  if (outcome.seen === "nothing") return "nothing";
  const settled = settleReportedCapture(deps, payment, orderId, outcome.report, "found");
  // A declined capture took nothing: the order may go.
  if (settled.outcome === "declined") return "nothing";
  return "settled";
}

/**
 * Runs the order-expiry job now and every `intervalMs` (unref'd, so it never keeps the process
 * alive), never two runs at once. Answers a stop function.
 */
export function startOrderExpiry(deps: Deps, intervalMs = orderExpiryIntervalMs): StopJob {
  const paypal = paypalClientFromEnv(deps.env);
  return startRepeatingJob("order expiry", () => expireUnpaidOrders(deps, paypal), intervalMs);
}
