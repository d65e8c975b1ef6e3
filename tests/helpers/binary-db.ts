/**
 * Run with Bun by the end-to-end specs that drive dist/pi-site (Playwright runs in Node, which has
 * no bun:sqlite). Prints JSON on stdout.
 *   prepare DATA_DIR USERS   customers with sessions, bookable slots, a high pending-bookings cap
 *   checkout DATA_DIR USERS STOCK
 *                            customers with sessions, each with one of a product in the cart,
 *                            whose stock is set to STOCK
 *   check DATA_DIR           integrity, slot counters against their rows, and which booking ids
 *                            read from stdin (one per line) are missing
 *   query DB_FILE SQL        the rows of one query
 */
import { Database } from "bun:sqlite";
import { databaseFile, openDatabase } from "../../src/db/client.server";
import { seedDatabase } from "../../src/db/seed/index.server";
import { eq } from "drizzle-orm";
import { cartItems, products, settings } from "../../src/db/schema";
import { generateSlots } from "../../src/db/timeslots.server";
import { businessToday } from "../../src/domain/slots";
import { addDays } from "../../src/domain/timezone";
import { defaultSettings } from "../../src/shared/settings";
import { customerWithSession } from "../factories";

const [command, target, arg] = process.argv.slice(2);
const tz = defaultSettings.timezone;

if (command === "prepare") {
  const db = openDatabase(databaseFile(target!));
  seedDatabase(db);
  const value = JSON.stringify(100_000);
  db.insert(settings).values({ key: "maxPendingBookings", value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
  const today = businessToday(new Date(), tz);
  generateSlots(db, addDays(today, 2), addDays(today, 29), defaultSettings.businessHours, tz);
  db.$client.exec("UPDATE time_slots SET max_bookings = 10");
  const stamp = Date.now();
  const cookies = Array.from({ length: Number(arg) }, (_, i) => customerWithSession(db, `load${i}-${stamp}@example.com`).cookie);
  const slots = db.$client.query("SELECT date, time FROM time_slots").all();
  db.$client.close();
  console.log(JSON.stringify({ cookies, slots }));
} else if (command === "checkout") {
  const [count, stock] = [Number(arg), Number(process.argv[5])];
  const db = openDatabase(databaseFile(target!));
  seedDatabase(db);
  const slug = "covert-body-worn-camera-4k";
  const product = db.update(products).set({ stockQuantity: stock, isActive: true }).where(eq(products.slug, slug)).returning({ id: products.id }).get();
  if (!product) throw new Error(`no product ${slug}`);
  const stamp = Date.now();
  const cookies = Array.from({ length: count }, (_, i) => {
    const customer = customerWithSession(db, `buyer${i}-${stamp}@example.com`);
    db.insert(cartItems).values({ userId: customer.userId, productId: product.id, quantity: 1 }).run();
    return customer.cookie;
  });
  db.$client.close();
  console.log(JSON.stringify({ cookies, productId: product.id }));
} else if (command === "check") {
  const db = new Database(databaseFile(target!), { strict: true });
  const integrity = db
    .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
    .all()
    .map((r) => r.integrity_check)
    .join("; ");
  const counterMismatches = db
    .query(
      `SELECT s.id, s.current_bookings AS counter, count(b.id) AS rows FROM time_slots s
       LEFT JOIN bookings b ON b.time_slot_id = s.id AND b.status IN ('pending', 'confirmed')
       GROUP BY s.id HAVING counter <> rows`,
    )
    .all();
  const wanted = (await Bun.stdin.text()).split("\n").filter(Boolean);
  const present = new Set(
    db
      .query<{ id: string }, []>("SELECT id FROM bookings")
      .all()
      .map((r) => r.id),
  );
  const bookings = present.size;
  db.close();
  console.log(JSON.stringify({ integrity, counterMismatches, missing: wanted.filter((id) => !present.has(id)), bookings }));
} else if (command === "query") {
  const db = new Database(target!, { readonly: true });
  console.log(JSON.stringify(db.query(arg!).all()));
  db.close();
} else {
  console.error("usage: binary-db.ts prepare DATA_DIR USERS | checkout DATA_DIR USERS STOCK | check DATA_DIR | query DB_FILE SQL");
  process.exit(2);
}
