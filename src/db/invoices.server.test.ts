import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import { adminWithToken, customerWithSession, paymentDetails, placedOrders } from "../../tests/factories";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { formatInvoiceNumber, invoiceTotals, parseInvoiceNumber } from "../domain/invoice";
import { databaseFile } from "./client.server";
import { customerInvoicedPayments, customerOrderInvoice, invoiceByNumber, orderInvoiceNumber } from "./invoices.server";
import { changeOrder } from "./orders.server";
import { markPaymentRequestPaid } from "./admin-payments.server";
import { invoices, orders, payments, products, settings } from "./schema";
import { eq } from "drizzle-orm";

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
  // Bank transfer is on offer only with the owner's real details (decision 067).
  paymentDetails(t.db);
});
afterEach(() => t.close());

const admin = { actor: "admin" as const };
const numbersOf = (db: TestApp["db"]) =>
  db
    .select({ n: invoices.number })
    .from(invoices)
    .all()
    .map((r) => r.n)
    .sort((a, b) => a - b);

/** A waiting payment request of a Partner Check for `userId` (what the payment dialog records). */
const paymentRequest = (userId: string, referenceCode: string, amount: string, email = "cara@example.com") =>
  t.db
    .insert(payments)
    .values({ userId, serviceId: "partner-check", serviceName: "Partner Check", method: "instructions", amount, currency: "USD", email, referenceCode })
    .returning()
    .get();

test("invoice numbers read INV-000042 and parse back; nothing else parses", () => {
  expect(formatInvoiceNumber(42)).toBe("INV-000042");
  expect(parseInvoiceNumber("inv-000042")).toBe(42);
  expect(parseInvoiceNumber("INV-0")).toBeNull();
  expect(parseInvoiceNumber("42")).toBeNull();
  expect(parseInvoiceNumber("INV-42; DROP")).toBeNull();
});

test("each paid order takes the next number once, in the order paid; an unpaid one has none; a refund keeps it", () => {
  const [a, b] = placedOrders(t.db, "ann@example.com", { count: 2 });
  const [c] = placedOrders(t.db, "abe@example.com");
  expect(orderInvoiceNumber(t.db, a!.orderId)).toBeNull();
  expect(changeOrder(t.db, b!.orderId, { kind: "mark_paid" }, admin).ok).toBe(true);
  expect(changeOrder(t.db, a!.orderId, { kind: "mark_paid" }, admin).ok).toBe(true);
  expect(orderInvoiceNumber(t.db, b!.orderId)).toBe("INV-000001");
  expect(orderInvoiceNumber(t.db, a!.orderId)).toBe("INV-000002");
  // Paying again is refused and issues nothing.
  expect(changeOrder(t.db, a!.orderId, { kind: "mark_paid" }, admin).ok).toBe(false);
  expect(changeOrder(t.db, a!.orderId, { kind: "refund" }, admin).ok).toBe(true);
  expect(orderInvoiceNumber(t.db, a!.orderId)).toBe("INV-000002");
  expect(invoiceByNumber(t.db, 2)?.refunded).toBe(true);
  expect(orderInvoiceNumber(t.db, c!.orderId)).toBeNull();
  expect(numbersOf(t.db)).toEqual([1, 2]);
});

test("an invoice is kept for ever: the database refuses to delete one or change its number", () => {
  const [a] = placedOrders(t.db, "ann@example.com");
  changeOrder(t.db, a!.orderId, { kind: "mark_paid" }, admin);
  expect(() => t.db.delete(invoices).run()).toThrow("invoices are kept");
  expect(() => t.db.update(invoices).set({ number: 7 }).run()).toThrow("an invoice keeps its number");
  // Even with its order gone, the number stays taken: the next invoice is 2.
  t.db.delete(orders).where(eq(orders.id, a!.orderId)).run();
  const [b] = placedOrders(t.db, "bob@example.com");
  changeOrder(t.db, b!.orderId, { kind: "mark_paid" }, admin);
  expect(numbersOf(t.db)).toEqual([1, 2]);
});

test("a service payment marked paid by the owner takes a number in the same sequence as orders", () => {
  // With an ABN, so the payment records its GST (decision 068).
  t.db
    .update(settings)
    .set({ value: JSON.stringify("51824753556") })
    .where(eq(settings.key, "abn"))
    .run();
  const { userId } = customerWithSession(t.db, "cara@example.com");
  const [order] = placedOrders(t.db, "dan@example.com");
  changeOrder(t.db, order!.orderId, { kind: "mark_paid" }, admin);
  const payment = paymentRequest(userId, "PAY-ABCD-EFGH", "295.00");
  const owner = adminWithToken(t.db, "owner");
  expect(markPaymentRequestPaid(t.db, payment.id, { id: owner.adminId, username: "owner" }).ok).toBe(true);
  const invoice = invoiceByNumber(t.db, 2);
  expect(invoice).toMatchObject({
    number: "INV-000002",
    reference: `Payment ${payment.referenceCode}`,
    totalAmount: "295.00",
    taxAmount: "26.82",
    currency: "USD",
    title: "Tax invoice",
  });
});

test("without an ABN a service payment records no GST and its invoice is not a tax invoice (decision 068)", () => {
  const { userId } = customerWithSession(t.db, "cara@example.com");
  const payment = paymentRequest(userId, "PAY-ABCD-EFGH", "295.00");
  const owner = adminWithToken(t.db, "owner");
  expect(markPaymentRequestPaid(t.db, payment.id, { id: owner.adminId, username: "owner" }).ok).toBe(true);
  expect(t.db.select().from(invoices).get()).toMatchObject({ abn: "", taxAmount: "0.00" });
  const invoice = invoiceByNumber(t.db, 1)!;
  expect(invoice).toMatchObject({ title: "Invoice", taxAmount: "0.00" });
  expect(invoiceTotals(invoice).map((r) => r.label)).toEqual(["Total (USD)"]);
  expect(customerInvoicedPayments(t.db, userId)[0]).toMatchObject({ invoiceNumber: "INV-000001", invoiceTitle: "Invoice" });
});

test("orders paid at the same moment by several processes never share or skip a number", async () => {
  const workers = 4;
  const perWorker = 6;
  t.db.update(products).set({ stockQuantity: 1000 }).run();
  const placed = Array.from({ length: workers * perWorker }, (_, i) => placedOrders(t.db, `race${i}@example.com`)[0]!);
  const file = databaseFile(t.dataDir);
  const runs = Array.from({ length: workers }, (_, w) =>
    Bun.spawn(
      [
        "bun",
        join(import.meta.dir, "../../tests/helpers/pay-orders-worker.ts"),
        file,
        ...placed.filter((_, i) => i % workers === w).map((o) => String(o.orderId)),
      ],
      {
        stdout: "pipe",
        stderr: "inherit",
      },
    ),
  );
  const given = (await Promise.all(runs.map(async (p) => JSON.parse(await new Response(p.stdout).text()) as string[]))).flat();
  for (const p of runs) expect(await p.exited).toBe(0);
  expect(given).toHaveLength(workers * perWorker);
  expect(new Set(given).size).toBe(given.length);
  expect(numbersOf(t.db)).toEqual(Array.from({ length: workers * perWorker }, (_, i) => i + 1));
}, 30_000);

test("property: every paid order's invoice states exactly the total and GST the order stored", () => {
  let seed = Number(process.env.MONEY_SEED ?? Date.now() % 100_000);
  const first = seed;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const slugs = ["covert-dash-cam-4k", "gps-tracker-pro", "bug-detector-rf", "covert-body-worn-camera-4k"];
  for (let i = 0; i < 25; i++) {
    t.db
      .update(settings)
      .set({ value: JSON.stringify(random() < 0.5) })
      .where(eq(settings.key, "gstEnabled"))
      .run();
    // GST is recorded only with an ABN (decision 068): most cases have one.
    t.db
      .update(settings)
      .set({ value: JSON.stringify(random() < 0.8 ? "51824753556" : "") })
      .where(eq(settings.key, "abn"))
      .run();
    const slug = slugs[Math.floor(random() * slugs.length)]!;
    let order: ReturnType<typeof placedOrders>[number] | undefined;
    try {
      [order] = placedOrders(t.db, `p${i}@example.com`, {
        slug,
        quantity: 1 + Math.floor(random() * 3),
        paymentMethod: random() < 0.5 ? "paypal" : "bank_transfer",
      });
    } catch {
      continue; // a product of the seed catalogue may be missing or short
    }
    changeOrder(t.db, order!.orderId, { kind: "mark_paid" }, admin);
    const stored = t.db.select().from(orders).where(eq(orders.id, order!.orderId)).get()!;
    const invoice = customerOrderInvoice(t.db, order!.userId, stored.orderNumber);
    const where = `seed ${first}, order ${i}`;
    expect(invoice?.totalAmount, where).toBe(stored.totalAmount);
    expect(invoice?.taxAmount, where).toBe(stored.taxAmount);
    // A tax invoice exactly when the order recorded GST, which it did only with an ABN and GST on.
    expect(invoice?.title, where).toBe(Number(stored.taxAmount) > 0 ? "Tax invoice" : "Invoice");
    if (Number(stored.taxAmount) > 0) expect(invoice?.abn, where).not.toBe("");
    const lineSum = invoice!.lines.reduce((sum, l) => sum + Math.round(Number(l.total) * 100), 0);
    expect(lineSum, where).toBe(Math.round(Number(stored.subtotal) * 100));
    const totals = invoiceTotals(invoice!);
    expect(totals.find((r) => r.strong)?.amount, where).toBe(
      `$${Number(stored.totalAmount).toLocaleString("en-US", { minimumFractionDigits: Number.isInteger(Number(stored.totalAmount)) ? 0 : 2 })}`,
    );
  }
});

test("the dashboard lists a customer's invoiced service payments newest invoice first, and only theirs", () => {
  const { userId } = customerWithSession(t.db, "cara@example.com");
  const { userId: otherId } = customerWithSession(t.db, "dan@example.com");
  const owner = adminWithToken(t.db, "owner");
  const pay = (user: string, referenceCode: string, amount: string) =>
    expect(markPaymentRequestPaid(t.db, paymentRequest(user, referenceCode, amount).id, { id: owner.adminId, username: "owner" }).ok).toBe(true);
  pay(userId, "PAY-AAAA-AAAA", "295.00");
  pay(otherId, "PAY-BBBB-BBBB", "100.00");
  pay(userId, "PAY-CCCC-CCCC", "150.00");
  // Not invoiced (still waiting): not listed.
  paymentRequest(userId, "PAY-DDDD-DDDD", "1.00");
  expect(customerInvoicedPayments(t.db, userId).map((p) => [p.referenceCode, p.invoiceNumber, p.amount, p.refunded])).toEqual([
    ["PAY-CCCC-CCCC", "INV-000003", "150.00", false],
    ["PAY-AAAA-AAAA", "INV-000001", "295.00", false],
  ]);
  expect(customerInvoicedPayments(t.db, otherId).map((p) => p.invoiceNumber)).toEqual(["INV-000002"]);
});
