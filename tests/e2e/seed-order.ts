/**
 * Run by the order-expiry spec with Bun (Playwright runs under Node, which has no SQLite): places a
 * shop order straight into a site's database through our own modules, so it holds stock exactly
 * as checkout would, and moves an order's hold into the past.
 *
 *   bun tests/e2e/seed-order.ts <database file> place <e-mail> <product slug> <quantity>
 *       a customer with the product in their cart places a PayPal order; prints
 *       `{ orderId, orderNumber, productId }` as JSON.
 *   bun tests/e2e/seed-order.ts <database file> expire <order number>
 *       the order's hold on its stock ran out a minute ago.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/db/client.server";
import { placeOrder } from "../../src/db/orders.server";
import { cartItems, orders, products } from "../../src/db/schema";
import { customerWithSession } from "../helpers/sessions";

const [file, command, ...args] = process.argv.slice(2);
if (!file || !command) throw new Error("usage: seed-order.ts <database file> place <e-mail> <slug> <quantity> | expire <order number>");
// The site may hold the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);

if (command === "place") {
  const [email, slug, quantity] = args;
  if (!email || !slug || !quantity) throw new Error("place needs an e-mail, a product slug and a quantity");
  const product = db.select().from(products).where(eq(products.slug, slug)).get();
  if (!product) throw new Error(`no product ${slug}`);
  const { userId } = customerWithSession(db, email);
  db.insert(cartItems)
    .values({ userId, productId: product.id, quantity: Number(quantity) })
    .run();
  const address = { name: "Ann Lee", line1: "1 King William St", suburb: "Adelaide", state: "SA" as const, postcode: "5000", phone: "0412 345 678" };
  const placed = placeOrder(db, userId, { shippingAddress: address, paymentMethod: "paypal" });
  if (!placed.ok) throw new Error(`the order was not placed: ${placed.reason}`);
  console.log(JSON.stringify({ orderId: placed.order.id, orderNumber: placed.order.orderNumber, productId: product.id }));
} else if (command === "expire") {
  const [orderNumber] = args;
  if (!orderNumber) throw new Error("expire needs an order number");
  const expired = db
    .update(orders)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.orderNumber, orderNumber))
    .returning({ id: orders.id })
    .all();
  if (expired.length !== 1) throw new Error(`no order ${orderNumber}`);
} else {
  throw new Error(`unknown command ${command}`);
}
db.$client.close();
