/**
 * Run by the users spec with Bun (Playwright runs under Node, which has no SQLite): writes straight
 * into a running site's database, as tests/e2e/create-customer.ts does.
 *
 *   bun tests/e2e/admin/seed-users.ts <database file> history <userId>
 *       4 bookings and 6 orders (with items) for the user, one minute apart, oldest first;
 *       prints their service names and order numbers, newest first, as JSON.
 *   bun tests/e2e/admin/seed-users.ts <database file> customers <count> <prefix>
 *       `count` customers <prefix>NN@example.com, created a minute apart (the last one newest).
 */
import { openDatabase } from "../../../src/db/client.server";
import { type Address, bookings, orderItems, orders, users } from "../../../src/db/schema";
import type { BookingStatus } from "../../../src/domain/booking";
import type { OrderStatus } from "../../../src/domain/order";

const [file, command, ...args] = process.argv.slice(2);
if (!file || !command) throw new Error("usage: seed-users.ts <database file> history <userId> | customers <count> <prefix>");
// The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

if (command === "history") {
  const [userId] = args;
  if (!userId) throw new Error("history needs a user id");
  const bookingStatuses: BookingStatus[] = ["completed", "cancelled", "confirmed", "pending"];
  const services = ["Discreet Check Up", "Partner Check", "Infidelity Investigation", "Full Cheating Investigation"];
  services.forEach((serviceName, i) => {
    db.insert(bookings)
      .values({
        userId,
        serviceName,
        servicePrice: ["75.00", "295.00", "695.00", "1295.00"][i] ?? "75.00",
        appointmentDate: `2026-0${i + 3}-1${i}`,
        appointmentTime: "10:00",
        status: bookingStatuses[i] ?? "pending",
        createdAt: minutesAgo(100 - i),
      })
      .run();
  });
  const address: Address = { name: "Ann Lee", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
  const orderStatuses: OrderStatus[] = ["delivered", "shipped", "processing", "pending", "on_hold", "cancelled"];
  const numbers: string[] = [];
  orderStatuses.forEach((status, i) => {
    const orderNumber = `PI-E2E${i}-${userId.slice(0, 4).toUpperCase()}`;
    numbers.push(orderNumber);
    const order = db
      .insert(orders)
      .values({
        userId,
        orderNumber,
        status,
        totalAmount: `${(i + 1) * 50}.00`,
        subtotal: `${(i + 1) * 50}.00`,
        shippingAddress: address,
        billingAddress: address,
        createdAt: minutesAgo(50 - i),
      })
      .returning({ id: orders.id })
      .get();
    db.insert(orderItems)
      .values({ orderId: order.id, quantity: i + 1, unitPrice: "50.00", totalPrice: `${(i + 1) * 50}.00`, productSnapshot: { name: `Gadget ${i}` } })
      .run();
  });
  console.log(JSON.stringify({ services: [...services].reverse(), orders: numbers.reverse() }));
} else if (command === "customers") {
  const count = Number(args[0]);
  const prefix = args[1];
  if (!Number.isInteger(count) || count < 1 || !prefix) throw new Error("customers needs a count and a prefix");
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(2, "0");
    db.insert(users)
      .values({ email: `${prefix}${n}@example.com`, firstName: "Pat", lastName: `${prefix} ${n}`, createdAt: minutesAgo(count - i) })
      .run();
  }
} else {
  throw new Error(`unknown command ${command}`);
}
db.$client.close();
