import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminWithToken, customerWithSession, placedOrders } from "../../tests/factories";
import { createSession } from "../server/auth/sessions.server";
import { startedPerTest } from "../../tests/helpers/per-test";
import type { TestApp } from "../../tests/helpers/test-app";
import { changeOrder } from "../db/orders.server";
import { orders, payments, settings } from "../db/schema";
import { markPaymentRequestPaid } from "../db/admin-payments.server";

const started = startedPerTest();

const admin = { actor: "admin" as const };
const setSetting = (app: TestApp, key: string, value: unknown) =>
  app.db
    .update(settings)
    .set({ value: JSON.stringify(value) })
    .where(eq(settings.key, key))
    .run();

test("an order's invoice: 404 before payment and for anyone else's, the tax invoice once paid, kept and marked when refunded", async () => {
  const t = started.app();
  setSetting(t, "abn", "51824753556");
  const [order] = placedOrders(t.db, "ann@example.com");
  const ann = customerWithSession(t.db, "ann2@example.com");
  const other = customerWithSession(t.db, "other@example.com");
  // Signed in as the order's customer: placedOrders made the user; this gives them a session.
  const cookie = `pi_session=${createSession(t.db, order!.userId).token}`;
  const path = `/orders/${order!.orderNumber.toLowerCase()}/invoice`;

  expect((await t.request(path, { headers: { Cookie: cookie } })).status).toBe(404);
  changeOrder(t.db, order!.orderId, { kind: "mark_paid" }, admin);
  const res = await t.request(path, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const stored = t.db.select().from(orders).where(eq(orders.id, order!.orderId)).get()!;
  expect(html).toContain("Tax invoice");
  expect(html).toContain("INV-000001");
  expect(html).toContain("ABN 51 824 753 556");
  expect(html).toContain("Adelaide Discreet Investigations");
  expect(html).toMatch(new RegExp(`data-testid="invoice-total"[^>]*>\\$${Number(stored.totalAmount)}`));
  expect(html).toMatch(new RegExp(`data-testid="invoice-gst"[^>]*>\\$${stored.taxAmount}`));
  expect(html).toContain("Bank transfer");
  expect(html).not.toContain("<script");
  expect(res.headers.get("cache-control")).toContain("no-store");

  // Someone else's order, a made-up number and a signed-out visitor never see it.
  expect((await t.request(path, { headers: { Cookie: ann.cookie } })).status).toBe(404);
  expect((await t.request(path, { headers: { Cookie: other.cookie } })).status).toBe(404);
  expect((await t.request("/orders/pi-zzzz-zzzz/invoice", { headers: { Cookie: cookie } })).status).toBe(404);
  expect((await t.request("/orders/not-a-number/invoice", { headers: { Cookie: cookie } })).status).toBe(404);
  // Signed out: the sign-in page (401), never the invoice.
  const signedOut = await t.request(path);
  expect(signedOut.status).toBe(401);
  expect(await signedOut.text()).not.toContain("INV-000001");

  changeOrder(t.db, order!.orderId, { kind: "refund" }, admin);
  const refunded = await (await t.request(path, { headers: { Cookie: cookie } })).text();
  expect(refunded).toContain("INV-000001");
  expect(refunded).toContain('data-testid="invoice-refunded"');
  // The order page links to it, by the name the invoice gives itself.
  const orderPage = await (await t.request(`/orders/${order!.orderNumber.toLowerCase()}`, { headers: { Cookie: cookie } })).text();
  expect(orderPage).toContain(path);
  expect(orderPage).toMatch(/data-testid="order-invoice-link"[^>]*>Tax invoice \(refunded\) INV-000001</);
});

test("without an ABN no GST is charged or shown, and nothing says tax invoice: the invoice and the order page (decision 068)", async () => {
  const t = started.app();
  // GST is on (the default) but no ABN is recorded.
  const [order] = placedOrders(t.db, "ann@example.com");
  const cookie = `pi_session=${createSession(t.db, order!.userId).token}`;
  expect(t.db.select().from(orders).where(eq(orders.id, order!.orderId)).get()!.taxAmount).toBe("0.00");
  changeOrder(t.db, order!.orderId, { kind: "mark_paid" }, admin);
  const html = await (await t.request(`/orders/${order!.orderNumber.toLowerCase()}/invoice`, { headers: { Cookie: cookie } })).text();
  expect(html).toContain(">Invoice<");
  expect(html).not.toMatch(/tax invoice/i);
  expect(html).not.toContain("GST");
  expect(html).not.toContain('data-testid="invoice-gst"');
  const orderPage = await (await t.request(`/orders/${order!.orderNumber.toLowerCase()}`, { headers: { Cookie: cookie } })).text();
  expect(orderPage).toMatch(/data-testid="order-invoice-link"[^>]*>Invoice INV-000001</);
  expect(orderPage).not.toMatch(/tax invoice/i);
  expect(orderPage).not.toContain("GST included");
});

test("an invoice kept without an ABN shows no GST even if some was recorded, and is not called a tax invoice anywhere", async () => {
  const t = started.app();
  const [order] = placedOrders(t.db, "ann@example.com");
  // As orders were priced before GST needed an ABN: GST recorded, no ABN.
  t.db.update(orders).set({ taxAmount: "38.91" }).where(eq(orders.id, order!.orderId)).run();
  changeOrder(t.db, order!.orderId, { kind: "mark_paid" }, admin);
  const cookie = `pi_session=${createSession(t.db, order!.userId).token}`;
  const html = await (await t.request(`/orders/${order!.orderNumber.toLowerCase()}/invoice`, { headers: { Cookie: cookie } })).text();
  expect(html).toContain(">Invoice<");
  expect(html).not.toMatch(/tax invoice/i);
  expect(html).not.toContain("38.91");
  expect(html).not.toContain("GST");
  const orderPage = await (await t.request(`/orders/${order!.orderNumber.toLowerCase()}`, { headers: { Cookie: cookie } })).text();
  expect(orderPage).toMatch(/data-testid="order-invoice-link"[^>]*>Invoice INV-000001</);
  expect(orderPage).not.toMatch(/tax invoice/i);
});

test("with an ABN but GST off, the document is an invoice with the ABN and no GST", async () => {
  const t = started.app();
  setSetting(t, "abn", "51824753556");
  setSetting(t, "gstEnabled", false);
  const [order] = placedOrders(t.db, "ann@example.com");
  changeOrder(t.db, order!.orderId, { kind: "mark_paid" }, admin);
  const cookie = `pi_session=${createSession(t.db, order!.userId).token}`;
  const html = await (await t.request(`/orders/${order!.orderNumber.toLowerCase()}/invoice`, { headers: { Cookie: cookie } })).text();
  expect(html).toContain(">Invoice<");
  expect(html).toContain("ABN 51 824 753 556");
  expect(html).not.toMatch(/tax invoice/i);
  expect(html).not.toContain("GST");
});

test("a paid service payment's invoice is on the dashboard and only its customer's", async () => {
  const t = started.app();
  const cara = customerWithSession(t.db, "cara@example.com");
  const dan = customerWithSession(t.db, "dan@example.com");
  const payment = t.db
    .insert(payments)
    .values({
      userId: cara.userId,
      serviceId: "partner-check",
      serviceName: "Partner Check",
      method: "cash",
      amount: "295.00",
      currency: "USD",
      email: "cara@example.com",
      referenceCode: "PAY-ABCD-EFGH",
    })
    .returning()
    .get();
  const path = "/payments/pay-abcd-efgh/invoice";
  expect((await t.request(path, { headers: { Cookie: cara.cookie } })).status).toBe(404);
  const owner = adminWithToken(t.db, "owner");
  markPaymentRequestPaid(t.db, payment.id, { id: owner.adminId, username: "owner" });
  const html = await (await t.request(path, { headers: { Cookie: cara.cookie } })).text();
  expect(html).toContain("INV-000001");
  expect(html).toContain("Partner Check");
  expect(html).toContain("Cash deposit");
  // No ABN recorded: the payment's invoice records no GST and is called an invoice, on its page and on the dashboard.
  expect(html).not.toMatch(/tax invoice/i);
  expect(html).not.toContain("GST");
  expect((await t.request(path, { headers: { Cookie: dan.cookie } })).status).toBe(404);
  const dashboard = await (await t.request("/dashboard", { headers: { Cookie: cara.cookie } })).text();
  expect(dashboard).toContain(path);
  expect(dashboard).toContain(">Invoice INV-000001<");
  expect(dashboard).not.toMatch(/tax invoice/i);
  // The owner opens the same document in a tab to print: shown, not downloaded, its style sheet
  // allowed by its hash and no other inline style or script.
  const file = await t.request("/api/admin/invoices/INV-000001", { headers: { Authorization: owner.authorization } });
  expect(file.status).toBe(200);
  expect(file.headers.get("content-disposition")).toBe('inline; filename="INV-000001.html"');
  const document = await file.text();
  expect(document).toContain("Partner Check");
  const css = /<style>([\s\S]*?)<\/style>/.exec(document)?.[1] ?? "";
  const styleHash = `'sha256-${new Bun.CryptoHasher("sha256").update(css).digest("base64")}'`;
  expect(file.headers.get("content-security-policy")).toContain(`style-src 'self' ${styleHash}`);
  expect(file.headers.get("content-security-policy")).toContain("script-src 'self';");
  expect((await t.request("/api/admin/invoices/INV-000009", { headers: { Authorization: owner.authorization } })).status).toBe(404);
  expect((await t.request("/api/admin/invoices/INV-000001")).status).toBe(401);
});

/** The decoded body of the MIME part whose headers name `filename`. */
function attachmentOf(raw: string, filename: string): string | undefined {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  const part = parts.find((p) => p.includes(`filename=${filename}`) || p.includes(`filename="${filename}"`));
  if (!part) return undefined;
  const [head = "", ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(content.replace(/\s/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
    return content.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return content;
}

test("the paid e-mail carries the invoice as INV-000001.html with its number and totals, through a real SMTP server", async () => {
  const smtp = await started.smtpServer();
  const t = started.app({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com", MAIL_FROM: "Site <site@example.com>" });
  setSetting(t, "abn", "51824753556");
  const [order] = placedOrders(t.db, "ann@example.com");
  const before = smtp.received.length;
  const owner = adminWithToken(t.db, "owner");
  const res = await t.json(
    `/api/admin/orders/${order!.orderNumber}/mark-paid`,
    {},
    { headers: { Authorization: owner.authorization, Origin: "http://localhost" } },
  );
  expect(res.status).toBeLessThan(300);
  await t.deps.outbox.drain();
  const mails = await smtp.waitFor(before + 1);
  const paid = mails.find((m) => m.raw.includes("Payment received for order"));
  expect(paid).toBeDefined();
  const stored = t.db.select().from(orders).where(eq(orders.id, order!.orderId)).get()!;
  const document = attachmentOf(paid!.raw, "INV-000001.html");
  expect(document).toBeDefined();
  expect(document).toContain("<!doctype html>");
  expect(document).toContain("Tax invoice");
  expect(document).toContain("INV-000001");
  expect(document).toContain("51 824 753 556");
  expect(document).toContain(`$${Number(stored.totalAmount)}`);
  expect(document).toContain(`$${stored.taxAmount}`);
  expect(Number(stored.taxAmount)).toBeGreaterThan(0);
  expect(paid!.raw).toContain("Your tax invoice INV-000001 is attached");
});
