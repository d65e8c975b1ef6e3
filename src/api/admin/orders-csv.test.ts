import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { changeOrder, placeOrder } from "../../db/orders.server";
import { cartItems, orders, users } from "../../db/schema";
import { customerWithSession } from "../../../tests/factories";
import { productIdOf, testAddress } from "../../../tests/helpers/shop";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { expectCsvAttachment, readCsv } from "../../../tests/helpers/csv";
import { isoWithOffset } from "../../domain/timezone";

const { t, admin } = adminAppPerTest();

const productId = (slug: string) => productIdOf(t.db, slug);

/** A customer places an order for `quantity` dash cams, `minutesAgo` before now. */
function placed(email: string, firstName: string, quantity: number, minutesAgo: number, paymentMethod: "bank_transfer" | "crypto" = "bank_transfer") {
  const existing = t.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  const userId = existing?.id ?? customerWithSession(t.db, email, { firstName }).userId;
  t.db
    .insert(cartItems)
    .values({ userId, productId: productId("covert-dash-cam-4k"), quantity })
    .run();
  const result = placeOrder(t.db, userId, { shippingAddress: testAddress, paymentMethod }, new Date(Date.now() - minutesAgo * 60_000));
  if (!result.ok) throw new Error(result.reason);
  return { ...t.db.select().from(orders).where(eq(orders.id, result.order.id)).get()!, ...result.order };
}

test("GET /api/admin/orders.csv: the list's filters and search, every matching order, newest first, names neutralised", async () => {
  const older = placed("mallory@example.com", "=cmd|' /C calc'!A0", 2, 30);
  const newer = placed("ann@example.com", "Ann", 1, 5);
  const shipped = changeOrder(t.db, older.id, { kind: "mark_paid" }, { actor: "admin" }, new Date());
  expect(shipped.ok).toBe(true);
  expect(changeOrder(t.db, older.id, { kind: "ship", trackingNumber: "AP123456789" }, { actor: "admin" }, new Date()).ok).toBe(true);

  const res = await admin.get("/api/admin/orders.csv");
  const text = await expectCsvAttachment(res, /orders-\d{4}-\d{2}-\d{2}\.csv/);
  const lines = text.split("\r\n");
  expect(lines[0]).toBe(
    "Order number,Placed,Customer,E-mail,Phone,Items,Item count,Ship to,Shipping address,Subtotal,Discount,Shipping,GST,Total,Currency,Status,Payment,Payment method,Carrier,Tracking number",
  );
  expect(lines).toHaveLength(4);
  const records = readCsv(text);
  expect(records[1]).toEqual([
    newer.orderNumber,
    isoWithOffset(newer.createdAt, "Australia/Adelaide"),
    "Ann",
    "ann@example.com",
    "0412 345 678",
    "1 × 4K Covert Dual Dash Cam",
    "1",
    "Ann Lee",
    "1 King William St, Adelaide SA 5000",
    newer.subtotal,
    newer.discountAmount,
    newer.shippingAmount,
    newer.taxAmount,
    newer.totalAmount,
    "USD",
    "Awaiting payment",
    "Not paid yet",
    "Bank transfer",
    "",
    "",
  ]);
  expect(lines[2]).toStartWith(`${older.orderNumber},`);
  expect(lines[2]).toContain(",'=cmd|' /C calc'!A0,mallory@example.com,0412 345 678,2 × 4K Covert Dual Dash Cam,2,");
  expect(lines[2]).toEndWith(",USD,Shipped,Paid,Bank transfer,Australia Post,AP123456789");
  expect(Date.parse(lines[1]?.split(",")[1] ?? "")).toBe(Math.floor(newer.createdAt.getTime() / 1000) * 1000);

  const filtered = (await (await admin.get("/api/admin/orders.csv?status=shipped")).text()).split("\r\n");
  expect(filtered).toHaveLength(3);
  expect(filtered[1]).toStartWith(older.orderNumber);
  const searched = (await (await admin.get("/api/admin/orders.csv?search=ann%40example")).text()).split("\r\n");
  expect(searched.slice(1, -1).map((l) => l.split(",")[0])).toEqual([newer.orderNumber]);

  expect((await admin.get("/api/admin/orders.csv?status=lost")).status).toBe(400);
  expect((await t.request("/api/admin/orders.csv")).status).toBe(401);
});

test("GET /api/admin/orders.csv: each row's money adds up, the crypto discount included", async () => {
  const crypto = placed("cora@example.com", "Cora", 1, 3, "crypto");
  expect(Number(crypto.discountAmount)).toBeGreaterThan(0);
  const [header, row] = readCsv((await (await admin.get("/api/admin/orders.csv")).text()).slice(1));
  const column = (name: string) => Math.round(Number(row?.[header?.indexOf(name) ?? -1]) * 100);
  expect(column("Discount")).toBe(Math.round(Number(crypto.discountAmount) * 100));
  expect(column("Subtotal") - column("Discount") + column("Shipping")).toBe(column("Total"));
});

test("GET /api/admin/orders.csv: a spreadsheet reads names as written (byte-order mark, accents, Chinese) and phone-like names stay intact", async () => {
  placed("zoe@example.com", "Zoë 李", 1, 4);
  placed("plus@example.com", "+61 8 1234 5678", 1, 2);
  const records = readCsv(await expectCsvAttachment(await admin.get("/api/admin/orders.csv"), /orders-\d{4}-\d{2}-\d{2}\.csv/));
  const customer = records[0]?.indexOf("Customer") ?? -1;
  expect(records.slice(1).map((r) => r[customer])).toEqual(["+61 8 1234 5678", "Zoë 李"]);
});
