/**
 * Run by the analytics spec with Bun (Playwright runs under Node, which has no SQLite): writes a
 * little history straight into a running site's database, all within the last week.
 *
 *   bun tests/e2e/admin/seed-analytics.ts <database file>
 *       visits on the last three days, four bookings (one cancelled), two paid bank-transfer orders
 *       of the dash cam ($150.00 in all) and one completed PayPal service payment of $295.00.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../../src/db/client.server";
import { bookings, orderItems, orders, payments, products, visitLog } from "../../../src/db/schema";

const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: seed-analytics.ts <database file>");
// The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

for (const [daysAgo, visits] of [
  [0, 12],
  [1, 30],
  [2, 7],
] as const) {
  db.insert(visitLog)
    .values({ day: utcDay(daysAgo), visits })
    .onConflictDoUpdate({ target: visitLog.day, set: { visits } })
    .run();
}

const booking = (serviceName: string, servicePrice: string, createdAt: Date, status: "pending" | "confirmed" | "cancelled") =>
  db.insert(bookings).values({ serviceName, servicePrice, appointmentDate: "2027-01-20", appointmentTime: "10:00", status, createdAt }).run();
booking("Partner Check", "295.00", hoursAgo(2), "confirmed");
booking("Partner Check", "295.00", hoursAgo(30), "pending");
booking("Background Check", "150.00", hoursAgo(50), "pending");
booking("Surveillance Day", "900.00", hoursAgo(3), "cancelled");

const product = db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(eq(products.slug, "covert-dash-cam-4k")).get();
if (!product) throw new Error("the seeded dash cam is missing");
const address = { name: "Orla Finch", line1: "5 Rundle Mall", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
for (const [i, amount] of ["100.00", "50.00"].entries()) {
  const paidAt = hoursAgo(4 + i * 24);
  const order = db
    .insert(orders)
    .values({
      orderNumber: `ORD-ANALYTICS-${i + 1}`,
      status: "processing",
      paymentStatus: "paid",
      paymentMethod: "bank_transfer",
      totalAmount: amount,
      subtotal: amount,
      shippingAddress: address,
      billingAddress: address,
      paidAt,
      createdAt: paidAt,
    })
    .returning({ id: orders.id })
    .get();
  db.insert(orderItems)
    .values({
      orderId: order.id,
      productId: product.id,
      quantity: 1,
      unitPrice: amount,
      totalPrice: amount,
      productSnapshot: { name: product.name, slug: product.slug, image: "", requiresVerification: false },
    })
    .run();
}
db.insert(payments)
  .values({ serviceName: "Partner Check", method: "paypal", amount: "295.00", referenceCode: "PAY-ANLY-TCS2", status: "completed", paidAt: hoursAgo(5) })
  .run();
db.$client.close();
console.log(JSON.stringify({ product: product.name }));
