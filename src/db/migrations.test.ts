import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDirsPerTest } from "../../tests/helpers/temp-dirs";
import { applyMigrations, type Migration } from "./client.server";
import { migrations } from "./migrations.gen";

const tempDir = tempDirsPerTest("pi-site-migrate-");

/** A database file opened the way openDatabase opens it (foreign keys on). */
function freshFile() {
  const dir = tempDir();
  const file = join(dir, "pi-site.db");
  const sqlite = new Database(file, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  return { dir, file, sqlite };
}

const init: Migration = {
  tag: "0000_test_init",
  sql: [
    "CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id) ON DELETE CASCADE)",
  ].join(";\n--> statement-breakpoint\n"),
};

/** What drizzle-kit writes when a column changes: a new table, copy, drop, rename. */
const rebuildParent: Migration = {
  tag: "0001_test_rebuild",
  sql: [
    "PRAGMA foreign_keys=OFF",
    "CREATE TABLE __new_parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT)",
    "INSERT INTO __new_parent (id, name) SELECT id, name FROM parent",
    "DROP TABLE parent",
    "ALTER TABLE __new_parent RENAME TO parent",
    "PRAGMA foreign_keys=ON",
  ].join(";\n--> statement-breakpoint\n"),
};

function withData() {
  const db = freshFile();
  applyMigrations(db.sqlite, [init]);
  db.sqlite.exec("INSERT INTO parent (id, name) VALUES (1, 'Sam'), (2, 'Alex')");
  db.sqlite.exec("INSERT INTO child (id, parent_id) VALUES (10, 1), (11, 1), (12, 2)");
  return db;
}

test("a table rebuild does not cascade-delete the rows that point at it", () => {
  const { sqlite } = withData();
  expect(applyMigrations(sqlite, [init, rebuildParent])).toEqual(["0001_test_rebuild"]);
  expect(sqlite.query("SELECT count(*) AS n FROM child").get()).toEqual({ n: 3 });
  expect(sqlite.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
});

test("a migration that would break a foreign key is rolled back and not recorded", () => {
  const { sqlite } = withData();
  const orphaning: Migration = { tag: "0001_test_orphans", sql: "DELETE FROM parent WHERE id = 2" };
  expect(() => applyMigrations(sqlite, [init, orphaning])).toThrow(/would break foreign keys/);
  expect(sqlite.query("SELECT count(*) AS n FROM parent").get()).toEqual({ n: 2 });
  expect(sqlite.query("SELECT tag FROM __migrations").all()).toEqual([{ tag: "0000_test_init" }]);
  expect(sqlite.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
});

test("a database at an older migration is backed up beside itself before migrating", () => {
  const { dir, sqlite } = withData();
  applyMigrations(sqlite, [init, rebuildParent]);
  const backups = readdirSync(dir).filter((f) => /^pi-site-before-0001_test_rebuild-\d{8}T\d{6}Z\.db$/.test(f));
  expect(backups.length).toBe(1);
  const copy = new Database(join(dir, backups[0]!), { readonly: true });
  expect(copy.query("SELECT tag FROM __migrations").all()).toEqual([{ tag: "0000_test_init" }]);
  expect(copy.query("SELECT count(*) AS n FROM child").get()).toEqual({ n: 3 });
  copy.close();
});

test("only the last 3 pre-migration backups are kept; other files in the directory are left alone", () => {
  const { dir, sqlite } = withData();
  const older = ["20260101T000000Z", "20260201T000000Z", "20260301T000000Z", "20260401T000000Z"].map((stamp) => `pi-site-before-0000_old-${stamp}.db`);
  const others = ["pi-site-before-restore.db", "notes.txt", "pi-site-replaced-20260101T000000Z.db"];
  for (const name of [...older, ...others]) writeFileSync(join(dir, name), "");
  applyMigrations(sqlite, [init, rebuildParent]);
  const left = readdirSync(dir);
  const backups = left.filter((f) => /^pi-site-before-.+-\d{8}T\d{6}Z\.db$/.test(f)).sort();
  expect(backups).toHaveLength(3);
  expect(backups.slice(0, 2)).toEqual(older.slice(2));
  expect(backups[2]).toMatch(/^pi-site-before-0001_test_rebuild-/);
  for (const name of others) expect(left).toContain(name);
});

test("a new database is migrated without a backup", () => {
  const { dir, sqlite } = freshFile();
  applyMigrations(sqlite, [init, rebuildParent]);
  expect(readdirSync(dir).filter((f) => f.includes("-before-"))).toEqual([]);
});

test("0008 and 0009 on a database with data: paid times backfilled for received payments; full slots left by the old rule reopen, their bookings kept", () => {
  const upTo = (tag: string) =>
    migrations.slice(
      0,
      migrations.findIndex((m) => m.tag.startsWith(tag)),
    );
  const db = freshFile();
  applyMigrations(db.sqlite, upTo("0008"));
  db.sqlite.exec(`INSERT INTO payments (id, service_name, method, amount, currency, reference_code, status, created_at, updated_at)
    VALUES ('p1', 'Partner Check', 'paypal', '295.00', 'USD', 'R1', 'completed', 1000, 2000),
           ('p2', 'Partner Check', 'instructions', '295.00', 'USD', 'R2', 'requested', 1000, 1000)`);
  db.sqlite.exec(`INSERT INTO time_slots (date, time, is_available, max_bookings, current_bookings, created_at, updated_at)
    VALUES ('2026-12-01', '09:00', 0, 1, 1, 0, 0), ('2026-12-01', '10:00', 1, 1, 0, 0, 0)`);
  applyMigrations(db.sqlite, migrations);
  expect(db.sqlite.query("SELECT id, paid_at FROM payments ORDER BY id").all()).toEqual([
    { id: "p1", paid_at: 2000 },
    { id: "p2", paid_at: null },
  ]);
  expect(db.sqlite.query("SELECT time, is_available, current_bookings FROM time_slots ORDER BY time").all()).toEqual([
    { time: "09:00", is_available: 1, current_bookings: 1 },
    { time: "10:00", is_available: 1, current_bookings: 0 },
  ]);
});

test("accounts made before first sign-ins were recorded count as having signed in (they were signed in when made)", () => {
  const { sqlite } = freshFile();
  const at = migrations.findIndex((m) => m.tag === "0014_first_signed_in");
  applyMigrations(sqlite, migrations.slice(0, at));
  sqlite.exec("INSERT INTO users (id, email, created_at, updated_at) VALUES ('u1', 'old@example.com', 1700000000000, 1700000000000)");
  applyMigrations(sqlite, migrations);
  expect(sqlite.query("SELECT first_signed_in_at AS at FROM users").get()).toEqual({ at: 1700000000000 });
});

test("0034 on a database with kept totals: each month holds the sum of its days, and later changes of a day carry over", () => {
  const { sqlite } = freshFile();
  const at = migrations.findIndex((m) => m.tag === "0034_monthly_totals");
  applyMigrations(sqlite, migrations.slice(0, at));
  sqlite.exec(`INSERT INTO daily_totals (kind, day, key, n, cents) VALUES
    ('booking', '2026-01-05', 'Partner Check', 2, 59000), ('booking', '2026-01-20', 'Partner Check', 1, 29500),
    ('booking', '2026-02-01', 'Partner Check', 1, 29500), ('revenue', '2026-01-31', 'paypal', 3, 120000)`);
  applyMigrations(sqlite, migrations);
  const months = () => sqlite.query("SELECT kind, month, key, n, cents FROM monthly_totals ORDER BY kind, month, key").all();
  expect(months()).toEqual([
    { kind: "booking", month: "2026-01", key: "Partner Check", n: 3, cents: 88500 },
    { kind: "booking", month: "2026-02", key: "Partner Check", n: 1, cents: 29500 },
    { kind: "revenue", month: "2026-01", key: "paypal", n: 3, cents: 120000 },
  ]);
  // A day emptied (and dropped) takes its share out; a month emptied is dropped, not left at zero.
  sqlite.exec("UPDATE daily_totals SET n = 0, cents = 0 WHERE kind = 'booking' AND day = '2026-02-01'");
  sqlite.exec("DELETE FROM daily_totals WHERE kind = 'booking' AND day = '2026-01-20'");
  sqlite.exec("INSERT INTO daily_totals (kind, day, key, n, cents) VALUES ('revenue', '2026-03-02', 'paypal', 1, 100)");
  expect(months()).toEqual([
    { kind: "booking", month: "2026-01", key: "Partner Check", n: 2, cents: 59000 },
    { kind: "revenue", month: "2026-01", key: "paypal", n: 3, cents: 120000 },
    { kind: "revenue", month: "2026-03", key: "paypal", n: 1, cents: 100 },
  ]);
});

test("0035 on a database with customers: the rebuilt search index finds each with their signup time, and follows new ones", () => {
  const { sqlite } = freshFile();
  const at = migrations.findIndex((m) => m.tag === "0035_users_search_signup");
  applyMigrations(sqlite, migrations.slice(0, at));
  sqlite.exec(`INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES
    ('u1', 'ann@example.com', 'Ann', 'Smith', 1700000000000, 1700000000000), ('u2', 'bob@example.com', 'Bob', 'Lee', 1700000001000, 1700000001000)`);
  applyMigrations(sqlite, migrations.slice(0, at + 1));
  const found = (phrase: string) => sqlite.query("SELECT user_id, created_at FROM users_search WHERE users_search MATCH ? ORDER BY rowid").all(phrase);
  expect(found('"smith"')).toEqual([{ user_id: "u1", created_at: 1700000000000 }]);
  expect(found('"example.com"')).toEqual([
    { user_id: "u1", created_at: 1700000000000 },
    { user_id: "u2", created_at: 1700000001000 },
  ]);
  sqlite.exec(
    "INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES ('u3', 'cy@example.com', 'Cy', 'Smithers', 1700000002000, 1700000002000)",
  );
  expect(found('"smith"')).toEqual([
    { user_id: "u1", created_at: 1700000000000 },
    { user_id: "u3", created_at: 1700000002000 },
  ]);
  expect(sqlite.query("SELECT name FROM sqlite_master WHERE name = 'users_id_created_idx'").all()).toEqual([]);
});

test("0039 on a database with customers and orders: both search indexes are keyed newest first, the orders' with their customer, and follow new rows", () => {
  const { sqlite } = freshFile();
  const at = migrations.findIndex((m) => m.tag === "0039_search_newest_first");
  applyMigrations(sqlite, migrations.slice(0, at));
  // u2 signed up later but was stored first; o2 was placed later but has the lower id.
  sqlite.exec(`INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES
    ('u2', 'bob@example.com', 'Bob', 'Smith', 1700000005000, 1700000005000), ('u1', 'ann@example.com', 'Ann', 'Smith', 1700000000000, 1700000000000)`);
  const order = (id: number, number: string, userId: string, createdAt: number) =>
    sqlite.exec(`INSERT INTO orders (id, user_id, order_number, subtotal, total_amount, shipping_address, billing_address, created_at, updated_at)
      VALUES (${id}, '${userId}', '${number}', '10.00', '10.00', '{}', '{}', ${createdAt}, ${createdAt})`);
  order(1, "PI-AAAA-0001", "u1", 1700000009000);
  order(2, "PI-AAAA-0002", "u2", 1700000002000);
  applyMigrations(sqlite, migrations);
  const users = (phrase: string) => sqlite.query("SELECT user_id FROM users_search WHERE users_search MATCH ? ORDER BY rowid DESC").values(phrase).flat();
  const orders = (phrase: string) => sqlite.query("SELECT order_id FROM orders_search WHERE orders_search MATCH ? ORDER BY rowid DESC").values(phrase).flat();
  expect(users('"smith"')).toEqual(["u2", "u1"]);
  expect(orders('"smith"')).toEqual([1, 2]);
  expect(orders('"ann@"')).toEqual([1]);
  expect(orders('"aaaa-0002"')).toEqual([2]);
  expect(sqlite.query("SELECT order_id, customer FROM orders_search WHERE order_id = 2").get()).toEqual({
    order_id: 2,
    customer: "bob@example.com\nBob Smith",
  });
  sqlite.exec(
    "INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES ('u3', 'cy@example.com', 'Cy', 'Smithers', 1700000001000, 1700000001000)",
  );
  order(3, "PI-AAAA-0003", "u3", 1700000003000);
  expect(users('"smith"')).toEqual(["u2", "u3", "u1"]);
  expect(orders('"smith"')).toEqual([1, 3, 2]);
});

test("0040 on a database with payments: the counts per status and method are filled from them", () => {
  const { sqlite } = freshFile();
  const at = migrations.findIndex((m) => m.tag === "0040_payment_counts");
  applyMigrations(sqlite, migrations.slice(0, at));
  sqlite.exec(`INSERT INTO payments (id, service_name, method, amount, reference_code, status, created_at, updated_at) VALUES
    ('p1', 'Partner Check', 'cash', '295.00', 'R1', 'requested', 1, 1), ('p2', 'Partner Check', 'cash', '295.00', 'R2', 'completed', 2, 2),
    ('p3', 'Partner Check', 'paypal', '295.00', 'R3', 'completed', 3, 3), ('p4', 'Partner Check', 'cash', '295.00', 'R4', 'requested', 4, 4)`);
  applyMigrations(sqlite, migrations);
  expect(sqlite.query("SELECT status, method, n FROM payment_counts ORDER BY status, method").all()).toEqual([
    { status: "completed", method: "cash", n: 1 },
    { status: "completed", method: "paypal", n: 1 },
    { status: "requested", method: "cash", n: 2 },
  ]);
});

test("0037 on a database with enquiries: the counts per handled state and urgency are filled from them", () => {
  const { sqlite } = freshFile();
  const at = migrations.findIndex((m) => m.tag === "0037_contact_counts");
  applyMigrations(sqlite, migrations.slice(0, at));
  sqlite.exec(`INSERT INTO contacts (id, name, email, service, message, urgency, handled_at, created_at) VALUES
    ('c1', 'A', 'a@example.com', 'checkup', 'm', 'emergency', NULL, 1), ('c2', 'B', 'b@example.com', 'checkup', 'm', 'normal', NULL, 2),
    ('c3', 'C', 'c@example.com', 'checkup', 'm', 'normal', 5, 3), ('c4', 'D', 'd@example.com', 'checkup', 'm', 'normal', NULL, 4)`);
  applyMigrations(sqlite, migrations);
  expect(sqlite.query("SELECT handled, urgency, n FROM contact_counts ORDER BY handled, urgency").all()).toEqual([
    { handled: 0, urgency: "emergency", n: 1 },
    { handled: 0, urgency: "normal", n: 2 },
    { handled: 1, urgency: "normal", n: 1 },
  ]);
});

test("0038 on a database with bookings: the counts per status and appointment date are filled from them", () => {
  const { sqlite } = freshFile();
  const at = migrations.findIndex((m) => m.tag === "0038_booking_day_counts");
  applyMigrations(sqlite, migrations.slice(0, at));
  sqlite.exec(`INSERT INTO bookings (id, service_name, service_price, appointment_date, appointment_time, status, created_at, updated_at) VALUES
    ('b1', 'Partner Check', '295.00', '2026-12-01', '09:00', 'pending', 1, 1), ('b2', 'Partner Check', '295.00', '2026-12-01', '10:00', 'pending', 1, 1),
    ('b3', 'Partner Check', '295.00', '2026-12-02', '09:00', 'completed', 1, 1)`);
  applyMigrations(sqlite, migrations);
  expect(sqlite.query("SELECT status, date, n FROM booking_day_counts ORDER BY status, date").all()).toEqual([
    { status: "completed", date: "2026-12-02", n: 1 },
    { status: "pending", date: "2026-12-01", n: 2 },
  ]);
});

test("bookings.currency on a database with bookings in two currencies: the earliest payment's, else the currency setting's, else USD", () => {
  const { sqlite } = freshFile();
  // Found by what it does, not its name: the migrations of a release may be squashed into one.
  const at = migrations.findIndex((m) => m.sql.includes("ALTER TABLE `bookings` ADD `currency`"));
  expect(at).toBeGreaterThan(0);
  applyMigrations(sqlite, migrations.slice(0, at));
  sqlite.exec(`INSERT INTO bookings (id, service_name, service_price, appointment_date, appointment_time, status, created_at, updated_at) VALUES
    ('b1', 'Partner Check', '148.00', '2026-12-01', '09:00', 'confirmed', 1, 1), ('b2', 'Partner Check', '295.00', '2026-12-01', '10:00', 'pending', 2, 2),
    ('b3', 'Partner Check', '295.00', '2026-12-02', '09:00', 'pending', 3, 3), ('b4', 'Discreet Check Up', '75.00', '2026-12-02', '10:00', 'cancelled', 4, 4)`);
  // b1 was asked for in US dollars, then (after the switch) again in euros: the earliest is what it was priced in.
  sqlite.exec(`INSERT INTO payments (id, service_name, method, amount, currency, reference_code, booking_id, status, created_at, updated_at) VALUES
    ('p1', 'Partner Check', 'instructions', '148.00', 'USD', 'R1', 'b1', 'requested', 10, 10),
    ('p2', 'Partner Check', 'cash', '148.00', 'EUR', 'R2', 'b1', 'requested', 20, 20),
    ('p3', 'Partner Check', 'paypal', '295.00', 'AUD', 'R3', 'b2', 'completed', 5, 5),
    ('p4', 'Partner Check', 'cash', '10.00', 'GBP', 'R4', NULL, 'completed', 1, 1)`);
  sqlite.exec(`INSERT INTO settings (key, value, updated_at) VALUES ('currency', '"EUR"', 1)`);
  applyMigrations(sqlite, migrations);
  expect(sqlite.query("SELECT id, currency FROM bookings ORDER BY id").all()).toEqual([
    { id: "b1", currency: "USD" },
    { id: "b2", currency: "AUD" },
    { id: "b3", currency: "EUR" },
    { id: "b4", currency: "EUR" },
  ]);
  // A booking made afterwards without one named gets the column's default, as an order does.
  sqlite.exec(
    "INSERT INTO bookings (id, service_name, service_price, appointment_date, appointment_time, created_at, updated_at) VALUES ('b5', 'x', '1.00', '2026-12-03', '09:00', 6, 6)",
  );
  expect(sqlite.query("SELECT currency FROM bookings WHERE id = 'b5'").get()).toEqual({ currency: "USD" });
});

test("bookings.currency with no currency setting stored, or an unreadable one: USD, the setting's default", () => {
  for (const stored of [null, "not json", '"XYZ"']) {
    const { sqlite } = freshFile();
    const at = migrations.findIndex((m) => m.sql.includes("ALTER TABLE `bookings` ADD `currency`"));
    applyMigrations(sqlite, migrations.slice(0, at));
    sqlite.exec(
      "INSERT INTO bookings (id, service_name, service_price, appointment_date, appointment_time, status, created_at, updated_at) VALUES ('b1', 'Partner Check', '295.00', '2026-12-01', '09:00', 'pending', 1, 1)",
    );
    if (stored !== null) sqlite.query("INSERT INTO settings (key, value, updated_at) VALUES ('currency', ?, 1)").run(stored);
    applyMigrations(sqlite, migrations);
    expect({ stored, row: sqlite.query("SELECT currency FROM bookings").get() }).toEqual({ stored, row: { currency: "USD" } });
  }
});
