import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { referenceCodePattern } from "../domain/payment";
import { browser } from "../../tests/helpers/browser";
import { countRows, createTestApp, type ErrorBody, type TestApp } from "../../tests/helpers/test-app";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { paymentDetails, realPaymentDetails } from "../../tests/factories";
import { updateSetting } from "../db/settings.server";

let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(() => t.close());

const rows = () =>
  t.db.$client
    .query(
      "SELECT user_id AS userId, service_id AS serviceId, service_name AS serviceName, method, amount, currency, email, reference_code AS referenceCode, status FROM payments",
    )
    .all() as Record<string, string | null>[];
const mails = () =>
  t.db.$client.query('SELECT "to", subject, text, reply_to AS replyTo FROM outbox ORDER BY id').all() as {
    to: string;
    subject: string;
    text: string;
    replyTo: string | null;
  }[];

describe("POST /api/payment-requests", () => {
  test("a signed-out client's instructions request is recorded and e-mailed with its reference code", async () => {
    const res = await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: " jane@example.com " });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { referenceCode: string; email: string };
    expect(body.referenceCode).toMatch(referenceCodePattern);
    expect(body.email).toBe("jane@example.com");
    expect(rows()).toEqual([
      {
        userId: null,
        serviceId: "partner",
        serviceName: "Partner Check",
        method: "instructions",
        amount: "147.50",
        currency: "USD",
        email: "jane@example.com",
        referenceCode: body.referenceCode,
        status: "requested",
      },
    ]);

    const [toClient, toBusiness] = mails();
    expect(toClient!.to).toBe("jane@example.com");
    expect(toClient!.replyTo).toBe("owner@example.com");
    expect(toClient!.subject).toBe(`Payment instructions (${body.referenceCode})`);
    for (const text of [
      "Amount: $147.50 USD (new-client price, 50% off the list price of $295)",
      `Reference code: ${body.referenceCode}`,
      // Without PayPal, made-up crypto addresses and a made-up bank account, only what is on offer (decision 067).
      "1. Cash deposit",
      "Wire transfer or money order",
      "Reply to this e-mail and we will arrange it with you.",
      // A plan is chosen when paying for a booking, not arranged by hand (decision 085).
      "Payment plan (2, 3 or 4 payments, 0% interest, no credit check)",
      "Where plans are offered for the service and its price: book the service, then choose Pay on your booking, then the number of payments.",
      "Processing timeline:",
      "Service start:",
    ]) {
      expect(toClient!.text).toContain(text);
    }
    for (const madeUp of ["bc1q-example-placeholder-address-not-real", "0xEXAMPLE", "+61 8 0000 0000"]) expect(toClient!.text).not.toContain(madeUp);
    // Card payers are not sent to a PayPal tab that refuses cards; no crypto discount is promised.
    for (const notOnOffer of ["PayPal", "Card", "card", "Cryptocurrency", "% off):", "memo", "Bank transfer", "BSB"])
      expect(toClient!.text).not.toContain(notOnOffer);
    expect(toBusiness!.to).toBe("owner@example.com");
    expect(toBusiness!.replyTo).toBe("jane@example.com");
    expect(toBusiness!.text).toContain(body.referenceCode);
  });

  test("with payment plans turned off, the instructions promise none (decision 087)", async () => {
    updateSetting(t.db, "paymentPlansEnabled", false);
    const res = await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "jane@example.com" });
    expect(res.status).toBe(201);
    const [toClient] = mails();
    expect(toClient!.subject).toStartWith("Payment instructions");
    for (const promise of ["Payment plan", "0% interest", "no credit check", "number of payments"]) expect(toClient!.text).not.toContain(promise);
  });

  test("a cash request e-mails the deposit process and asks the business for locations within 30 minutes", async () => {
    const res = await t.json("/api/payment-requests", { serviceId: "hourly", method: "cash", email: "sam@example.com" });
    expect(res.status).toBe(201);
    const { referenceCode } = (await res.json()) as { referenceCode: string };
    expect(rows()[0]).toMatchObject({ method: "cash", amount: "170.00", serviceName: "Hourly Surveillance" });
    const [toClient, toBusiness] = mails();
    expect(toClient!.subject).toBe(`Cash deposit request (${referenceCode})`);
    expect(toClient!.text).toContain("Amount: $170 USD for the 4-hour minimum");
    expect(toClient!.text).toContain("within 30 minutes");
    expect(toClient!.text).toContain(`Write the reference code ${referenceCode} on the deposit slip.`);
    expect(toBusiness!.subject).toBe(`[ACTION] Send cash deposit locations to sam@example.com (${referenceCode})`);
  });

  test("a signed-in client's account e-mail is used, and a returning customer's list price recorded", async () => {
    const b = browser(t);
    const userId = b.signInAs("rosa@example.com", { returning: true });
    const res = await b.postJson("/api/payment-requests", { serviceId: "infidelity", method: "instructions", email: "someone-else@example.com" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { email: string }).email).toBe("rosa@example.com");
    expect(rows()[0]).toMatchObject({ userId, email: "rosa@example.com", amount: "695.00" });
    const mail = mails().find((m) => !m.text.includes("/verify-email?token=")); // not sign-up's verification e-mail
    expect(mail!.to).toBe("rosa@example.com");
    expect(mail!.text).toContain("Amount: $695 USD\n");
  });

  test("signed out without an e-mail, or with bad fields, gets 400 per field and nothing is written", async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ serviceId: "partner", method: "instructions" }, { email: "Required" }],
      [{ serviceId: "partner", method: "instructions", email: "" }, { email: "Required" }],
      [{ serviceId: "partner", method: "instructions", email: "not-an-email" }, { email: "Please enter a valid e-mail address" }],
      [{ serviceId: "partner", method: "bitcoin", email: "a@example.com" }, { method: "Choose a payment method" }],
      [{ serviceId: "combined-hourly", method: "cash", email: "a@example.com" }, { serviceId: "Choose a service" }],
      [{ method: "cash" }, { serviceId: "Choose a service" }],
      [
        { serviceId: 7, method: "cash", email: ["x"] },
        { serviceId: "Choose a service", email: "Required" },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.json("/api/payment-requests", payload);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe("validation_error");
      expect(body.error.fields).toEqual(fields);
    }
    const malformed = await t.request("/api/payment-requests", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    expect(countRows(t, "payments")).toBe(0);
    expect(countRows(t, "outbox")).toBe(0);
  });

  test("requests are limited per address: the 11th in 15 minutes gets 429", async () => {
    // A different address each time: the per-recipient mail limit is tested in mail-limits.test.ts.
    const request = { serviceId: "checkup", method: "instructions", email: "a@example.com" };
    for (let i = 0; i < 10; i++) expect((await t.json("/api/payment-requests", { ...request, email: `a${i}@example.com` })).status).toBe(201);
    const limited = await t.json("/api/payment-requests", request);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as ErrorBody).error.code).toBe("rate_limited");
    expect(countRows(t, "payments")).toBe(10);
    t.setIp("198.51.100.23");
    expect((await t.json("/api/payment-requests", request)).status).toBe(201);
  });

  test("every reference code is unique", async () => {
    for (let i = 0; i < 10; i++) await t.json("/api/payment-requests", { serviceId: "checkup", method: "cash", email: `a${i}@example.com` });
    const codes = rows().map((r) => r.referenceCode);
    expect(new Set(codes).size).toBe(10);
  });

  test("a signed-in browser must send our Origin", async () => {
    const b = browser(t);
    b.signInAs("rosa@example.com");
    const res = await b.postJson("/api/payment-requests", { serviceId: "partner", method: "cash" }, {});
    expect(res.status).toBe(403);
    expect(countRows(t, "payments")).toBe(0);
  });
});

test("with PayPal, a crypto address and a bank account, the instructions offer each; the memo is the reference, never the e-mail; the HTML fits a phone (decision 067)", async () => {
  const smtp = await startSmtpServer();
  const app = createTestApp({
    SMTP_URL: smtp.url,
    BUSINESS_EMAIL: "owner@example.com",
    MAIL_FROM: "Site <site@example.com>",
    PAYPAL_CLIENT_ID: "client",
    PAYPAL_CLIENT_SECRET: "secret",
  });
  paymentDetails(app.db);
  try {
    const res = await app.json("/api/payment-requests", { serviceId: "checkup", method: "instructions", email: "lee@example.com" });
    expect(res.status).toBe(201);
    const { referenceCode } = (await res.json()) as { referenceCode: string };
    const received = await smtp.waitFor(2);
    const toClient = received.find((m) => m.to.includes("lee@example.com"))!;
    const text = app.db.$client.query("SELECT text FROM outbox WHERE \"to\" = 'lee@example.com'").get() as { text: string };
    for (const line of [
      "1. Card or PayPal balance",
      "   Open http://localhost/services, choose Discreet Check Up and the PayPal tab.",
      "2. Cryptocurrency (10% off): $33.75 USD, you save $3.75",
      `Bitcoin (Bitcoin network):\n  ${realPaymentDetails.btcAddress}`,
      `If your wallet has a memo or note field, put only ${referenceCode} in it.`,
      "3. Bank transfer: $37.50 USD",
      "   BSB: 065-000",
      `   Reference: ${referenceCode}`,
      "4. Cash deposit",
    ]) {
      expect(text.text).toContain(line);
    }
    expect(text.text).not.toContain("lee@example.com");
    // The HTML part: the coin is a heading over its address, and long words wrap rather than widen the message.
    const html = quotedPrintable(toClient.raw.slice(toClient.raw.indexOf("Content-Type: text/html")));
    expect(html).toContain(">Bitcoin (Bitcoin network)</h2>");
    expect(html).toMatch(/<ul style="[^"]*overflow-wrap:anywhere[^"]*"><li>bc1q/);
    expect(html).not.toContain("lee@example.com");
  } finally {
    await app.close();
    await smtp.close();
  }
});

/** The decoded body of a quoted-printable MIME part. */
function quotedPrintable(part: string): string {
  return part.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

test("the instructions reach the client through a real SMTP server", async () => {
  const smtp = await startSmtpServer();
  const app = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com", MAIL_FROM: "Site <site@example.com>" });
  try {
    const res = await app.json("/api/payment-requests", { serviceId: "checkup", method: "instructions", email: "lee@example.com" });
    const { referenceCode } = (await res.json()) as { referenceCode: string };
    const received = await smtp.waitFor(2);
    const toClient = received.find((m) => m.to.includes("lee@example.com"))!;
    expect(toClient.raw).toContain(`Subject: Payment instructions (${referenceCode})`);
    expect(toClient.raw).toContain(referenceCode);
    expect(received.some((m) => m.to.includes("owner@example.com"))).toBe(true);
  } finally {
    app.close();
    await smtp.close();
  }
});
