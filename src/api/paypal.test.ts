import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { startPayPalStandIn, standInEnv, type PayPalStandIn } from "../../tests/helpers/paypal-stand-in";
import { countRows, createTestApp, type ErrorBody, type TestApp } from "../../tests/helpers/test-app";

let standIn: PayPalStandIn;
let t: TestApp;
beforeAll(() => {
  standIn = startPayPalStandIn();
});
afterAll(() => standIn.close());

const paypalEnv = () => ({
  ...standInEnv(standIn),
  BUSINESS_EMAIL: "owner@example.com",
});

type PaymentRow = {
  status: string;
  amount: string;
  currency: string;
  method: string;
  serviceId: string;
  email: string | null;
  referenceCode: string;
  orderId: string | null;
  captureId: string | null;
};

const paymentRows = () =>
  t.db.$client
    .query(
      "SELECT status, amount, currency, method, service_id AS serviceId, email, reference_code AS referenceCode, provider_order_id AS orderId, provider_capture_id AS captureId FROM payments ORDER BY created_at",
    )
    .all() as PaymentRow[];
const mails = () => t.db.$client.query('SELECT "to", subject, text FROM outbox ORDER BY id').all() as { to: string; subject: string; text: string }[];

/** Creates an order as a signed-out visitor would; answers PayPal's order id. */
async function createOrder(body: Record<string, unknown> = { serviceId: "partner" }) {
  const res = await t.json("/paypal/order", body);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const capture = (orderId: string) => t.request(`/paypal/order/${orderId}/capture`, { method: "POST", headers: { "Content-Type": "application/json" } });
const captureCalls = () => standIn.requestsTo(/\/capture$/);

describe("without PayPal configured", () => {
  beforeEach(() => {
    t = createTestApp();
  });
  afterEach(() => t.close());

  test("every PayPal route answers 503 in the JSON error shape", async () => {
    for (const res of [await t.request("/paypal/setup"), await t.json("/paypal/order", { serviceId: "partner" }), await capture("ORDER1")]) {
      expect(res.status).toBe(503);
      expect(((await res.json()) as ErrorBody).error.code).toBe("payments_unavailable");
    }
    expect(countRows(t, "payments")).toBe(0);
  });

  test("/services keeps the strict CSP and the dialog says card payments are not available", async () => {
    const res = await t.request("/services");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).not.toContain("paypal");
    expect(csp).toContain("script-src 'self';");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    const html = await res.text();
    expect(html).toContain('"paypalClientId":null');
  });
});

describe("with PayPal configured", () => {
  beforeEach(() => {
    t = createTestApp(paypalEnv());
    Object.assign(standIn.behaviour, { oauth: "ok", createOrder: "ok", capture: "ok", delayMs: 0 });
    standIn.requests.length = 0;
  });
  afterEach(() => t.close());

  describe("security headers", () => {
    test("only /services allows PayPal's hosts; every other response keeps the strict policy", async () => {
      const services = (await t.request("/services")).headers.get("content-security-policy")!;
      expect(services).toContain("script-src 'self' https://*.paypal.com https://*.paypalobjects.com;");
      expect(services).toContain("connect-src 'self' https://*.paypal.com https://*.paypalobjects.com;");
      expect(services).toContain("frame-src 'self' https://*.paypal.com;");
      expect(services).toContain("img-src 'self' data: https://*.paypal.com https://*.paypalobjects.com;");
      // The page's own styles are inline, allowed by their hash only (decision 092).
      expect(services).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
      expect(services).not.toContain("unsafe");
      // PayPal's checkout window must be able to report back to the page that opened it.
      expect((await t.request("/services")).headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      expect((await t.request("/about")).headers.get("cross-origin-opener-policy")).toBe("same-origin");
      // The cached copy of the page carries it too.
      expect((await t.request("/services")).headers.get("content-security-policy")).toBe(services);
      for (const path of ["/", "/about", "/contact", "/paypal/setup", "/api/visitor-count"]) {
        expect((await t.request(path)).headers.get("content-security-policy")).not.toContain("paypal");
      }
    });
  });

  describe("GET /paypal/setup", () => {
    test("answers a client token for the SDK; the access token is fetched once", async () => {
      const first = await t.request("/paypal/setup");
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("no-store");
      const { clientToken } = (await first.json()) as { clientToken: string };
      expect(clientToken).toMatch(/^client-token-\d+$/);
      expect(((await (await t.request("/paypal/setup")).json()) as { clientToken: string }).clientToken).not.toBe(clientToken);
      expect(standIn.requestsTo("/v1/oauth2/token")).toHaveLength(1);
    });

    test("PayPal refusing our credentials answers 502 without PayPal's details", async () => {
      standIn.behaviour.oauth = "unauthorized";
      const res = await t.request("/paypal/setup");
      expect(res.status).toBe(502);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe("payment_provider_error");
      expect(body.error.message).not.toContain("invalid_client");
    });
  });

  describe("POST /paypal/order", () => {
    test("the amount comes from the pricing table and the viewer's discount, not from the browser", async () => {
      const id = await createOrder({ serviceId: "partner" });
      const [call] = standIn.requestsTo("/v2/checkout/orders");
      // Partner Check: $295 list, $147.50 for a new client.
      expect(call!.body).toMatchObject({
        intent: "CAPTURE",
        purchase_units: [{ amount: { currency_code: "USD", value: "147.50" }, description: "Partner Check" }],
      });
      const [row] = paymentRows();
      expect(row).toMatchObject({ status: "created", amount: "147.50", currency: "USD", method: "paypal", serviceId: "partner", orderId: id, captureId: null });
      expect(call!.requestId).toMatch(/^pi-order-[0-9a-f-]{36}$/);
      expect((call!.body as { purchase_units: { reference_id: string }[] }).purchase_units[0]!.reference_id).toBe(row!.referenceCode);
    });

    test("the old client's amount, currency and intent are accepted when they match", async () => {
      await createOrder({ serviceId: "hourly", amount: 170, currency: "usd", intent: "capture" });
      await createOrder({ serviceId: "infidelity", amount: "347.50", currency: "USD", intent: "CAPTURE" });
      expect(paymentRows().map((r) => r.amount)).toEqual(["170.00", "347.50"]);
    });

    test("a mismatching amount is refused with 400 and never reaches PayPal", async () => {
      for (const amount of [1, "295.00", 147.99]) {
        const res = await t.json("/paypal/order", { serviceId: "partner", amount });
        expect(res.status).toBe(400);
        const body = (await res.json()) as ErrorBody;
        expect(body.error.code).toBe("validation_error");
        expect(body.error.fields).toEqual({ amount: "The amount for Partner Check is 147.50 USD" });
      }
      expect(standIn.requestsTo("/v2/checkout/orders")).toHaveLength(0);
      expect(countRows(t, "payments")).toBe(0);
    });

    test("a returning customer is charged the list price, and the new-client price is refused for them", async () => {
      const b = browser(t);
      b.signInAs("rosa@example.com", { returning: true });
      expect((await b.postJson("/paypal/order", { serviceId: "partner", amount: 147.5 })).status).toBe(400);
      const res = await b.postJson("/paypal/order", { serviceId: "partner", amount: 295 });
      expect(res.status).toBe(201);
      expect(paymentRows()).toEqual([expect.objectContaining({ amount: "295.00", email: "rosa@example.com" })]);
      // A signed-in browser must send our Origin.
      expect((await b.postJson("/paypal/order", { serviceId: "partner" }, {})).status).toBe(403);
      expect(b.jar.header()).not.toBe("");
      expect((await b.postJson("/paypal/order", { serviceId: "partner" }, { Origin: testOrigin })).status).toBe(201);
    });

    test("bad input gets 400 with a message per field", async () => {
      const res = await t.json("/paypal/order", { serviceId: "nothing", currency: "EUR", intent: "AUTHORIZE", amount: "lots" });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toEqual({
        intent: "Only immediate capture is supported",
        amount: "Enter the amount as a number",
      });
      // The currency is judged against the currency setting once the service is known; nothing is recorded.
      const euros = await t.json("/paypal/order", { serviceId: "partner", currency: "eur" });
      expect(euros.status).toBe(400);
      expect(((await euros.json()) as ErrorBody).error.fields).toEqual({ currency: "Only US dollars (USD) are accepted" });
      expect(countRows(t, "payments")).toBe(0);
      const unknown = await t.json("/paypal/order", { serviceId: "vehicle-tracking-day" });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as ErrorBody).error.fields).toEqual({ serviceId: "Choose a service" });
      expect(((await (await t.json("/paypal/order", {})).json()) as ErrorBody).error.fields).toEqual({ serviceId: "Choose a service" });
      const malformed = await t.request("/paypal/order", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
      expect(malformed.status).toBe(400);
      expect(standIn.requestsTo("/v2/checkout/orders")).toHaveLength(0);
    });

    test("setups and orders are limited per address", async () => {
      // Refused input still counts, and never reaches PayPal.
      for (let i = 0; i < 30; i++) expect((await t.json("/paypal/order", { serviceId: "partner", amount: 1 })).status).toBe(400);
      const limited = await t.json("/paypal/order", { serviceId: "partner" });
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as ErrorBody).error.code).toBe("rate_limited");
      expect((await t.request("/paypal/setup")).status).toBe(429);
      expect(standIn.requests).toHaveLength(0);
      t.setIp("198.51.100.40");
      expect((await t.json("/paypal/order", { serviceId: "partner" })).status).toBe(201);
    });

    test("PayPal failing answers 502 and the record is marked failed", async () => {
      standIn.behaviour.createOrder = "error";
      const res = await t.json("/paypal/order", { serviceId: "partner" });
      expect(res.status).toBe(502);
      expect(((await res.json()) as ErrorBody).error.message).toContain("No payment was taken");
      // Three attempts, all with the one request id of our record.
      const ids = standIn.requestsTo("/v2/checkout/orders").map((r) => r.requestId);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
      expect(paymentRows()).toEqual([expect.objectContaining({ status: "failed", orderId: null })]);
    });
  });

  describe("POST /paypal/order/{orderId}/capture", () => {
    test("a COMPLETED capture of our amount is recorded once, with a receipt and the business's notice", async () => {
      const id = await createOrder();
      const res = await capture(id);
      expect(res.status).toBe(200);
      const row = paymentRows()[0]!;
      expect(await res.json()).toEqual({ id, status: "COMPLETED", referenceCode: row.referenceCode });
      expect(row).toMatchObject({ status: "completed", orderId: id, email: "payer@example.com" });
      expect(row.captureId).toMatch(/^CAP\d+$/);
      // The paid time is set when the capture is recorded (the dashboard and the payments list read it).
      const paidAt = (t.db.$client.query("SELECT paid_at AS paidAt FROM payments").get() as { paidAt: number | null }).paidAt;
      expect(paidAt).toBeGreaterThan(Date.now() - 60_000);
      expect(captureCalls()[0]!.requestId).toMatch(/^pi-capture-[0-9a-f-]{36}-\d+$/);
      const sent = mails();
      expect(sent.map((m) => m.to).sort()).toEqual(["owner@example.com", "payer@example.com"]);
      const receipt = sent.find((m) => m.to === "payer@example.com")!;
      expect(receipt.subject).toBe(`Payment received (${row.referenceCode})`);
      expect(receipt.text).toContain("Amount paid: $147.50 USD");

      // Asking again answers the recorded payment without charging or calling PayPal.
      const again = await capture(id);
      expect(again.status).toBe(200);
      expect(captureCalls()).toHaveLength(1);
      expect(mails()).toHaveLength(2);
    });

    test("a DECLINED capture (inside a COMPLETED order) records nothing", async () => {
      const id = await createOrder();
      standIn.behaviour.capture = "declined";
      const res = await capture(id);
      expect(res.status).toBe(402);
      expect(((await res.json()) as ErrorBody).error.code).toBe("payment_declined");
      expect(paymentRows()).toEqual([expect.objectContaining({ status: "declined", captureId: null })]);
      expect(mails()).toHaveLength(0);
      expect(t.db.$client.query("SELECT paid_at AS paidAt FROM payments").get()).toEqual({ paidAt: null });
    });

    test("after a declined card the next capture is a new request to PayPal, and is recorded", async () => {
      const id = await createOrder();
      standIn.behaviour.capture = "instrument-declined";
      expect((await capture(id)).status).toBe(402);
      expect(paymentRows()[0]!.status).toBe("declined");
      standIn.behaviour.capture = "ok";
      expect((await capture(id)).status).toBe(200);
      const [first, second] = captureCalls();
      expect(second!.requestId).not.toBe(first!.requestId);
      expect(paymentRows()[0]!.status).toBe("completed");
    });

    test("a capture for another amount or currency, or still pending, is not recorded as paid", async () => {
      for (const behaviour of ["wrong-amount", "wrong-currency", "pending"] as const) {
        t.close();
        t = createTestApp(paypalEnv());
        standIn.behaviour.capture = "ok";
        const id = await createOrder();
        standIn.behaviour.capture = behaviour;
        const res = await capture(id);
        expect(res.status).toBe(502);
        const body = (await res.json()) as ErrorBody;
        expect(body.error.code).toBe("payment_unconfirmed");
        const row = paymentRows()[0]!;
        expect(body.error.message).toContain(row.referenceCode);
        expect(row.status).toBe("review");
        // The business is asked to check it; the client gets no receipt.
        expect(mails().map((m) => m.to)).toEqual(["owner@example.com"]);
        expect(mails()[0]!.subject).toContain("[CHECK]");
        // Asking again changes nothing and calls PayPal no more.
        const calls = captureCalls().length;
        expect((await capture(id)).status).toBe(502);
        expect(captureCalls()).toHaveLength(calls);
        expect(mails()).toHaveLength(1);
      }
    });

    test("PayPal failing once is retried with the same request id: one capture, one record", async () => {
      const id = await createOrder();
      standIn.behaviour.capture = "error-once";
      const executed = standIn.stats.capturesExecuted;
      expect((await capture(id)).status).toBe(200);
      const ids = captureCalls().map((c) => c.requestId);
      expect(ids).toHaveLength(2);
      expect(ids[1]).toBe(ids[0]!);
      expect(standIn.stats.capturesExecuted).toBe(executed + 1);
      expect(paymentRows()[0]!.status).toBe("completed");
    });

    test("the customer's retry after PayPal failed reuses the request id, so nothing is charged twice", async () => {
      const id = await createOrder();
      standIn.behaviour.capture = "error";
      const failed = await capture(id);
      expect(failed.status).toBe(502);
      expect(paymentRows()[0]!.status).toBe("created");
      standIn.behaviour.capture = "ok";
      expect((await capture(id)).status).toBe(200);
      expect(new Set(captureCalls().map((c) => c.requestId)).size).toBe(1);
    });

    test("20 simultaneous captures of one order record one payment", async () => {
      const id = await createOrder({ serviceId: "fullcheating" });
      const executed = standIn.stats.capturesExecuted;
      const answers = await Promise.all(Array.from({ length: 20 }, () => capture(id)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as { status: string }[];
      expect(bodies.every((b) => b.status === "COMPLETED")).toBe(true);
      expect(standIn.stats.capturesExecuted).toBe(executed + 1);
      expect(new Set(captureCalls().map((c) => c.requestId)).size).toBe(1);
      const rows = paymentRows();
      expect(rows).toHaveLength(1);
      // The new-client price ($647.50) less the two-week package's 15% volume discount (decision 083).
      expect(rows[0]).toMatchObject({ status: "completed", amount: "550.37" });
      expect(mails()).toHaveLength(2);
    });

    test("an order we did not create is 404, and nothing is sent to PayPal", async () => {
      for (const path of ["/paypal/order/ORDER404/capture", "/paypal/order/bad%20id!/capture"]) {
        const res = await t.request(path, { method: "POST" });
        expect(res.status).toBe(404);
        expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
      }
      expect(captureCalls()).toHaveLength(0);
    });
  });
});
