/**
 * Shipping and the ID check as the owner does them: a tracking number typed as printed on the label
 * is kept normalised, the carrier gives the customer's e-mail and order page its tracking link
 * (decision 075), and "Mark verified" records the document sighted and the admin who saw it.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { auditLog, cartItems, orders, products } from "../../db/schema";
import { placeOrder } from "../../db/orders.server";
import type { AdminOrderDetail } from "../../shared/admin-orders";
import { adminClient, type AdminClient } from "../../../tests/helpers/admins";
import { browser } from "../../../tests/helpers/browser";
import { productIdOf, testAddress } from "../../../tests/helpers/shop";
import type { SmtpServer } from "../../../tests/helpers/smtp";
import { smtpPerFile } from "../../../tests/helpers/smtp-per-file";
import { createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";

type Browser = ReturnType<typeof browser>;

const mail = smtpPerFile();
let smtp: SmtpServer;
let t: TestApp;
let admin: AdminClient;
beforeEach(() => {
  smtp = mail.server;
  t = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" });
  admin = adminClient(t);
});
afterEach(async () => {
  await t.deps.outbox.drain();
  await t.close();
});

/** A signed-in customer `email` with one order of the dash cam; answers the order and the customer's browser. */
function orderOf(email: string): { orderNumber: string; id: number; customer: Browser } {
  const customer = browser(t);
  const userId = customer.signInAs(email, { verified: true });
  t.db
    .insert(cartItems)
    .values({ userId, productId: productIdOf(t.db, "covert-dash-cam-4k"), quantity: 1 })
    .run();
  const placed = placeOrder(t.db, userId, { shippingAddress: testAddress, paymentMethod: "bank_transfer" });
  if (!placed.ok) throw new Error(placed.reason);
  return { orderNumber: placed.order.orderNumber, id: placed.order.id, customer };
}

const path = (orderNumber: string, action: string) => `/api/admin/orders/${orderNumber}/${action}`;

/** The shipped e-mail to `email`, as a mail reader sees it. */
async function shippedMail(email: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await t.deps.outbox.drain();
    for (const m of smtp.received) {
      if (!m.to.includes(email)) continue;
      const parsed = await simpleParser(m.raw);
      if (parsed.subject?.endsWith("has shipped")) return parsed;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no shipped mail to ${email}: ${smtp.received.map((m) => m.to.join()).join("; ")}`);
}

test("a tracking number typed with spaces and dashes is kept normalised, with its carrier; the e-mail and order page link to the carrier", async () => {
  const { orderNumber, id, customer } = orderOf("ann@example.com");
  expect((await admin.json(path(orderNumber, "mark-paid"))).status).toBe(200);
  const res = await admin.json(path(orderNumber, "ship"), { trackingNumber: " 33 lpx 0012-3456 ", carrier: "startrack" });
  expect(res.status).toBe(200);
  const url = "https://startrack.com.au/track/details/33LPX00123456";
  expect((await res.json()) as AdminOrderDetail).toMatchObject({ trackingNumber: "33LPX00123456", carrier: "startrack", trackingUrl: url });
  expect(t.db.select({ n: orders.trackingNumber, c: orders.carrier }).from(orders).where(eq(orders.id, id)).get()).toEqual({
    n: "33LPX00123456",
    c: "startrack",
  });

  const sent = await shippedMail("ann@example.com");
  expect(sent.text).toContain("Carrier: StarTrack");
  expect(sent.text).toContain("Tracking number: 33LPX00123456");
  expect(sent.text).toContain(`Track it on the StarTrack website: ${url}`);
  expect(sent.html || "").toContain(`href="${url}"`);

  const page = await customer.get(`/orders/${orderNumber.toLowerCase()}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Your order is on its way with StarTrack.");
  expect(html).toContain(`href="${url}"`);
  expect(html).toContain("(opens StarTrack tracking in a new tab)");
});

test.each([
  ["auspost", "Australia Post", "https://auspost.com.au/mypost/track/details/AP12345678"],
  ["sendle", "Sendle", "https://track.sendle.com/tracking?ref=AP12345678"],
  ["couriers_please", "Couriers Please", "https://www.couriersplease.com.au/tools-track/no/AP12345678"],
] as const)("%s links to its own tracking page", async (carrier, name, url) => {
  const { orderNumber } = orderOf("bea@example.com");
  await admin.json(path(orderNumber, "mark-paid"));
  const shipped = (await (await admin.json(path(orderNumber, "ship"), { trackingNumber: "ap-1234-5678", carrier })).json()) as AdminOrderDetail;
  expect(shipped.trackingUrl).toBe(url);
  const sent = await shippedMail("bea@example.com");
  expect(sent.text).toContain(`Track it on the ${name} website: ${url}`);
});

test("another carrier: the number alone, no link", async () => {
  const { orderNumber, customer } = orderOf("cal@example.com");
  await admin.json(path(orderNumber, "mark-paid"));
  const shipped = (await (await admin.json(path(orderNumber, "ship"), { trackingNumber: "XYZ 998877", carrier: "other" })).json()) as AdminOrderDetail;
  expect(shipped).toMatchObject({ trackingNumber: "XYZ998877", carrier: "other", trackingUrl: null });
  const sent = await shippedMail("cal@example.com");
  expect(sent.text).toContain("Tracking number: XYZ998877");
  expect(sent.text).not.toContain("Track it");
  expect(sent.text).not.toContain("Carrier:");
  const html = await (await customer.get(`/orders/${orderNumber.toLowerCase()}`)).text();
  expect(html).toContain("Your order is on its way.");
  expect(html).toContain("XYZ998877");
  expect(html).not.toContain("track/details");
});

test("an unknown carrier or none is refused with the field named; nothing ships", async () => {
  const { orderNumber, id } = orderOf("dee@example.com");
  await admin.json(path(orderNumber, "mark-paid"));
  for (const carrier of [undefined, "", "dhl"]) {
    const res = await admin.json(path(orderNumber, "ship"), { trackingNumber: "AP12345678", carrier });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.carrier).toBe("Choose who carries the parcel");
  }
  expect(t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)).get()?.s).toBe("processing");
});

test("Mark verified records the document sighted and the signed-in admin, on the order and in the audit log", async () => {
  t.db.update(products).set({ requiresVerification: true }).where(eq(products.slug, "covert-dash-cam-4k")).run();
  const { orderNumber } = orderOf("eve@example.com");
  const checker = adminClient(t, "sam");
  for (const body of [{}, { document: "library_card" }]) {
    const res = await checker.json(path(orderNumber, "verify"), body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.document).toBe("Choose the ID document you sighted");
  }
  // A name in the request is not who saw it: the signed-in admin is.
  const res = await checker.json(path(orderNumber, "verify"), { document: "passport", verifiedBy: "someone else" });
  expect(res.status).toBe(200);
  const detail = (await res.json()) as AdminOrderDetail;
  expect(detail.verification).toEqual({ document: "passport", by: "sam", at: expect.any(String) });
  expect((await admin.read<AdminOrderDetail>(`/api/admin/orders/${orderNumber}`)).verification).toMatchObject({ document: "passport", by: "sam" });
  const entry = t.db.select().from(auditLog).where(eq(auditLog.action, "order.verify")).get();
  expect(entry).toMatchObject({
    adminUsername: "sam",
    summary: `Marked order ${orderNumber} verified (passport sighted by sam)`,
    after: { document: "passport", verifiedBy: "sam" },
  });
});

test("an order not yet checked has no verification", async () => {
  const { orderNumber } = orderOf("fay@example.com");
  expect((await admin.read<AdminOrderDetail>(`/api/admin/orders/${orderNumber}`)).verification).toBeNull();
});
