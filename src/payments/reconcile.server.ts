/**
 * The payment check (decision 007): PayPal payments left `created` or `unknown` are looked up at
 * PayPal (`attemptOutcome`). One PayPal shows captured is recorded exactly as a confirmed capture
 * (same guarded update, receipt, and the business told it was found); one PayPal can no longer
 * capture (voided, no longer held by PayPal, or past PayPal's window) is closed as `expired`. A
 * payment whose capture any worker process is sending (marked on it, decision 093) is left to that
 * capture. Runs at start-up and then on an unref'd timer; `reconcilePayments` is callable directly.
 */
import { captureUnderWay, closeUncapturedPayment, unsettledPayments, type Payment } from "../db/payments.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import { type StopJob, startRepeatingJob } from "../server/repeating-job.server";
import { attemptOutcome } from "./attempt-outcome.server";
import { paypalClientFromEnv, type PayPalClient } from "./paypal.server";
import { businessContact, refundCaptureOfClosedBooking, settleReportedCapture } from "./settle-capture.server";

export type ReconcileOptions = {
  now?: Date;
  /** Payments younger than this are left alone: the customer may still be in PayPal's window. */
  minAgeMs?: number;
  /** After this, an order never captured can no longer be (PayPal: 3 hours to approve, 3 to capture). */
  expireAfterMs?: number;
};

export type ReconcileReport = { checked: number; found: number; closed: number; declined: number; review: number; unreachable: number };

export const reconcileIntervalMs = 10 * 60_000;
const defaultMinAgeMs = 5 * 60_000;
const defaultExpireAfterMs = 6 * 60 * 60_000;

type Deps = Pick<AppDeps, "db" | "env" | "outbox" | "secrets">;

/** Settles every PayPal payment left unsettled; answers what it did. */
export async function reconcilePayments(deps: Deps, paypal: PayPalClient, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const expireBefore = now.getTime() - (options.expireAfterMs ?? defaultExpireAfterMs);
  const report: ReconcileReport = { checked: 0, found: 0, closed: 0, declined: 0, review: 0, unreachable: 0 };
  for (const payment of unsettledPayments(deps.db, new Date(now.getTime() - (options.minAgeMs ?? defaultMinAgeMs)))) {
    // A capture sent by any worker process records its own answer; the next round looks again.
    if (captureUnderWay(deps.db, [payment.id])) continue;
    report.checked++;
    const expired = payment.createdAt.getTime() < expireBefore;
    const orderId = payment.providerOrderId;
    if (!orderId) {
      // The order was never linked (the process stopped mid-creation): nothing can be captured.
      if (expired && close(deps, payment, null)) report.closed++;
      continue;
    }
    const outcome = await attemptOutcome(paypal, payment, orderId);
    if (outcome.seen === "no_answer") {
      report.unreachable++;
      continue;
    }
    if (outcome.seen === "nothing") {
      // An order PayPal may still capture stays open until PayPal's window has surely closed.
      if ((outcome.final || expired) && close(deps, payment, orderId)) report.closed++;
      continue;
    }
    const settled = settleReportedCapture(deps, payment, orderId, outcome.report, "found");
    // Found captured for a booking cancelled (or paid another way) meanwhile: given back at once.
    if (settled.outcome === "completed" && settled.refundBecause) await refundCaptureOfClosedBooking(deps, settled.payment, settled.refundBecause);
    if (settled.outcome === "completed" && settled.recorded) report.found++;
    else if (settled.outcome === "declined") report.declined++;
    else if (settled.outcome === "review") report.review++;
  }
  if (report.found + report.closed + report.review > 0 || report.unreachable > 0) log.info("payment check done", report);
  return report;
}

function close(deps: Deps, payment: Payment, orderId: string | null): boolean {
  const closed = closeUncapturedPayment(deps.db, payment.id, businessContact(deps), orderId);
  if (closed && payment.status === "unknown") deps.outbox.kick();
  if (closed) log.info("payment check: closed a payment never captured", { paymentId: payment.id, orderId, was: payment.status });
  return closed !== undefined;
}

/**
 * Runs the payment check now and every `intervalMs` (unref'd, so it never keeps the process
 * alive), never two runs at once. Does nothing without PayPal configured. Answers a stop function.
 */
export function startPaymentReconciliation(deps: Deps, intervalMs = reconcileIntervalMs): StopJob {
  const paypal = paypalClientFromEnv(deps.env);
  if (!paypal) return async () => {};
  return startRepeatingJob("payment check", () => reconcilePayments(deps, paypal), intervalMs);
}
