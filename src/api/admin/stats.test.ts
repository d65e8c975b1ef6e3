import { expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { adminStats } from "../../db/admin-stats.server";
import { updateSetting } from "../../db/settings.server";
import { type Address, bookings, orders, payments, products } from "../../db/schema";
import { seedProducts } from "../../db/seed/catalogue";
import type { BookingStatus } from "../../domain/booking";
import type { OrderPaymentStatus, OrderStatus } from "../../domain/order";
import type { PaymentStatus } from "../../domain/payment";
import { addDays, zonedParts, zonedToInstant } from "../../domain/timezone";
import type { AdminStats } from "../../shared/admin-stats";
import { adminWithToken } from "../../../tests/factories";
import { countRows } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const adelaide = "Australia/Adelaide";
const { t, admin } = adminAppPerTest();

const stats = () => admin.read<AdminStats>("/api/admin/stats");

const address: Address = { name: "Ann Lee", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
let orderNumber = 0;
function order(totalAmount: string, status: OrderStatus, paymentStatus: OrderPaymentStatus) {
  orderNumber++;
  t.db
    .insert(orders)
    .values({ orderNumber: `ORD-${orderNumber}`, status, paymentStatus, totalAmount, subtotal: totalAmount, shippingAddress: address, billingAddress: address })
    .run();
}

let paymentNumber = 0;
function payment(amount: string, method: string, status: PaymentStatus) {
  paymentNumber++;
  t.db
    .insert(payments)
    .values({ serviceName: "Partner Check", method, amount, referenceCode: `PAY-TEST-${String(paymentNumber).padStart(4, "0")}`, status })
    .run();
}

function booking(createdAt: Date, status: BookingStatus = "pending") {
  t.db
    .insert(bookings)
    .values({ serviceName: "Partner Check", servicePrice: "295.00", appointmentDate: "2026-03-10", appointmentTime: "10:00", status, createdAt })
    .run();
}

/** The instant of a local date and time in Adelaide (these times always exist there). */
function inAdelaide(date: string, time: string): Date {
  const instant = zonedToInstant(date, time, adelaide);
  if (!instant) throw new Error(`${date} ${time} does not exist in ${adelaide}`);
  return instant;
}

test("no token: 401", async () => {
  expect((await t.request("/api/admin/stats")).status).toBe(401);
});

test("the seeded site: every product counted, an inactive one too; no orders, revenue or bookings", async () => {
  t.db.update(products).set({ isActive: false }).where(eq(products.slug, "covert-dash-cam-4k")).run();
  expect(countRows(t, "products")).toBe(seedProducts.length);
  expect(await stats()).toEqual({
    totalProducts: seedProducts.length,
    totalOrders: 0,
    pendingOrders: 0,
    totalRevenue: "0.00",
    revenue: [{ currency: "USD", total: "0.00" }],
    recentBookings: 0,
  });
});

test("revenue: paid orders and completed payments in exact cents, less refunds; requests and unpaid orders not counted", async () => {
  order("1000.00", "processing", "paid");
  order("0.10", "delivered", "paid"); // 0.10 + 0.20 is not 0.30 in floating point: summed as cents
  order("0.20", "shipped", "paid");
  order("75.25", "pending", "pending");
  order("50.00", "cancelled", "failed");
  order("120.00", "on_hold", "pending");
  order("300.00", "refunded", "refunded"); // paid, then refunded: nets to nothing
  order("400.00", "refunded", "paid"); // the order says refunded: not money kept
  payment("234.26", "paypal", "completed");
  payment("500.00", "bank-transfer", "requested");
  payment("99.00", "paypal", "review");
  payment("45.00", "paypal", "created");

  expect(await stats()).toMatchObject({ totalOrders: 8, pendingOrders: 1, totalRevenue: "1234.56" });
});

test("revenue is never added across currencies: each currency's total, today's setting first (decision 086)", async () => {
  order("100.00", "processing", "paid");
  payment("20.50", "paypal", "completed");
  // Before the owner switched to euros: orders and payments kept in the currency they were made in.
  order("300.00", "delivered", "paid");
  t.db
    .update(orders)
    .set({ currency: "EUR" })
    .where(eq(orders.orderNumber, `ORD-${orderNumber}`))
    .run();
  payment("0.10", "paypal", "completed");
  payment("0.20", "bank-transfer", "completed");
  t.db.update(payments).set({ currency: "EUR" }).where(sql`${payments.amount} in ('0.10', '0.20')`).run();
  order("9.99", "processing", "paid");
  t.db
    .update(orders)
    .set({ currency: "AUD" })
    .where(eq(orders.orderNumber, `ORD-${orderNumber}`))
    .run();

  expect(await stats()).toMatchObject({
    totalOrders: 3,
    totalRevenue: "120.50",
    revenue: [
      { currency: "USD", total: "120.50" },
      { currency: "AUD", total: "9.99" },
      { currency: "EUR", total: "300.30" },
    ],
  });
  // With euros the setting, euros come first; the figure read alone is the setting's.
  updateSetting(t.db, "currency", "EUR");
  expect(await stats()).toMatchObject({
    totalRevenue: "300.30",
    revenue: [
      { currency: "EUR", total: "300.30" },
      { currency: "AUD", total: "9.99" },
      { currency: "USD", total: "120.50" },
    ],
  });
});

test("a PayPal payment that pays a shop order is counted once, as the order's money; gone once refunded", async () => {
  order("150.00", "processing", "paid");
  const paidOrder = t.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, `ORD-${orderNumber}`))
    .get();
  t.db
    .insert(payments)
    .values({ serviceName: "Order", method: "paypal", amount: "150.00", referenceCode: "PAY-ORDER-1", status: "completed", shopOrderId: paidOrder?.id })
    .run();
  payment("20.00", "paypal", "completed");
  expect(await stats()).toMatchObject({ totalOrders: 1, totalRevenue: "170.00" });
  t.db.update(orders).set({ status: "refunded", paymentStatus: "refunded" }).run();
  t.db.update(payments).set({ status: "refunded" }).where(eq(payments.referenceCode, "PAY-ORDER-1")).run();
  expect((await stats()).totalRevenue).toBe("20.00");
});

test("bookings this month in Adelaide: 00:30 on the 1st counts, 23:30 on the last day of the month before does not; cancelled ones never", async () => {
  const { year, month } = zonedParts(new Date(), adelaide);
  const first = `${year}-${String(month).padStart(2, "0")}-01`;
  booking(inAdelaide(first, "00:30"));
  booking(inAdelaide(addDays(first, -1), "23:30"));
  booking(inAdelaide(first, "00:45"), "cancelled");
  booking(inAdelaide(first, "01:00"), "confirmed");

  expect((await stats()).recentBookings).toBe(2);
});

test("the month is the business timezone's calendar month, across a year end", () => {
  const now = inAdelaide("2026-01-15", "12:00");
  booking(inAdelaide("2025-12-31", "23:30"));
  booking(inAdelaide("2026-01-01", "00:00"));
  booking(inAdelaide("2026-01-31", "23:59"), "completed");
  booking(inAdelaide("2026-02-01", "00:00"));
  expect(adminStats(t.db, adelaide, now).recentBookings).toBe(2);
  // In Los Angeles, 00:00 on 1 January in Adelaide is still 31 December, and 00:00 on 1 February is 31 January.
  expect(adminStats(t.db, "America/Los_Angeles", now).recentBookings).toBe(2);
  // Noon on 1 January in Adelaide is still 31 December there: the first two are that month's.
  expect(adminStats(t.db, "America/Los_Angeles", inAdelaide("2026-01-01", "12:00")).recentBookings).toBe(2);
});

test("staff get the work, not the money: no revenue and no order total in their answer, while an owner gets both", async () => {
  order("120.00", "processing", "paid");
  order("80.00", "pending", "pending");
  payment("295.00", "paypal", "completed");
  const staff = adminWithToken(t.db, "sam", undefined, "staff");
  const res = await t.request("/api/admin/stats", { headers: { authorization: staff.authorization } });
  expect(res.status).toBe(200);
  const body = await res.text();
  // Not hidden on the page: the figures are not sent at all.
  expect(JSON.parse(body)).toEqual({ totalProducts: seedProducts.length, pendingOrders: 1, recentBookings: 0 });
  expect(body).not.toContain("totalRevenue");
  expect(body).not.toContain("495");
  expect(await stats()).toMatchObject({ totalOrders: 2, pendingOrders: 1, totalRevenue: "415.00" });
});
