/**
 * Run by the orders spec with Bun (Playwright runs under Node, which has no SQLite): places shop
 * orders straight in a running site's database, through placeOrder as checkout does.
 *
 *   bun tests/e2e/admin/seed-orders.ts <database file> <email> <count>
 *       a customer <email> placing `count` bank-transfer orders of one dash cam each;
 *       prints their order numbers, oldest first, as JSON.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../../src/db/client.server";
import { placeOrder } from "../../../src/db/orders.server";
import { cartItems, products, users } from "../../../src/db/schema";

const [file, email, count] = process.argv.slice(2);
if (!file || !email || !count) throw new Error("usage: seed-orders.ts <database file> <email> <count>");
// The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);
const user = db.insert(users).values({ email, firstName: "Orla", lastName: "Finch" }).returning({ id: users.id }).get();
const product = db.select({ id: products.id }).from(products).where(eq(products.slug, "covert-dash-cam-4k")).get();
if (!product) throw new Error("the seeded dash cam is missing");
const numbers: string[] = [];
for (let i = 0; i < Number(count); i++) {
  db.insert(cartItems).values({ userId: user.id, productId: product.id, quantity: 1 }).run();
  const result = placeOrder(db, user.id, {
    shippingAddress: { name: "Orla Finch", line1: "5 Rundle Mall", suburb: "Adelaide", state: "SA", postcode: "5000", phone: "0412 345 678" },
    paymentMethod: "bank_transfer",
  });
  if (!result.ok) throw new Error(`could not place an order: ${result.reason}`);
  numbers.push(result.order.orderNumber);
}
db.$client.close();
console.log(JSON.stringify(numbers));
