/**
 * Captures whose answer is lost (decision 007): PayPal may have taken the money, so the customer is
 * never told otherwise before PayPal has been asked; the payment check settles what stays unknown.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { databaseFile, openDatabase } from "../db/client.server";
import { clearCaptureMark, markCaptureStarted } from "../db/payments.server";
import { paypalClientFromEnv, type PayPalClient } from "../payments/paypal.server";
import { reconcilePayments, startPaymentReconciliation } from "../payments/reconcile.server";
import { payPalAppPerTest } from "../../tests/helpers/per-test";

// A short timeout, so a capture "times out" quickly; the stand-in's slow answers take longer.
const { standIn, t } = payPalAppPerTest({ delayMs: 400, env: { PAYPAL_TIMEOUT_MS: "120" } });
let paypal: PayPalClient;
beforeEach(() => {
  paypal = paypalClientFromEnv(t.deps.env, { retryDelayMs: 10 })!;
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

type ErrorBody = { error: { code: string; message: string } };
type Row = { id: string; status: string; referenceCode: string; captureId: string | null; updatedAt: number };

const row = () =>
  t.db.$client
    .query("SELECT id, status, reference_code AS referenceCode, provider_capture_id AS captureId, updated_at AS updatedAt FROM payments")
    .get() as Row;
const mails = () => t.db.$client.query('SELECT "to", subject FROM outbox ORDER BY id').all() as { to: string; subject: string }[];
const captureIds = () => new Set(standIn.requestsTo(/\/capture$/).map((r) => r.requestId));

async function createOrder() {
  const res = await t.json("/paypal/order", { serviceId: "partner" });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const capture = (orderId: string) => t.request(`/paypal/order/${orderId}/capture`, { method: "POST" });
const inTenMinutes = () => ({ now: new Date(Date.now() + 10 * 60_000) });

/**
 * A capture whose every answer is lost (`lost`: not taken; `slow`: taken), then the order lookup as
 * `getOrder` says: the 502's body, and the row as it was before.
 */
async function lostCapture(captured: "lost" | "slow", getOrder: "error" | "gone") {
  const id = await createOrder();
  const before = row();
  Object.assign(standIn.behaviour, { capture: captured, getOrder });
  const res = await capture(id);
  expect(res.status).toBe(502);
  return { id, before, body: (await res.json()) as ErrorBody };
}

/** Leaves a payment `unknown`: the capture is taken at PayPal but every answer is lost, and the lookup fails. */
async function unknownPayment() {
  const id = await createOrder();
  standIn.behaviour.capture = "slow";
  standIn.behaviour.getOrder = "error";
  const res = await capture(id);
  expect(res.status).toBe(502);
  expect(((await res.json()) as ErrorBody).error.code).toBe("payment_pending");
  expect(row().status).toBe("unknown");
  Object.assign(standIn.behaviour, { capture: "ok", getOrder: "ok" });
  return id;
}

describe("a capture whose answer is lost", () => {
  test("and that PayPal shows captured is recorded as paid, once", async () => {
    const id = await createOrder();
    standIn.behaviour.capture = "slow";
    const executed = standIn.stats.capturesExecuted;
    const res = await capture(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, status: "COMPLETED", referenceCode: row().referenceCode });
    expect(row().status).toBe("completed");
    expect(row().captureId).toMatch(/^CAP\d+$/);
    // Every attempt timed out with the one request id; PayPal captured once and was then asked.
    expect(standIn.requestsTo(/\/capture$/).length).toBeGreaterThan(1);
    expect(captureIds().size).toBe(1);
    expect(standIn.stats.capturesExecuted).toBe(executed + 1);
    expect(standIn.requests.filter((r) => r.method === "GET")).toHaveLength(1);
    expect(
      mails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(["owner@example.com", "payer@example.com"]);
  });

  test("and that PayPal shows not captured says no payment was taken, and can be tried again", async () => {
    const id = await createOrder();
    const before = row();
    standIn.behaviour.capture = "lost";
    const res = await capture(id);
    expect(res.status).toBe(502);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("payment_provider_error");
    expect(body.error.message).toContain("No payment was taken");
    expect(row()).toEqual(before);
    expect(mails()).toEqual([]);

    standIn.behaviour.capture = "ok";
    expect((await capture(id)).status).toBe(200);
    expect(row().status).toBe("completed");
    expect(captureIds().size).toBe(1);
  });
});

describe("a capture whose answer is lost, of an order PayPal no longer holds (404, decision 059)", () => {
  test("says no payment was taken, as for an order PayPal shows uncaptured, and promises no news", async () => {
    const { id, before, body } = await lostCapture("lost", "gone");
    expect(body.error.code).toBe("payment_provider_error");
    expect(body.error.message).toContain("No payment was taken");
    expect(row()).toEqual(before);
    expect(mails()).toEqual([]);
    expect(standIn.requestsTo(`/v2/checkout/orders/${id}`)).toHaveLength(1);
  });
});

describe("the unknown state", () => {
  test("when PayPal can't be asked either: the customer is told it is being checked, the row keeps its request id, no e-mail yet", async () => {
    const { before, body } = await lostCapture("slow", "error");
    expect(body.error.code).toBe("payment_pending");
    expect(body.error.message).toContain(before.referenceCode);
    expect(body.error.message).toContain("we are checking");
    expect(body.error.message).not.toContain("No payment was taken");
    expect(row()).toEqual({ ...before, status: "unknown" });
    expect(mails()).toEqual([]);
  });

  test("the customer's retry reuses the request id: PayPal replays its capture, recorded once", async () => {
    const id = await unknownPayment();
    const executed = standIn.stats.capturesExecuted;
    const res = await capture(id);
    expect(res.status).toBe(200);
    expect(row().status).toBe("completed");
    expect(captureIds().size).toBe(1);
    expect(standIn.stats.capturesExecuted).toBe(executed);
    expect(mails()).toHaveLength(2);
  });
});

describe("the payment check", () => {
  test("finds a payment PayPal captured: one payment recorded, the receipt and one notice to the business", async () => {
    await unknownPayment();
    expect(await reconcilePayments(t.deps, paypal)).toMatchObject({ checked: 0 }); // too young to check
    expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 1, found: 1 });
    expect(row().status).toBe("completed");
    const sent = mails();
    expect(sent.map((m) => m.to).sort()).toEqual(["owner@example.com", "payer@example.com"]);
    expect(sent.find((m) => m.to === "owner@example.com")!.subject).toStartWith("Payment found:");
    // Nothing left to settle, nothing sent twice.
    expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 0 });
    expect(mails()).toHaveLength(2);
  });

  test("and a retrying customer at the same moment record it once", async () => {
    const id = await unknownPayment();
    const [job, res] = await Promise.all([reconcilePayments(t.deps, paypal, inTenMinutes()), capture(id)]);
    expect(res.status).toBe(200);
    expect(row().status).toBe("completed");
    // Whichever of the two recorded it sent the e-mails: one receipt, one notice to the business.
    expect(
      mails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(["owner@example.com", "payer@example.com"]);
    expect(job.found).toBeLessThanOrEqual(1);
    expect(captureIds().size).toBe(1);
  });

  test("leaves PayPal's unanswered payments for the next run", async () => {
    await unknownPayment();
    standIn.behaviour.getOrder = "error";
    expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 1, unreachable: 1, found: 0 });
    expect(row().status).toBe("unknown");
    expect(mails()).toEqual([]);
  });

  test("closes payments PayPal can no longer capture; the business hears of those the customer was promised news of", async () => {
    // An abandoned order and an unknown one that PayPal shows never captured.
    await createOrder();
    const abandoned = row().id;
    const lostId = await createOrder();
    standIn.behaviour.capture = "lost";
    standIn.behaviour.getOrder = "error";
    const res = await capture(lostId);
    expect(((await res.json()) as ErrorBody).error.code).toBe("payment_pending");
    standIn.behaviour.getOrder = "ok";
    const statuses = () => t.db.$client.query("SELECT id, status FROM payments ORDER BY created_at").all() as { id: string; status: string }[];
    expect(statuses().map((r) => r.status)).toEqual(["created", "unknown"]);

    // Young: PayPal could still capture them, so they stay.
    expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 2, closed: 0 });
    expect(statuses().map((r) => r.status)).toEqual(["created", "unknown"]);

    expect(await reconcilePayments(t.deps, paypal, { now: new Date(Date.now() + 7 * 60 * 60_000) })).toMatchObject({ checked: 2, closed: 2 });
    expect(statuses()).toEqual([expect.objectContaining({ id: abandoned, status: "expired" }), expect.objectContaining({ status: "expired" })]);
    expect(mails()).toEqual([{ to: "owner@example.com", subject: expect.stringContaining("[CHECK] PayPal payment was not taken") }]);

    // A closed payment is not captured any more.
    const late = await capture(lostId);
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.code).toBe("payment_closed");
  });

  test("closes at once, however young, payments whose order PayPal no longer holds (404); the business hears of the one promised news", async () => {
    await unknownPayment();
    await createOrder();
    standIn.behaviour.getOrder = "gone";
    const statuses = () => (t.db.$client.query("SELECT status FROM payments ORDER BY created_at").all() as { status: string }[]).map((r) => r.status);
    expect(statuses()).toEqual(["unknown", "created"]);

    expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 2, closed: 2, unreachable: 0 });
    expect(statuses()).toEqual(["expired", "expired"]);
    expect(mails()).toEqual([{ to: "owner@example.com", subject: expect.stringContaining("[CHECK] PayPal payment was not taken") }]);
    expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 0 });
  });

  test("runs at start-up as the site starts it, and is stopped", async () => {
    await unknownPayment();
    t.db.$client.query("UPDATE payments SET created_at = created_at - 600000").run();
    const stop = startPaymentReconciliation(t.deps, 60_000);
    try {
      for (let i = 0; i < 200 && row().status !== "completed"; i++) await Bun.sleep(10);
      expect(row().status).toBe("completed");
    } finally {
      stop();
    }
  });
});

describe("a capture under way in another worker process", () => {
  test("is left to that capture by the payment check, which looks again once it ended", async () => {
    await unknownPayment();
    const otherWorker = openDatabase(databaseFile(t.dataDir));
    try {
      const mark = markCaptureStarted(otherWorker, row().id)!;
      expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 0, found: 0 });
      expect(row().status).toBe("unknown");
      clearCaptureMark(otherWorker, row().id, mark);
    } finally {
      otherWorker.$client.close();
    }
    expect(await reconcilePayments(t.deps, paypal, inTenMinutes())).toMatchObject({ checked: 1, found: 1 });
  });
});
