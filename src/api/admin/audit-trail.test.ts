/**
 * Every change made through the admin API writes exactly one audit entry, with the admin, kind,
 * action, record, summary and before/after of that change; a refused change writes none.
 */
import { adminTokenFrom } from "../../../tests/helpers/admin-session";
import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { decodeBase32 } from "@oslojs/encoding";
import { asc, eq } from "drizzle-orm";
import { createAdmin } from "../../db/admins.server";
import { placeOrder } from "../../db/orders.server";
import { auditLog, cartItems, products, users } from "../../db/schema";
import { hashPassword } from "../../server/auth/crypto.server";
import { seedContent } from "../../db/seed/content";
import { testOrigin } from "../../../tests/helpers/browser";
import { customerWithSession } from "../../../tests/factories";
import { testAddress } from "../../../tests/helpers/shop";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { holdClockMidStep, totpCodeNow, totpStepMs, wrongCodeFor } from "../../../tests/helpers/admin-totp";

const { t, admin } = adminAppPerTest();

const entries = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id)).all();
/** The one entry written since `before` entries existed; fails when there is not exactly one. */
function onlyNewEntry(before: number) {
  const all = entries();
  expect(all.length).toBe(before + 1);
  const entry = all[before];
  if (!entry) throw new Error("no new entry");
  expect(entry.adminId).toBe(admin.adminId);
  expect(entry.adminUsername).toBe("owner");
  return entry;
}

const product = (slug: string) => {
  const row = t.db.select().from(products).where(eq(products.slug, slug)).get();
  if (!row) throw new Error(`no product ${slug}`);
  return row;
};

function placed(email: string): string {
  const existing = t.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  const userId = existing?.id ?? customerWithSession(t.db, email).userId;
  t.db
    .insert(cartItems)
    .values({ userId, productId: product("covert-dash-cam-4k").id, quantity: 1 })
    .run();
  const result = placeOrder(t.db, userId, { shippingAddress: testAddress, paymentMethod: "bank_transfer" }, new Date());
  if (!result.ok) throw new Error(result.reason);
  return result.order.orderNumber;
}

describe("products", () => {
  test("a price change records the name, and the price and sale price before and after", async () => {
    const cam = product("covert-dash-cam-4k");
    expect((await admin.send("PATCH", `/api/admin/products/${cam.id}/pricing`, { price: "111.00", salePrice: "99.50" })).status).toBe(200);
    const entry = onlyNewEntry(0);
    expect(entry).toMatchObject({
      kind: "products",
      action: "product.pricing",
      recordId: String(cam.id),
      summary: `Changed the price of ${cam.name}`,
      before: { price: cam.price, salePrice: cam.salePrice },
      after: { price: "111.00", salePrice: "99.50" },
    });
  });

  test("a refused price change (bad price, unknown product) records nothing", async () => {
    const cam = product("covert-dash-cam-4k");
    expect((await admin.send("PATCH", `/api/admin/products/${cam.id}/pricing`, { price: "-1" })).status).toBe(400);
    expect((await admin.send("PATCH", "/api/admin/products/999999/pricing", { price: "10.00" })).status).toBe(404);
    expect((await admin.send("DELETE", "/api/admin/products/999999")).status).toBe(404);
    expect(entries()).toEqual([]);
  });

  test("a delete records the name and price it had", async () => {
    const cam = product("covert-dash-cam-4k");
    expect((await admin.send("DELETE", `/api/admin/products/${cam.id}`)).status).toBe(200);
    expect(onlyNewEntry(0)).toMatchObject({
      kind: "products",
      action: "product.delete",
      recordId: String(cam.id),
      summary: `Deleted the product ${cam.name}`,
      before: { name: cam.name, price: cam.price },
      after: null,
    });
  });
});

describe("users", () => {
  test("suspend and reinstate each record one entry; suspending twice records nothing more", async () => {
    const { userId } = customerWithSession(t.db, "bob@example.com");
    expect((await admin.send("POST", `/api/admin/users/${userId}/suspend`)).status).toBe(200);
    expect(onlyNewEntry(0)).toMatchObject({
      kind: "users",
      action: "user.suspend",
      recordId: userId,
      summary: "Suspended bob@example.com",
      before: { suspended: false },
      after: { suspended: true },
    });
    expect((await admin.send("POST", `/api/admin/users/${userId}/suspend`)).status).toBe(409);
    expect(entries().length).toBe(1);
    expect((await admin.send("POST", `/api/admin/users/${userId}/reinstate`)).status).toBe(200);
    expect(onlyNewEntry(1)).toMatchObject({ action: "user.reinstate", summary: "Reinstated bob@example.com", after: { suspended: false } });
  });
});

describe("content and service pricing", () => {
  test("a content section records the text before and after; an invalid one nothing", async () => {
    const hero = seedContent["home.hero"];
    const edited = { ...hero, title: "The truth, quietly found" };
    expect((await admin.send("PUT", "/api/admin/content/home.hero", { content: { ...hero, title: "" } })).status).toBe(400);
    expect(entries()).toEqual([]);
    expect((await admin.send("PUT", "/api/admin/content/home.hero", { content: edited })).status).toBe(200);
    expect(onlyNewEntry(0)).toMatchObject({ kind: "content", action: "content.update", recordId: "home.hero", before: hero, after: edited });
  });

  test("a service price records name, price, description and features before and after; a refused one nothing", async () => {
    const before = (await (await admin.send("GET", "/api/admin/pricing")).json()) as {
      id: string;
      name: string;
      price: string;
      description: string;
      features: string[];
    }[];
    const checkup = before.find((p) => p.id === "checkup");
    if (!checkup) throw new Error("no checkup");
    expect((await admin.send("PUT", "/api/admin/pricing/nope", { ...checkup, id: undefined })).status).toBe(404);
    expect((await admin.send("PUT", "/api/admin/pricing/checkup", { ...checkup, price: "abc" })).status).toBe(400);
    expect(entries()).toEqual([]);
    expect((await admin.send("PUT", "/api/admin/pricing/checkup", { ...checkup, price: "80.50", features: ["Same-day report"] })).status).toBe(200);
    expect(onlyNewEntry(0)).toMatchObject({
      kind: "pricing",
      action: "pricing.update",
      recordId: "checkup",
      summary: `Updated the service price ${checkup.name}`,
      before: { name: checkup.name, price: checkup.price, description: checkup.description, features: checkup.features },
      after: { name: checkup.name, price: "80.50", description: checkup.description, features: ["Same-day report"] },
    });
  });
});

describe("orders", () => {
  test("mark paid, ship, deliver: one entry each, with the order number, the status before and after and the tracking number", async () => {
    const orderNumber = placed("ann@example.com");
    expect((await admin.send("POST", `/api/admin/orders/${orderNumber}/mark-paid`, { note: "Bank transfer seen" })).status).toBe(200);
    expect(onlyNewEntry(0)).toMatchObject({
      kind: "orders",
      action: "order.mark_paid",
      recordId: orderNumber,
      summary: `Marked order ${orderNumber} paid`,
      before: { status: "pending", paymentStatus: "pending" },
      after: { status: "processing", paymentStatus: "paid", note: "Bank transfer seen" },
    });
    expect((await admin.send("POST", `/api/admin/orders/${orderNumber}/ship`, { trackingNumber: "ab 1234-5678 9au", carrier: "startrack" })).status).toBe(200);
    expect(onlyNewEntry(1)).toMatchObject({
      action: "order.ship",
      summary: `Shipped order ${orderNumber} with StarTrack`,
      before: { status: "processing", paymentStatus: "paid" },
      after: { status: "shipped", paymentStatus: "paid", trackingNumber: "AB123456789AU", carrier: "startrack" },
    });
    expect((await admin.send("POST", `/api/admin/orders/${orderNumber}/deliver`, {})).status).toBe(200);
    expect(onlyNewEntry(2)).toMatchObject({ action: "order.deliver", before: { status: "shipped" }, after: { status: "delivered", paymentStatus: "paid" } });
    // Refused now: nothing more is written.
    expect((await admin.send("POST", `/api/admin/orders/${orderNumber}/cancel`, {})).status).toBe(409);
    expect((await admin.send("POST", "/api/admin/orders/PI-NOPE-NOPE/mark-paid", {})).status).toBe(404);
    expect((await admin.send("POST", `/api/admin/orders/${orderNumber}/ship`, { trackingNumber: "", carrier: "auspost" })).status).toBe(400);
    expect(entries().length).toBe(3);
  });

  test("verify, cancel and a refund by hand: one entry each", async () => {
    t.db.update(products).set({ requiresVerification: true }).where(eq(products.slug, "covert-dash-cam-4k")).run();
    const held = placed("ann@example.com");
    // Which document was sighted, and by whom: the signed-in admin.
    expect((await admin.send("POST", `/api/admin/orders/${held}/verify`, {})).status).toBe(400);
    expect((await admin.send("POST", `/api/admin/orders/${held}/verify`, { document: "proof_of_age_card" })).status).toBe(200);
    expect(onlyNewEntry(0)).toMatchObject({
      action: "order.verify",
      recordId: held,
      summary: `Marked order ${held} verified (proof of age card sighted by owner)`,
      before: { status: "on_hold" },
      after: { status: "pending", document: "proof_of_age_card", verifiedBy: "owner" },
    });
    expect((await admin.send("POST", `/api/admin/orders/${held}/cancel`, {})).status).toBe(200);
    expect(onlyNewEntry(1)).toMatchObject({
      action: "order.cancel",
      summary: `Cancelled order ${held}`,
      before: { status: "pending", paymentStatus: "pending" },
      after: { status: "cancelled", paymentStatus: "pending" },
    });
    const paid = placed("ann@example.com");
    expect((await admin.send("POST", `/api/admin/orders/${paid}/verify`, { document: "passport" })).status).toBe(200);
    expect((await admin.send("POST", `/api/admin/orders/${paid}/mark-paid`, {})).status).toBe(200);
    expect((await admin.send("POST", `/api/admin/orders/${paid}/refund`, {})).status).toBe(200);
    expect(onlyNewEntry(4)).toMatchObject({
      action: "order.refund",
      summary: `Refunded order ${paid}`,
      before: { paymentStatus: "paid" },
      // Paid by bank transfer: the owner sends it back by hand, so it is owed until marked sent (decision 084).
      after: { status: "refunded", paymentStatus: "refund_owed" },
    });
  });
});

describe("own account", () => {
  const password = "owner's long passphrase 2026";
  afterEach(() => setSystemTime());

  test("turning two-factor sign-in on and off records one entry each, never the key; a wrong code nothing; signing in one sign-in entry", async () => {
    const t0 = holdClockMidStep();
    createAdmin(t.db, "keeper", await hashPassword(password));
    const login = await t.json("/api/admin/login", { username: "keeper", password }, { headers: { Origin: testOrigin } });
    expect(login.status).toBe(200);
    expect(entries().map((e) => [e.kind, e.action])).toEqual([["signins", "signin.ok"]]);
    // The account's own changes from here on.
    const ownChanges = () => entries().filter((e) => e.kind !== "signins");
    const auth = `Bearer ${adminTokenFrom(login)}`;
    const post = (path: string, body: unknown = {}) => t.json(path, body, { headers: { Authorization: auth, Origin: testOrigin } });
    const { secret } = (await (await post("/api/admin/totp/setup")).json()) as { secret: string };
    const key = decodeBase32(secret);
    const code = totpCodeNow(key);
    expect((await post("/api/admin/totp/confirm", { code: wrongCodeFor(code) })).status).toBe(400);
    expect(ownChanges()).toEqual([]);
    expect((await post("/api/admin/totp/confirm", { code })).status).toBe(200);
    const on = ownChanges();
    expect(on.length).toBe(1);
    expect(on[0]).toMatchObject({ adminUsername: "keeper", kind: "account", action: "totp.enable", before: { twoFactor: false }, after: { twoFactor: true } });
    expect(JSON.stringify(on[0])).not.toContain(secret);
    setSystemTime(new Date(t0 + totpStepMs));
    expect((await post("/api/admin/totp/disable", { password, code: totpCodeNow(key) })).status).toBe(200);
    expect(ownChanges()[1]).toMatchObject({ adminUsername: "keeper", kind: "account", action: "totp.disable", summary: "Turned two-factor sign-in off" });
    expect(ownChanges().length).toBe(2);
  });
});
