import { expect, test } from "bun:test";
import { and, eq, gt, lte } from "drizzle-orm";
import { caseFiles, caseRooms, orders, payments, products } from "../../db/schema";
import type { AdminTodo, TodoGroup } from "../../shared/admin-todo";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { caseMessageOf, caseRoomOf, caseUpdateOf, customerWithBooking, dashboardToDo, reviewsToModerate } from "../../../tests/factories";
import { queryPlan, statementsPreparedBy } from "../../../tests/helpers/query-plan";

const { t, admin } = adminAppPerTest();

const todo = () => admin.read<AdminTodo>("/api/admin/todo");
const group = (answer: AdminTodo, key: string): TodoGroup => {
  const found = answer.groups.find((g) => g.key === key);
  if (!found) throw new Error(`no group ${key}`);
  return found;
};

/** The seeded catalogue's active products at 0, and at or under their threshold, lowest first. */
function seededStock() {
  const out = t.db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.stockQuantity, 0)))
    .all();
  const low = t.db
    .select({ name: products.name, stock: products.stockQuantity })
    .from(products)
    .where(and(eq(products.isActive, true), gt(products.stockQuantity, 0), lte(products.stockQuantity, products.lowStockThreshold)))
    .orderBy(products.stockQuantity, products.id)
    .all();
  return { out, low };
}

test("without a token: 401", async () => {
  const res = await t.request("/api/admin/todo");
  expect(res.status).toBe(401);
});

test("the seeded site: the groups in order, nothing waiting but the seed's out-of-stock and low-stock products", async () => {
  const answer = await todo();
  expect(answer.groups.map((g) => g.key)).toEqual([
    "enquiries",
    "bookings",
    "caseRooms",
    "payment",
    "idCheck",
    "bookingPayments",
    "overdueInstalments",
    "refunds",
    "ship",
    "reviews",
    "outOfStock",
    "lowStock",
    "cancellations",
    "backup",
  ]);
  for (const key of [
    "enquiries",
    "bookings",
    "caseRooms",
    "payment",
    "idCheck",
    "bookingPayments",
    "overdueInstalments",
    "refunds",
    "ship",
    "reviews",
    "cancellations",
    "backup",
  ])
    expect(group(answer, key)).toMatchObject({ count: 0, items: [] });
  const { out, low } = seededStock();
  expect(out.length).toBeGreaterThan(0);
  expect(group(answer, "outOfStock").count).toBe(out.length);
  expect(group(answer, "lowStock").count).toBe(low.length);
  // Lowest stock first, each linking to its editor.
  expect(group(answer, "lowStock").items.map((i) => i.label)).toEqual(low.slice(0, 5).map((p) => p.name));
  expect(group(answer, "lowStock").items[0]?.href).toMatch(/^\/admin\/products\/\d+\/edit$/);
});

test("every group counts its own rows and lists the oldest (or most pressing) first, linking to the record", async () => {
  const made = dashboardToDo(t.db, "route");
  const answer = await todo();

  const enquiries = group(answer, "enquiries");
  expect(enquiries.count).toBe(3);
  expect(enquiries.note).toBe("1 emergency");
  // The emergency first, then the others oldest first; the handled one not at all.
  expect(enquiries.items.map((i) => i.label)).toEqual(made.enquiries);
  expect(enquiries.items[0]).toMatchObject({ urgent: true });
  expect(enquiries.items[0]?.detail).toStartWith("Emergency, received ");
  expect(enquiries.items.every((i) => /^\/admin\/contacts\/[0-9a-f-]{36}$/.test(i.href))).toBe(true);

  const bookings = group(answer, "bookings");
  expect(bookings.count).toBe(3);
  expect(bookings.items.map((i) => i.key)).toEqual(made.bookings);
  expect(bookings.items.map((i) => i.href)).toEqual(made.bookings.map((id) => `/admin/bookings/${id}`));

  const ship = group(answer, "ship");
  expect(ship.count).toBe(3);
  expect(ship.note).toBe("1 needs an ID check first");
  expect(ship.items.map((i) => i.key)).toEqual(made.ship);
  expect(ship.items[0]?.href).toBe(`/admin/orders/${made.ship[0]?.toLowerCase()}`);
  expect(ship.items[1]?.detail).toContain("ID check first");
  expect(ship.items[0]?.label).toBe(`${made.ship[0]} · Casey Client`);

  // Each item says how long it has waited.
  expect(enquiries.items[1]?.detail).toEndWith("waiting 30 hours");
  expect(bookings.items[0]?.detail).toEndWith("waiting 46 hours");
  expect(ship.items[0]?.detail).toContain("waiting 40 hours");

  // Orders paid by hand and not paid yet: the hold running out first first, with what is left of it;
  // the PayPal order (it confirms itself) and the cancelled ones not at all.
  const payment = group(answer, "payment");
  expect(payment).toMatchObject({ title: "Orders awaiting payment", count: 3, listHref: "/admin/orders?payment=pending" });
  expect(payment.items.map((i) => i.key)).toEqual(made.payment);
  expect(payment.items[0]).toMatchObject({ label: `${made.payment[0]} · Casey Client`, href: `/admin/orders/${made.payment[0]?.toLowerCase()}`, urgent: true });
  expect(payment.items[0]?.detail).toBe("$120 by bank transfer · waiting 2 days · 20 hours left to pay");
  expect(payment.items[1]?.detail).toBe("$120 by bank transfer · waiting 21 hours · 2 days left to pay · ID check too");
  expect(payment.items[2]).toMatchObject({ urgent: false });

  // Orders on hold for the ID check, paid or not, oldest first.
  const idCheck = group(answer, "idCheck");
  expect(idCheck).toMatchObject({ title: "Orders waiting for an ID check", count: 2, listHref: "/admin/orders?status=on_hold" });
  expect(idCheck.items.map((i) => i.key)).toEqual(made.idCheck);
  expect(idCheck.items[0]?.detail).toStartWith("not paid yet · placed ");
  expect(idCheck.items[1]?.detail).toStartWith("paid · placed ");
  expect(idCheck.items[1]?.detail).toEndWith("waiting 11 hours");

  // A booking's open payment request, once however often it was asked for, from the first request;
  // not the cancelled booking's.
  const bookingPayments = group(answer, "bookingPayments");
  expect(bookingPayments).toMatchObject({ title: "Booking payments to confirm", count: 1 });
  expect(bookingPayments.items.map((i) => i.key)).toEqual(made.bookingPayments);
  expect(bookingPayments.items[0]?.href).toBe(`/admin/bookings/${made.bookingPayments[0]}`);
  expect(bookingPayments.items[0]?.label).toBe("Booking · Partner Check");
  expect(bookingPayments.items[0]?.detail).toStartWith("$295 by transfer · ");
  expect(bookingPayments.items[0]?.detail).toEndWith("waiting 30 hours");

  // The customers' own cancellations of the last 7 days, newest first; not the admin's, not older ones.
  const cancellations = group(answer, "cancellations");
  expect(cancellations.count).toBe(2);
  expect(cancellations.items.map((i) => i.key)).toEqual(made.cancellations);
});

test("reviews to moderate: the waiting ones, oldest first, each linking to the waiting reviews of its product", async () => {
  const made = reviewsToModerate(t.db, "todo");
  const reviews = group(await todo(), "reviews");
  expect(reviews).toMatchObject({ title: "Reviews to moderate", count: 3, listHref: "/admin/reviews?status=pending", listLabel: "All waiting reviews" });
  expect(reviews.items.map((i) => i.key)).toEqual(made.pending.map((r) => String(r.id)));
  expect(reviews.items[0]).toMatchObject({ label: "4K Covert Dual Dash Cam: 2 stars", href: `/admin/reviews?status=pending&product=${made.productIds[0]}` });
  expect(reviews.items[0]?.detail).toStartWith('"Battery runs out quickly" by Dee, written ');
});

test("a group shows 5 items and counts them all", async () => {
  for (const tag of ["a", "b"]) dashboardToDo(t.db, tag);
  const answer = await todo();
  for (const key of ["enquiries", "bookings", "ship"]) {
    expect(group(answer, key).count).toBe(6);
    expect(group(answer, key).items).toHaveLength(5);
  }
});

test("every to-do query reads through an index, never a whole table", async () => {
  dashboardToDo(t.db, "plan");
  reviewsToModerate(t.db, "plan");
  caseMessageOf(t.db, customerWithBooking(t.db, "plan-case@example.com").reference, "client", "The photos are attached.");
  // Note every statement the driver prepares while the list is read, then ask SQLite how it runs each.
  const client = t.db.$client;
  const statements = await statementsPreparedBy(client, () => todo());
  const tables = ["contacts", "bookings", "orders", "products", "reviews", "payments", "case_rooms"];
  const todoStatements = statements.filter((s) => tables.some((table) => s.includes(`from "${table}"`)));
  expect(todoStatements.length).toBeGreaterThanOrEqual(15);
  for (const statement of todoStatements) {
    const plan = queryPlan(client, statement);
    if (process.env.SHOW_PLANS) console.log(statement, plan);
    const fullScans = plan.filter(
      (detail) =>
        /^SCAN (contacts|bookings|orders|products|reviews|payments|case_rooms|case_messages|case_files)\b/.test(detail) &&
        !/USING (COVERING )?INDEX/.test(detail),
    );
    expect({ statement, fullScans }).toEqual({ statement, fullScans: [] });
    // How a room's files are read: src/db/case-files-plans.test.ts.
  }
});

test("a booking paid by another payment, or a request paid, is not to confirm; an order once paid leaves the awaiting list", async () => {
  const made = dashboardToDo(t.db, "settled");
  const bookingId = made.bookingPayments[0] ?? "";
  t.db
    .update(orders)
    .set({ paymentStatus: "paid", status: "processing", paidAt: new Date() })
    .where(eq(orders.orderNumber, made.payment[0] ?? ""))
    .run();
  t.db
    .insert(payments)
    .values({
      serviceName: "Partner Check",
      method: "paypal",
      amount: "295.00",
      referenceCode: "PAID-SETTLED",
      bookingId,
      status: "completed",
      paidAt: new Date(),
    })
    .run();
  const answer = await todo();
  expect(group(answer, "bookingPayments")).toMatchObject({ count: 0, items: [] });
  expect(group(answer, "payment").items.map((i) => i.key)).toEqual(made.payment.slice(1));
});

test("case rooms with something new from the client: each room once, the longest waiting first, until the business opens it", async () => {
  const early = customerWithBooking(t.db, "early-case@example.com", { daysAhead: 2 });
  const later = customerWithBooking(t.db, "later-case@example.com", { daysAhead: 3 });
  const quiet = customerWithBooking(t.db, "quiet-case@example.com", { daysAhead: 4 });
  const hoursAgoIso = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
  caseMessageOf(t.db, later.reference, "client", "One more thing.", { at: hoursAgoIso(2) });
  caseMessageOf(t.db, early.reference, "client", "Here is the address.", { at: hoursAgoIso(30) });
  caseMessageOf(t.db, early.reference, "client", "And the car's plate.", { at: hoursAgoIso(29) });
  // The business's own words and updates are not news to it.
  caseMessageOf(t.db, quiet.reference, "business", "Your report is on its way.", { at: hoursAgoIso(5) });
  caseUpdateOf(t.db, quiet.reference, "in_progress", null, { at: hoursAgoIso(4) });

  const cases = group(await todo(), "caseRooms");
  expect(cases).toMatchObject({ title: "Case rooms with something new from the client", count: 2, listHref: "/admin/cases" });
  expect(cases.items.map((i) => i.href)).toEqual([`/admin/cases/${early.reference.toLowerCase()}`, `/admin/cases/${later.reference.toLowerCase()}`]);
  expect(cases.items[0]?.label).toBe(`${early.reference} · early-case`);
  expect(cases.items[0]?.detail).toEndWith("waiting 30 hours");
  expect(cases.items[1]?.detail).toEndWith("waiting 2 hours");

  // Opening the room is seeing it: it leaves the list, and comes back with the client's next message.
  await admin.read(`/api/admin/cases/${early.reference}`);
  expect(group(await todo(), "caseRooms").items.map((i) => i.href)).toEqual([`/admin/cases/${later.reference.toLowerCase()}`]);
  caseMessageOf(t.db, early.reference, "client", "Did you get it?");
  expect(group(await todo(), "caseRooms").count).toBe(2);

  // A file from the client counts once all of it has arrived, not while it is still uploading.
  const withFile = customerWithBooking(t.db, "file-case@example.com", { daysAhead: 5 });
  const roomId = caseRoomOf(t.db, withFile.reference);
  const file = (status: "uploading" | "ready", n: number) =>
    t.db
      .insert(caseFiles)
      .values({
        caseRoomId: roomId,
        side: "client",
        userId: withFile.userId,
        name: `photo-${n}.jpg`,
        contentType: "image/jpeg",
        size: 10,
        storageName: `todo-${n}`,
        sealedKey: "sealed",
        status,
        completedAt: status === "ready" ? new Date() : null,
      })
      .run();
  file("uploading", 1);
  t.db.update(caseRooms).set({ lastActivityAt: new Date() }).where(eq(caseRooms.id, roomId)).run();
  expect(group(await todo(), "caseRooms").count).toBe(2);
  file("ready", 2);
  expect(group(await todo(), "caseRooms").count).toBe(3);
});
