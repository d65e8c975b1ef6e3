import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type Address, bookings, orderItems, orders, products, users } from "../../db/schema";
import { deleteAccount } from "../../db/users.server";
import type { BookingStatus } from "../../domain/booking";
import type { OrderStatus } from "../../domain/order";
import { createSession } from "../../server/auth/sessions.server";
import { fillSlotWindow } from "../../db/timeslots.server";
import { defaultSettings } from "../../shared/settings";
import type { AdminUserBooking, AdminUserList, AdminUserOrder, AdminUserView } from "../../shared/admin-users";
import { bookingForm } from "../../../tests/helpers/booking-form";
import { browser, testOrigin } from "../../../tests/helpers/browser";
import { businessDayAhead, customerWithSession, sessionCookie } from "../../../tests/factories";
import { countRows, errorOf } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();
/** "Now" for the rows a test writes, fixed so equal minutes mean equal instants. */
let now: number;
beforeEach(() => {
  now = Date.now();
});

const list = (query = "") => admin.read<AdminUserList>(`/api/admin/users${query}`);
const emails = (l: AdminUserList) => l.users.map((u) => u.email);

/** A customer created at `minutesAgo` before now (so the list's order is known). */
function customer(email: string, minutesAgo: number, names: { firstName?: string | null; lastName?: string | null } = {}) {
  const createdAt = new Date(now - minutesAgo * 60_000);
  return t.db
    .insert(users)
    .values({ email, firstName: names.firstName ?? null, lastName: names.lastName ?? null, createdAt })
    .returning()
    .get();
}

describe("GET /api/admin/users", () => {
  test("every user, newest first, as the admin user view; nothing private", async () => {
    const ann = customer("ann@example.com", 30, { firstName: "Ann", lastName: "Lee" });
    customer("bob@example.com", 10, { firstName: "Bob" });
    customer("cy@example.com", 20);
    t.db
      .update(users)
      .set({ isNewCustomer: false, referralCode: "ANN123", totalReferralEarnings: "40.00", passwordHash: "secret-hash" })
      .where(eq(users.id, ann.id))
      .run();

    const body = await list();
    expect(emails(body)).toEqual(["bob@example.com", "cy@example.com", "ann@example.com"]);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const view = body.users[2];
    expect(view).toEqual({
      id: ann.id,
      email: "ann@example.com",
      firstName: "Ann",
      lastName: "Lee",
      isNewCustomer: false,
      referralCode: "ANN123",
      referralEarnings: "40.00",
      createdAt: ann.createdAt.toISOString(),
      suspendedAt: null,
    } satisfies AdminUserView);
    expect(JSON.stringify(body)).not.toContain("secret-hash");
  });

  test("search over e-mail, first name, last name and the full name, ignoring case; wildcards are literal", async () => {
    customer("ann.lee@example.com", 1, { firstName: "Ann", lastName: "Lee" });
    customer("jo@smith.example", 2, { firstName: "Jo", lastName: "Brown" });
    customer("kim@example.com", 3, { firstName: "Kim", lastName: "SMITH" });
    customer("sam@example.com", 4, { firstName: "Samantha", lastName: "Nguyen" });
    customer("per_cent@example.com", 5, { firstName: "Per", lastName: "100%" });

    expect(emails(await list("?search=smith"))).toEqual(["jo@smith.example", "kim@example.com"]);
    expect(emails(await list("?search=ANN"))).toEqual(["ann.lee@example.com"]);
    expect(emails(await list("?search=nguyen"))).toEqual(["sam@example.com"]);
    expect(emails(await list("?search=ann%20lee"))).toEqual(["ann.lee@example.com"]);
    expect(emails(await list("?search=%20%20kim%20"))).toEqual(["kim@example.com"]);
    // % and _ match only themselves: "_" is not "any character", "%" not "anything".
    expect(emails(await list("?search=_"))).toEqual(["per_cent@example.com"]);
    expect(emails(await list("?search=%25"))).toEqual(["per_cent@example.com"]);
    expect(emails(await list("?search=n_l"))).toEqual([]);
    const none = await list("?search=nobody");
    expect(none).toEqual({ users: [], total: 0, totalCapped: false, page: 1, pageSize: 20 });
    expect((await list("?search=")).total).toBe(5);
  });

  test("pages of 20 with the total; a page past the end is empty but keeps the total", async () => {
    for (let i = 0; i < 45; i++) customer(`user${String(i).padStart(2, "0")}@example.com`, i);
    const first = await list();
    expect(first.total).toBe(45);
    expect(first.users).toHaveLength(20);
    expect(first.users[0]?.email).toBe("user00@example.com");
    const third = await list("?page=3");
    expect(emails(third)).toEqual(["user40@example.com", "user41@example.com", "user42@example.com", "user43@example.com", "user44@example.com"]);
    expect(third).toMatchObject({ total: 45, page: 3, pageSize: 20 });
    expect(await list("?page=4")).toEqual({ users: [], total: 45, totalCapped: false, page: 4, pageSize: 20 });
    // Search and page together.
    expect(await list("?search=user4&page=1")).toMatchObject({ total: 5, page: 1 });
    const all = [...first.users, ...(await list("?page=2")).users, ...third.users].map((u) => u.email);
    expect(new Set(all).size).toBe(45);
  });

  test("newest first whatever order the rows were written in (ties: the later written first)", async () => {
    // A shuffled history: creation times in no relation to the order of the rows.
    const minutes = Array.from({ length: 50 }, (_, i) => (i * 37) % 50);
    minutes.push(7, 7); // two users created at the same moment
    for (const [i, m] of minutes.entries()) customer(`u${i}@example.com`, m);
    const expected = minutes.map((m, i) => ({ m, i, email: `u${i}@example.com` })).sort((a, b) => a.m - b.m || b.i - a.i);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`?page=${page}`);
      expect(body.total).toBe(52);
      seen.push(...emails(body));
    }
    expect(seen).toEqual(expected.map((e) => e.email));
  });

  test("a bad query: 400 with a message per field", async () => {
    for (const [query, field, message] of [
      ["?page=0", "page", "Page must be a whole number from 1"],
      ["?page=-1", "page", "Page must be a whole number from 1"],
      ["?page=1.5", "page", "Page must be a whole number from 1"],
      ["?page=abc", "page", "Page must be a whole number from 1"],
      ["?page=9999999", "page", "Page must be a whole number from 1"],
    ] as const) {
      const res = await admin.get(`/api/admin/users${query}`);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(error.fields).toEqual({ [field]: message });
    }
  });

  test("a deleted account is not listed", async () => {
    customer("stays@example.com", 2);
    const gone = customer("gone@example.com", 1);
    deleteAccount(t.db, gone.id);
    expect(await list()).toMatchObject({ total: 1, users: [{ email: "stays@example.com" }] });
    expect((await admin.get(`/api/admin/users/${gone.id}/bookings`)).status).toBe(404);
  });
});

describe("GET /api/admin/users/{id}", () => {
  test("one user as the admin user view, the same as the list shows; an unknown or deleted user: 404", async () => {
    const ann = customer("ann@example.com", 5, { firstName: "Ann", lastName: "Lee" });
    const gone = customer("gone@example.com", 1);
    deleteAccount(t.db, gone.id);
    const res = await admin.get(`/api/admin/users/${ann.id}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as AdminUserView;
    expect(view).toEqual((await list()).users[0] as AdminUserView);
    expect(view).toMatchObject({ id: ann.id, email: "ann@example.com", firstName: "Ann", lastName: "Lee", suspendedAt: null });
    expect(JSON.stringify(view)).not.toContain("passwordHash");
    for (const id of [gone.id, "no-such-user"]) {
      const missing = await admin.get(`/api/admin/users/${id}`);
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).code).toBe("not_found");
    }
  });
});

function booking(userId: string | null, serviceName: string, minutesAgo: number, status: BookingStatus = "pending") {
  return t.db
    .insert(bookings)
    .values({
      userId,
      serviceName,
      servicePrice: "295.00",
      appointmentDate: "2026-03-10",
      appointmentTime: "10:00",
      status,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning()
    .get();
}

describe("GET /api/admin/users/{id}/bookings", () => {
  test("the user's 3 most recent bookings, nobody else's", async () => {
    const ann = customer("ann@example.com", 100);
    const bob = customer("bob@example.com", 100);
    booking(ann.id, "Oldest", 40);
    const third = booking(ann.id, "Third", 30, "cancelled");
    booking(ann.id, "Second", 20, "confirmed");
    booking(ann.id, "Newest", 10, "completed");
    booking(bob.id, "Bob's", 1);

    const res = await admin.get(`/api/admin/users/${ann.id}/bookings`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminUserBooking[];
    expect(body.map((b) => [b.serviceName, b.status])).toEqual([
      ["Newest", "completed"],
      ["Second", "confirmed"],
      ["Third", "cancelled"],
    ]);
    expect(body[2]).toEqual({
      id: third.id,
      serviceName: "Third",
      servicePrice: "295.00",
      // The currency it was booked in (the column's default here: inserted without one).
      currency: "USD",
      appointmentDate: "2026-03-10",
      appointmentTime: "10:00",
      status: "cancelled",
    });
    expect(await (await admin.get(`/api/admin/users/${bob.id}/bookings`)).json()).toHaveLength(1);
    const none = customer("cy@example.com", 1);
    expect(await (await admin.get(`/api/admin/users/${none.id}/bookings`)).json()).toEqual([]);
  });

  test("an unknown user: 404", async () => {
    const res = await admin.get("/api/admin/users/no-such-user/bookings");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });
});

const address: Address = { name: "Ann Lee", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
let orderCount = 0;
function order(
  userId: string | null,
  minutesAgo: number,
  status: OrderStatus,
  items: { snapshot: Record<string, unknown>; productId?: number; quantity: number }[],
) {
  orderCount++;
  const row = t.db
    .insert(orders)
    .values({
      userId,
      orderNumber: `PI-TEST-${String(orderCount).padStart(4, "0")}`,
      status,
      totalAmount: `${orderCount}00.00`,
      subtotal: `${orderCount}00.00`,
      shippingAddress: address,
      billingAddress: address,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning()
    .get();
  for (const item of items) {
    t.db
      .insert(orderItems)
      .values({
        orderId: row.id,
        productId: item.productId ?? null,
        quantity: item.quantity,
        unitPrice: "1.00",
        totalPrice: "1.00",
        productSnapshot: item.snapshot,
      })
      .run();
  }
  return row;
}

describe("GET /api/admin/users/{id}/orders", () => {
  test("the user's 5 most recent orders with their items named as sold", async () => {
    const ann = customer("ann@example.com", 100);
    const bob = customer("bob@example.com", 100);
    const product = t.db.select({ id: products.id, name: products.name }).from(products).get();
    if (!product) throw new Error("the seed has products");
    order(ann.id, 60, "delivered", [{ snapshot: { name: "Oldest item" }, quantity: 1 }]);
    for (let i = 5; i >= 2; i--) order(ann.id, i * 10, "processing", [{ snapshot: { name: `Item ${i}` }, quantity: i }]);
    const newest = order(ann.id, 1, "shipped", [
      { snapshot: { name: "GPS Tracker", price: "99.00" }, quantity: 2 },
      { snapshot: { sku: "no name kept" }, productId: product.id, quantity: 1 },
      { snapshot: {}, quantity: 3 },
    ]);
    order(bob.id, 0, "pending", [{ snapshot: { name: "Bob's" }, quantity: 1 }]);

    const res = await admin.get(`/api/admin/users/${ann.id}/orders`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminUserOrder[];
    expect(body.map((o) => o.items[0]?.name)).toEqual(["GPS Tracker", "Item 2", "Item 3", "Item 4", "Item 5"]);
    expect(body[0]).toEqual({
      id: newest.id,
      orderNumber: newest.orderNumber,
      items: [
        { name: "GPS Tracker", quantity: 2 },
        { name: product.name, quantity: 1 },
        { name: "Product no longer listed", quantity: 3 },
      ],
      totalAmount: newest.totalAmount,
      status: "shipped",
      createdAt: newest.createdAt.toISOString(),
    });
    expect(body[1]?.items).toEqual([{ name: "Item 2", quantity: 2 }]);
    const none = customer("cy@example.com", 1);
    expect(await (await admin.get(`/api/admin/users/${none.id}/orders`)).json()).toEqual([]);
  });

  test("an unknown user: 404", async () => {
    expect((await admin.get("/api/admin/users/no-such-user/orders")).status).toBe(404);
  });
});

const suspendedAtOf = (id: string) => t.db.select({ s: users.suspendedAt }).from(users).where(eq(users.id, id)).get()?.s ?? null;

describe("suspend and reinstate", () => {
  test("suspending ends the customer's sessions at once; another customer's stay", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    // Ann is signed in on a second device too.
    const annPhone = `${sessionCookie}=${createSession(t.db, ann.userId).token}`;
    const me = (cookie: string) => t.request("/api/auth/user", { headers: { Cookie: cookie } });
    expect((await me(ann.cookie)).status).toBe(200);
    expect((await me(annPhone)).status).toBe(200);
    expect(countRows(t, "sessions")).toBe(3);

    const res = await admin.send("POST", `/api/admin/users/${ann.userId}/suspend`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as AdminUserView;
    expect(view).toMatchObject({ id: ann.userId, email: "ann@example.com" });
    expect(view.suspendedAt).not.toBeNull();
    expect(suspendedAtOf(ann.userId)?.toISOString()).toBe(view.suspendedAt ?? "");
    expect(t.db.$client.query("SELECT count(*) AS n FROM sessions WHERE sess ->> '$.userId' = ?").get(ann.userId)).toEqual({ n: 0 });
    expect(countRows(t, "sessions")).toBe(1);
    expect((await me(ann.cookie)).status).toBe(401);
    expect((await me(annPhone)).status).toBe(401);
    expect((await me(bob.cookie)).status).toBe(200);
    expect((await list()).users.find((u) => u.id === ann.userId)?.suspendedAt).toBe(view.suspendedAt);
  });

  test("the suspended customer cannot sign in or book; reinstated, they sign in and book again", async () => {
    const customerBrowser = browser(t);
    const annId = await customerBrowser.signUp("ann@example.com");
    // Booking needs a confirmed address (decision 060): she opened her confirmation link.
    t.db.$client.query("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), annId);
    const tz = "Australia/Adelaide";
    const day = businessDayAhead();
    fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);

    expect((await admin.send("POST", `/api/admin/users/${annId}/suspend`)).status).toBe(200);
    // Their cookie no longer works: the next page is signed out, a booking is refused.
    expect(await (await customerBrowser.get("/dashboard")).text()).not.toContain("Welcome back");
    expect((await customerBrowser.postJson("/api/bookings/calendar", bookingForm(day))).status).toBe(401);
    // Signing in again is refused.
    const refused = await customerBrowser.signIn("ann@example.com");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("This account is suspended");
    expect(countRows(t, "sessions")).toBe(0);
    expect(countRows(t, "bookings")).toBe(0);

    const back = await admin.send("POST", `/api/admin/users/${annId}/reinstate`);
    expect(back.status).toBe(200);
    expect(((await back.json()) as AdminUserView).suspendedAt).toBeNull();
    expect(suspendedAtOf(annId)).toBeNull();
    const signedIn = await customerBrowser.signIn("ann@example.com");
    expect(signedIn.status).toBe(303);
    expect(await (await customerBrowser.get("/dashboard")).text()).toContain("Welcome back");
    expect((await customerBrowser.postJson("/api/bookings/calendar", bookingForm(day))).status).toBe(201);
    expect(countRows(t, "bookings")).toBe(1);
  });

  test("suspending a suspended user, or reinstating an active one: 409 and nothing changes", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const reinstateActive = await admin.send("POST", `/api/admin/users/${ann.userId}/reinstate`);
    expect(reinstateActive.status).toBe(409);
    expect(await errorOf(reinstateActive)).toEqual({ code: "not_suspended", message: "This user is not suspended." });
    expect(suspendedAtOf(ann.userId)).toBeNull();
    expect(countRows(t, "sessions")).toBe(1);

    expect((await admin.send("POST", `/api/admin/users/${ann.userId}/suspend`)).status).toBe(200);
    const first = suspendedAtOf(ann.userId);
    // A session created after the suspension (it cannot sign in, but say one existed) is left alone by the refused call.
    t.db.$client.query("INSERT INTO sessions (sid, sess, expire) VALUES ('left-alone', json_object('userId', ?), ?)").run(ann.userId, Date.now() + 60_000);
    const again = await admin.send("POST", `/api/admin/users/${ann.userId}/suspend`);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: "already_suspended", message: "This user is already suspended." });
    expect(suspendedAtOf(ann.userId)).toEqual(first);
    expect(countRows(t, "sessions")).toBe(1);
  });

  test("an unknown user: 404, nothing written", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    for (const action of ["suspend", "reinstate"]) {
      const res = await admin.send("POST", `/api/admin/users/no-such-user/${action}`);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: "not_found", message: "There is no such user." });
    }
    expect(suspendedAtOf(ann.userId)).toBeNull();
    expect(countRows(t, "sessions")).toBe(1);
  });

  test("a customer's cookie does not reach these routes: only the admin's token does", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const res = await t.request(`/api/admin/users/${ann.userId}/suspend`, { method: "POST", headers: { Cookie: ann.cookie, Origin: testOrigin } });
    expect(res.status).toBe(401);
    expect(suspendedAtOf(ann.userId)).toBeNull();
  });
});
