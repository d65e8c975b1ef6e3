/**
 * The kept totals (decision 047) equal a full recount after a few hundred random writes through the
 * site's own functions: bookings made, confirmed, completed, cancelled and back-dated; orders placed,
 * paid, shipped, refunded, cancelled and expired; service payments requested, marked paid and
 * refunded; rewards paid and voided; products and accounts deleted; visits; the timezone changed.
 * "Recount" twice over: `rebuildTotals` recounts the tables, and the analytics and dashboard
 * figures read from them equal the same figures counted from the records.
 */
import { afterAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminWithToken, cartLine, customerWithSession, openSlots } from "../../tests/factories";
import { seededRandom } from "../../tests/helpers/seeded-random";
import { createTestApp } from "../../tests/helpers/test-app";
import { addDays } from "../domain/timezone";
import { bookingStatuses } from "../domain/booking";
import { adminAnalytics } from "./admin-analytics.server";
import { listAdminBookings } from "./admin-bookings.server";
import { listAdminReferrers, payAllRewards, payReward, voidReward } from "./admin-referrals.server";
import { markPaymentRequestPaid } from "./admin-payments.server";
import { adminStats } from "./admin-stats.server";
import { cancelOwnBooking, createBooking, setBookingStatus } from "./bookings.server";
import { ensureTotals, keptTimeZone, rebuildTotals } from "./kept-totals.server";
import { cancelOrder, changeOrder, expiredUnpaidOrders, placeOrder } from "./orders.server";
import { insertPayment } from "./payments.server";
import { deleteProduct } from "./products.server";
import { bookings, orderItems, orders, payments, products, referralTransactions } from "./schema";
import { getSettings, updateSetting } from "./settings.server";
import { deleteAccount } from "./users.server";
import { immediate } from "./client.server";
import { countVisit } from "./visitor-count.server";
import { ensureReferralCode } from "./referrals.server";
import { testAddress } from "../../tests/helpers/shop";
import type { ServiceOffer } from "../domain/payment";

const t = createTestApp();
afterAll(() => t.close());
const db = t.db;
const day = 24 * 60 * 60 * 1000;

const snapshot = () => ({
  daily: db.$client.query("SELECT kind, day, key, n, cents FROM daily_totals ORDER BY kind, day, key").all(),
  monthly: db.$client.query("SELECT kind, month, key, n, cents FROM monthly_totals ORDER BY kind, month, key").all(),
  bookingDays: db.$client.query("SELECT status, date, n FROM booking_day_counts WHERE n <> 0 ORDER BY status, date").all(),
  referrers: db.$client.query("SELECT r.* FROM referrer_totals r JOIN users u ON u.id = r.user_id ORDER BY r.user_id").all(),
});

/** Every figure the screens show, for the timezone setting, read however the code reads them now. */
function figures(now: Date) {
  const zone = getSettings(db).timezone;
  return {
    stats: adminStats(db, zone, now),
    d30: adminAnalytics(db, "30d", zone, now),
    d90: adminAnalytics(db, "90d", zone, now),
    m12: adminAnalytics(db, "12m", zone, now),
    referrers: [1, 2].map((page) => listAdminReferrers(db, { page, search: "", status: undefined } as never)),
    pending: listAdminReferrers(db, { page: 1, search: "", status: "pending" } as never),
  };
}

/** Kept = recounted: the tables equal a rebuild, and the figures read from them equal the ones counted from the records. */
function expectKeptEqualsRecount(now: Date) {
  const zone = getSettings(db).timezone;
  expect(keptTimeZone(db.$client)).toBe(zone);
  const kept = snapshot();
  const keptFigures = figures(now);
  // Without a kept timezone the screens count from the records.
  db.$client.run("DELETE FROM kept_totals_state WHERE key = 'timezone'");
  expect(keptTimeZone(db.$client)).toBeNull();
  const { referrers: _r, pending: _p, ...counted } = figures(now);
  const { referrers: _kr, pending: _kp, ...keptCounted } = keptFigures;
  expect(keptCounted).toEqual(counted);
  rebuildTotals(db.$client);
  expect(snapshot()).toEqual(kept);
  expect(figures(now)).toEqual(keptFigures);
  expectBookingTotalsCounted(now);
}

/** The bookings list's totals (read from booking_day_counts) equal counting the bookings, for every status and side of today. */
function expectBookingTotalsCounted(now: Date) {
  const today = now.toISOString().slice(0, 10);
  const all = db.select({ status: bookings.status, date: bookings.appointmentDate }).from(bookings).all();
  const ranges = [
    { from: "", to: "" },
    { from: addDays(today, 3), to: "" },
    { from: "", to: addDays(today, 10) },
    { from: addDays(today, 2), to: addDays(today, 9) },
  ];
  for (const status of [null, ...bookingStatuses]) {
    for (const when of ["upcoming", "past", "all"] as const) {
      for (const { from, to } of ranges) {
        const expected = all.filter(
          (b) =>
            (status === null || b.status === status) &&
            (!from || b.date >= from) &&
            (!to || b.date <= to) &&
            (when === "all" || (when === "upcoming" ? b.date >= today : b.date < today)),
        ).length;
        const { total } = listAdminBookings(db, { status, from, to, when, today }, 1);
        expect({ status, when, from, to, total }).toEqual({ status, when, from, to, total: expected });
      }
    }
  }
}

test("the kept totals equal a full recount after random bookings, orders, payments, refunds and cancellations", () => {
  const rand = seededRandom(20261125);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const now = new Date();
  const zone = () => getSettings(db).timezone;
  const { adminId } = adminWithToken(db, "totals-owner");
  const actor = { id: adminId, username: "totals-owner" };
  const today = addDays(new Date().toISOString().slice(0, 10), 0);
  openSlots(db, addDays(today, 2), addDays(today, 28));
  const slots = db.$client
    .query<{ date: string; time: string }, []>("SELECT date, time FROM time_slots WHERE is_available = 1 AND date > date('now', '+1 day')")
    .all();
  const services = ["Discreet Check Up", "Partner Check", "Infidelity Investigation", "Full Cheating Investigation"];
  const productSlugs = db
    .select({ slug: products.slug })
    .from(products)
    .all()
    .map((p) => p.slug);
  const customers: { userId: string; code: string | null }[] = [];
  const counts = new Map<string, number>();
  const did = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);

  let signedUp = 0;
  const newCustomer = () => {
    // Signed up with a referrer's link (createUser records the referrer), or not.
    const referrer = customers.find((c) => c.code && rand() < 0.5);
    const { userId } = customerWithSession(db, `totals${signedUp++}@example.com`, { verified: true, referralCode: referrer?.code ?? null });
    customers.push({ userId, code: rand() < 0.4 ? ensureReferralCode(db, userId) : null });
  };
  for (let i = 0; i < 12; i++) newCustomer();

  /** One row of `table` (where `where` holds), chosen by the seeded generator. */
  const someRow = <T>(table: string, columns: string, where = "1"): T | undefined => {
    const n = db.$client.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get()?.n ?? 0;
    if (n === 0) return undefined;
    return (
      db.$client.query<T, [number]>(`SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY rowid LIMIT 1 OFFSET ?`).get(Math.floor(rand() * n)) ?? undefined
    );
  };
  const someBooking = () => someRow<{ id: string; user_id: string | null }>("bookings", "id, user_id");
  const someOrder = (where?: string) => someRow<{ id: number; user_id: string | null }>("orders", "id, user_id", where);
  const someReward = (where?: string) => someRow<{ id: string; referrer_id: string }>("referral_transactions", "id, referrer_id", where);
  const somePayment = (where?: string) => someRow<{ id: string }>("payments", "id", where);
  const backDate = () => new Date(now.getTime() - Math.floor(rand() * 400 * day) - Math.floor(rand() * day));

  const operations: [number, () => void][] = [
    [
      3,
      () => {
        if (customers.length >= 40) return;
        newCustomer();
        did("customer");
      },
    ],
    [
      14,
      () => {
        const c = pick(customers);
        const slot = pick(slots);
        const out = createBooking(
          db,
          {
            userId: c.userId,
            form: {
              serviceName: pick(services),
              servicePrice: 0,
              appointmentDate: slot.date,
              appointmentTime: slot.time,
              contactPhone: "0400 000 000",
              contactEmail: "totals@example.com",
              confirmDuplicate: true,
            },
            now: new Date(),
            timeZone: zone(),
            newClientDiscountPercent: 50,
            maxPendingBookings: 1000,
          },
          () => [],
        );
        if (!out.ok) return;
        did("booking");
        // Spread over the last year and more (also the creation time moving is a write the totals follow).
        if (rand() < 0.8) db.update(bookings).set({ createdAt: backDate() }).where(eq(bookings.id, out.booking.id)).run();
      },
    ],
    [
      8,
      () => {
        const b = someBooking();
        if (!b) return;
        if (setBookingStatus(db, b.id, pick(["confirmed", "completed", "cancelled"] as const))) did("status");
      },
    ],
    [
      4,
      () => {
        const b = someBooking();
        if (b?.user_id && cancelOwnBooking(db, b.id, b.user_id)) did("own cancel");
      },
    ],
    [
      12,
      () => {
        const c = pick(customers);
        const [first, second] = [pick(productSlugs), pick(productSlugs)];
        cartLine(db, c.userId, first, 1 + Math.floor(rand() * 3));
        if (second !== first && rand() < 0.4) cartLine(db, c.userId, second, 1);
        const placed = placeOrder(db, c.userId, {
          shippingAddress: testAddress,
          paymentMethod: pick(["bank_transfer", "crypto", "cash_deposit"] as const),
        } as never);
        db.$client.run("DELETE FROM cart_items WHERE user_id = ?", [c.userId]);
        if (!placed.ok) return;
        did("order");
        if (rand() < 0.8) db.update(orders).set({ createdAt: backDate() }).where(eq(orders.id, placed.order.id)).run();
      },
    ],
    [
      14,
      () => {
        const change = pick([
          { kind: "mark_paid" },
          { kind: "mark_paid" },
          { kind: "ship", trackingNumber: "TRK1" },
          { kind: "deliver" },
          { kind: "refund" },
          { kind: "verify" },
        ] as const);
        const o = someOrder(change.kind === "mark_paid" ? "payment_status = 'pending'" : change.kind === "verify" ? "1" : "payment_status = 'paid'");
        if (!o) return;
        const out = changeOrder(db, o.id, change, { actor: "admin", audit: actor }, new Date(now.getTime() - Math.floor(rand() * 300 * day)));
        if (out.ok) did(`order ${change.kind}`);
      },
    ],
    [
      4,
      () =>
        someOrder() && cancelOrder(db, someOrder("status in ('pending', 'on_hold')")?.id ?? 0, { actor: "admin", audit: actor }).ok
          ? did("order cancel")
          : undefined,
    ],
    [
      2,
      () => {
        // Holds run out: the expiry job's cancellations.
        db.update(orders)
          .set({ holdExpiresAt: new Date(now.getTime() - day) })
          .where(eq(orders.id, someOrder()?.id ?? 0))
          .run();
        for (const id of expiredUnpaidOrders(db, now)) if (cancelOrder(db, id, { actor: "system" }, now).ok) did("expired");
      },
    ],
    [
      8,
      () => {
        const price = pick([75, 295, 695, 1295]);
        const offer = { id: "svc", currency: "USD", name: pick(services), amountDue: price } as ServiceOffer;
        const p = immediate(db, () =>
          insertPayment(db, { userId: pick(customers).userId, method: pick(["instructions", "cash", "paypal"]), offer, email: null, status: "requested" }),
        );
        did("payment");
        if (rand() < 0.7) db.update(payments).set({ createdAt: backDate() }).where(eq(payments.id, p.id)).run();
      },
    ],
    [
      6,
      () =>
        somePayment() && markPaymentRequestPaid(db, somePayment("status = 'requested'")?.id ?? "", actor, backDate()).ok ? did("payment paid") : undefined,
    ],
    [
      2,
      () => {
        const p = somePayment("status = 'completed'");
        if (!p) return;
        db.update(payments).set({ status: "refunded" }).where(eq(payments.id, p.id)).run();
        did("payment refunded");
      },
    ],
    [4, () => (someReward() && payReward(db, someReward("status = 'pending'")?.id ?? "", actor).ok ? did("reward paid") : undefined)],
    [3, () => (someReward() && voidReward(db, someReward("status = 'pending'")?.id ?? "", "A mistake.", actor).ok ? did("reward void") : undefined)],
    [1, () => (someReward() && payAllRewards(db, someReward()?.referrer_id ?? "", actor).ok ? did("rewards paid") : undefined)],
    [
      2,
      () => {
        const r = someReward();
        if (r) db.insert(referralTransactions).values({ referrerId: r.referrer_id, amount: "10.00", type: "repeat_service" }).run();
      },
    ],
    [
      5,
      () => {
        countVisit(db, addDays(today, -Math.floor(rand() * 100)));
        did("visit");
      },
    ],
    [
      1,
      () => {
        const p = someRow<{ id: number; slug: string }>("products", "id, slug");
        if (p && rand() < 0.3 && deleteProduct(db, p.id)) {
          productSlugs.splice(productSlugs.indexOf(p.slug), 1);
          did("product deleted");
        }
      },
    ],
    [
      1,
      () => {
        if (customers.length < 10 || rand() < 0.5) return;
        const c = customers.splice(Math.floor(rand() * customers.length), 1)[0];
        if (!c) return;
        deleteAccount(db, c.userId);
        did("account deleted");
      },
    ],
    [
      1,
      () => {
        if (rand() >= 0.3) return;
        updateSetting(db, "timezone", pick(["Australia/Adelaide", "America/Los_Angeles", "Asia/Kolkata"]));
        did("timezone");
      },
    ],
  ];
  const kindsSeen = new Set<string>();
  const weights = operations.reduce((n, [w]) => n + w, 0);
  for (let i = 0; i < 600; i++) {
    let r = rand() * weights;
    for (const [w, op] of operations) {
      r -= w;
      if (r < 0) {
        op();
        break;
      }
    }
    if (i % 150 === 149) {
      expectKeptEqualsRecount(now);
      for (const { kind } of db.$client.query<{ kind: string }, []>("SELECT DISTINCT kind FROM daily_totals").all()) kindsSeen.add(kind);
    }
  }
  // Enough of each kind of write happened to mean something.
  for (const what of [
    "booking",
    "status",
    "order",
    "order mark_paid",
    "order refund",
    "order cancel",
    "payment",
    "payment paid",
    "reward paid",
    "reward void",
  ]) {
    expect(counts.get(what) ?? 0).toBeGreaterThan(2);
  }
  expect([...kindsSeen].sort()).toEqual(["booking", "order", "product", "revenue"]);
  expect(ensureTotals(db.$client)).toBeNull();
}, 120_000);

test("a rebuild for another timezone moves rows to that zone's local dates; the setting's change rebuilds with it", () => {
  const at = new Date("2026-03-01T20:00:00Z"); // 2 March 06:30 in Adelaide, 1 March 12:00 in Los Angeles
  updateSetting(db, "timezone", "Australia/Adelaide");
  db.insert(bookings)
    .values({ serviceName: "Zone Check", servicePrice: "10.00", appointmentDate: "2026-03-10", appointmentTime: "10:00", createdAt: at })
    .run();
  const dayOf = () => db.$client.query<{ day: string }, []>("SELECT day FROM daily_totals WHERE kind = 'booking' AND key = 'Zone Check'").get()?.day;
  expect(dayOf()).toBe("2026-03-02");
  updateSetting(db, "timezone", "America/Los_Angeles");
  expect(keptTimeZone(db.$client)).toBe("America/Los_Angeles");
  expect(dayOf()).toBe("2026-03-01");
  updateSetting(db, "timezone", "Australia/Adelaide");
  expect(dayOf()).toBe("2026-03-02");
});

test("an order deleted with its items (a foreign-key cascade) takes its order, money and items out, once", () => {
  const address = { name: "Ann Lee", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
  const before = JSON.stringify(db.$client.query("SELECT * FROM daily_totals ORDER BY kind, day, key").all());
  const order = db
    .insert(orders)
    .values({
      orderNumber: "KEPT-DEL-1",
      status: "processing",
      paymentStatus: "paid",
      totalAmount: "10.00",
      subtotal: "10.00",
      shippingAddress: address,
      billingAddress: address,
    })
    .returning()
    .get();
  db.insert(orderItems)
    .values({ orderId: order.id, quantity: 2, unitPrice: "5.00", totalPrice: "10.00", productSnapshot: { name: "Deleted Thing" } })
    .run();
  const thing = () => db.$client.query("SELECT n, cents FROM daily_totals WHERE kind = 'product' AND key = 'name:Deleted Thing'").get();
  expect(thing()).toEqual({ n: 2, cents: 1000 });
  db.delete(orders).where(eq(orders.id, order.id)).run();
  expect(thing()).toBeNull();
  expect(JSON.stringify(db.$client.query("SELECT * FROM daily_totals ORDER BY kind, day, key").all())).toBe(before);
});

test("a booking's move to another day or status moves its count; a deleted booking's count goes", () => {
  const today = new Date().toISOString().slice(0, 10);
  const day = (d: number) => addDays(today, d);
  const counts = () => db.$client.query("SELECT status, date, n FROM booking_day_counts WHERE n <> 0 AND date >= ? ORDER BY status, date").all(day(40));
  const ids = [41, 41, 42].map(
    (d) =>
      db
        .insert(bookings)
        .values({ serviceName: "Day Count", servicePrice: "10.00", appointmentDate: day(d), appointmentTime: "10:00" })
        .returning({ id: bookings.id })
        .get().id,
  );
  expect(counts()).toEqual([
    { status: "pending", date: day(41), n: 2 },
    { status: "pending", date: day(42), n: 1 },
  ]);
  db.update(bookings)
    .set({ appointmentDate: day(43) })
    .where(eq(bookings.id, ids[0] as string))
    .run();
  db.update(bookings)
    .set({ status: "confirmed" })
    .where(eq(bookings.id, ids[2] as string))
    .run();
  db.delete(bookings)
    .where(eq(bookings.id, ids[1] as string))
    .run();
  expect(counts()).toEqual([
    { status: "confirmed", date: day(42), n: 1 },
    { status: "pending", date: day(43), n: 1 },
  ]);
  expect(listAdminBookings(db, { status: null, from: day(40), to: "", when: "all", today }, 1).total).toBe(2);
});
