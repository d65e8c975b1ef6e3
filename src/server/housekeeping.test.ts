import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pngBytes } from "../../tests/helpers/images";
import { countRows } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { createEmailVerification } from "../db/email-verifications.server";
import { createPasswordReset, consumePasswordReset } from "../db/password-resets.server";
import { storeUpload, uploadGraceMs, uploadsDir } from "../db/uploads.server";
import { createUser } from "../db/users.server";
import { startHousekeeping } from "./housekeeping.server";
import { createSession } from "./auth/sessions.server";

const t = testAppPerTest();

test("start-up purges expired sessions and stale reset and verification links, keeping live ones", () => {
  const user = createUser(t.db, { email: "ann@example.com" })!;
  const longAgo = Date.now() - 90 * 24 * 60 * 60 * 1000;
  createSession(t.db, user.id, longAgo);
  createSession(t.db, user.id);
  createPasswordReset(t.db, user.id, longAgo);
  consumePasswordReset(t.db, createPasswordReset(t.db, user.id));
  createPasswordReset(t.db, user.id);
  createEmailVerification(t.db, user.id, user.email, longAgo);
  createEmailVerification(t.db, user.id, user.email);
  expect([countRows(t, "sessions"), countRows(t, "password_resets"), countRows(t, "email_verifications")]).toEqual([2, 3, 2]);

  const stop = startHousekeeping(t.db, t.dataDir);
  stop();
  expect([countRows(t, "sessions"), countRows(t, "password_resets"), countRows(t, "email_verifications")]).toEqual([1, 1, 1]);
});

test("the timer purges again on its interval", async () => {
  const user = createUser(t.db, { email: "ann@example.com" })!;
  const stop = startHousekeeping(t.db, t.dataDir, 20);
  try {
    createSession(t.db, user.id, Date.now() - 90 * 24 * 60 * 60 * 1000);
    expect(countRows(t, "sessions")).toBe(1);
    await Bun.sleep(80);
    expect(countRows(t, "sessions")).toBe(0);
  } finally {
    stop();
  }
});

test("uploads nothing shows are removed after a day, rows and files; a product's images, an order's pictures and fresh uploads stay", () => {
  const upload = () => {
    const stored = storeUpload(t.db, t.dataDir, pngBytes());
    if (!stored.ok) throw new Error("the test image was refused");
    return { url: stored.url, name: stored.url.slice("/uploads/".length) };
  };
  const [onProduct, onOrder, abandoned, fresh] = [upload(), upload(), upload(), upload()];
  const old = Date.now() - uploadGraceMs - 60_000;
  for (const u of [onProduct, onOrder, abandoned]) t.db.$client.run("UPDATE uploads SET created_at = ? WHERE name = ?", [old, u.name]);
  t.db.$client.run("UPDATE products SET images = ? WHERE id = (SELECT min(id) FROM products)", [
    JSON.stringify(["/images/products/placeholder.svg", onProduct.url]),
  ]);
  const user = createUser(t.db, { email: "ann@example.com" })!;
  const address = JSON.stringify({ name: "Ann", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" });
  t.db.$client.run(
    "INSERT INTO orders (user_id, order_number, status, payment_status, payment_method, total_amount, subtotal, shipping_address, billing_address, created_at, updated_at) VALUES (?, 'PI-TEST-0001', 'delivered', 'paid', 'bank_transfer', '10.00', '10.00', ?, ?, 0, 0)",
    [user.id, address, address],
  );
  t.db.$client.run(
    "INSERT INTO order_items (order_id, product_id, quantity, unit_price, total_price, product_snapshot, created_at) VALUES ((SELECT id FROM orders), NULL, 1, '10.00', '10.00', ?, 0)",
    [JSON.stringify({ name: "Gone", slug: "gone", image: onOrder.url, requiresVerification: false })],
  );

  const stop = startHousekeeping(t.db, t.dataDir);
  stop();
  const left = t.db.$client
    .query<{ name: string }, []>("SELECT name FROM uploads")
    .all()
    .map((r) => r.name);
  expect(left.sort()).toEqual([onProduct.name, onOrder.name, fresh.name].sort());
  expect(existsSync(join(uploadsDir(t.dataDir), abandoned.name))).toBe(false);
  for (const u of [onProduct, onOrder, fresh]) expect(existsSync(join(uploadsDir(t.dataDir), u.name))).toBe(true);
});
