import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminBookingsPageQuery } from "../../db/admin-bookings.server";
import { createBooking } from "../../db/bookings.server";
import { ensureReferralCode } from "../../db/referrals.server";
import { auditLog, bookings, outbox, referralTransactions, timeSlots, users } from "../../db/schema";
import { updateSetting } from "../../db/settings.server";
import { generateSlots } from "../../db/timeslots.server";
import { type BookingStatus, bookingStatuses, canChangeBookingStatus } from "../../domain/booking";
import { businessToday } from "../../domain/slots";
import { addDays } from "../../domain/timezone";
import type { AdminBookingList, AdminBookingRow, AdminSlotChange, AdminSlotOverview } from "../../shared/admin-bookings";
import { adminWithToken, businessDayAhead } from "../../../tests/factories";
import { bookingForm } from "../../../tests/helpers/booking-form";
import { testOrigin } from "../../../tests/helpers/browser";
import { customerWithSession } from "../../../tests/factories";
import { countRows, createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";
import { adminRead } from "../../../tests/helpers/admins";
import { expectCsvAttachment } from "../../../tests/helpers/csv";
import { readIcs } from "../../../tests/helpers/ics";

const tz = "Australia/Adelaide";
const hours = { start: "09:00", end: "17:00", slotMinutes: 60, days: [1, 2, 3, 4, 5, 6] };
let t: TestApp;
let authorization: string;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  authorization = adminWithToken(t.db, "owner").authorization;
});
afterEach(() => t.close());

const today = () => businessToday(new Date(), tz);

const get = (path: string, auth = authorization) => t.request(path, { headers: { Authorization: auth } });
const patch = (path: string, body: unknown, auth = authorization) =>
  t.json(path, body, { method: "PATCH", headers: { Authorization: auth, Origin: testOrigin } });
const post = (path: string, body: unknown) => t.json(path, body, { headers: { Authorization: authorization, Origin: testOrigin } });

/** A customer's booking at `date` `time` through the booking rules (slots made first). */
function booked(email: string, date = businessDayAhead(), time = "10:00", opts: { firstName?: string; referralCode?: string | null } = {}) {
  generateSlots(t.db, date, date, hours, tz);
  const existing = t.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  const userId = existing?.id ?? customerWithSession(t.db, email, opts).userId;
  const form = { ...bookingForm(date, time), contactEmail: email };
  const outcome = createBooking(t.db, { userId, form, now: new Date(), timeZone: tz, newClientDiscountPercent: 50, maxPendingBookings: 50 }, () => []);
  if (!outcome.ok) throw new Error(outcome.reason);
  return { id: outcome.booking.id, userId };
}

const bookingRow = (id: string) => t.db.select().from(bookings).where(eq(bookings.id, id)).get()!;
const slotOf = (date: string, time: string) =>
  t.db
    .select()
    .from(timeSlots)
    .where(eq(timeSlots.date, date))
    .all()
    .find((s) => s.time === time)!;
/** The status of every referral reward. */
const rewardStatuses = () =>
  t.db
    .select()
    .from(referralTransactions)
    .all()
    .map((r) => r.status);
const mailTo = (email: string) => t.db.select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.to, email)).all();
const audits = () => t.db.select().from(auditLog).all();

/** Every row of the tables a change touches, to prove a refused request changed nothing. */
const snapshot = () =>
  JSON.stringify([
    t.db.select().from(bookings).all(),
    t.db.select().from(timeSlots).all(),
    t.db.select().from(users).all(),
    t.db.select().from(outbox).all(),
    audits(),
  ]);

const list = (query = "") => adminRead<AdminBookingList>(t, `/api/admin/bookings${query}`, authorization);

test("every route is behind the admin token", async () => {
  const { id } = booked("ann@example.com");
  for (const path of ["/api/admin/bookings", "/api/admin/bookings.csv", `/api/admin/bookings/${id}`, "/api/admin/timeslots"])
    expect((await t.request(path)).status).toBe(401);
  const before = snapshot();
  expect((await patch(`/api/admin/bookings/${id}`, { status: "confirmed" }, "Bearer nope")).status).toBe(401);
  expect((await t.json("/api/admin/timeslots/generate", { from: today(), to: today() }, { headers: { Origin: testOrigin } })).status).toBe(401);
  expect((await patch(`/api/admin/timeslots/${slotOf(bookingRow(id).appointmentDate, "10:00").id}`, { available: false }, "Bearer nope")).status).toBe(401);
  expect(snapshot()).toBe(before);
});

describe("GET /api/admin/bookings", () => {
  test("upcoming soonest first, past latest first, with the customer and contact; filtered by status and dates", async () => {
    const d1 = businessDayAhead(2);
    // A later open day, whatever holidays fall between.
    const d2 = businessDayAhead(3, d1);
    const a = booked("ann@example.com", d2, "09:00", { firstName: "Ann" });
    const b = booked("bob@example.com", d1, "14:00", { firstName: "Bob" });
    const c = booked("cy@example.com", d1, "10:00", { firstName: "Cy" });
    // A booking last week, written straight in (the booking rules refuse past times).
    const past = addDays(today(), -7);
    t.db
      .insert(bookings)
      .values({ userId: a.userId, serviceName: "Partner Check", servicePrice: "295.00", appointmentDate: past, appointmentTime: "11:00", status: "completed" })
      .run();
    const past2 = addDays(today(), -3);
    t.db
      .insert(bookings)
      .values({ userId: a.userId, serviceName: "Partner Check", servicePrice: "295.00", appointmentDate: past2, appointmentTime: "11:00", status: "cancelled" })
      .run();

    const upcoming = await list();
    expect(upcoming.bookings.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(upcoming).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(upcoming.bookings[0]).toMatchObject({
      customerName: "Cy",
      customerEmail: "cy@example.com",
      contactEmail: "cy@example.com",
      contactPhone: "0400 000 000",
      serviceName: "Discreet Check Up",
      status: "pending",
      next: ["confirmed", "cancelled"],
    });
    expect((await list("?when=past")).bookings.map((r) => r.appointmentDate)).toEqual([past2, past]);
    expect((await list("?when=all")).total).toBe(5);
    expect((await list("?when=past&status=completed")).bookings.map((r) => r.appointmentDate)).toEqual([past]);
    expect((await list(`?from=${d2}`)).bookings.map((r) => r.id)).toEqual([a.id]);
    expect((await list(`?to=${d1}&when=all`)).total).toBe(4);
    expect((await list(`?from=${d1}&to=${d1}`)).bookings.map((r) => r.id)).toEqual([c.id, b.id]);
    expect((await list("?status=&from=&to=&when=")).total).toBe(3);
  });

  test("pages of 20", async () => {
    const day = businessDayAhead();
    t.db.$client.run("BEGIN");
    for (let i = 0; i < 23; i++)
      t.db
        .insert(bookings)
        .values({
          serviceName: "Partner Check",
          servicePrice: "1.00",
          appointmentDate: day,
          appointmentTime: `0${Math.floor(i / 6)}:${String((i % 6) * 10).padStart(2, "0")}`,
        })
        .run();
    t.db.$client.run("COMMIT");
    const first = await list();
    const second = await list("?page=2");
    expect(first.bookings).toHaveLength(20);
    expect(second).toMatchObject({ total: 23, page: 2 });
    expect(second.bookings).toHaveLength(3);
    expect(first.bookings.at(-1)!.appointmentTime <= second.bookings[0]!.appointmentTime).toBe(true);
    expect(first.bookings[0]!.customerName).toBe("Deleted customer");
  });

  test("a bad query is a 400 with the field's message", async () => {
    for (const query of ["?status=lost", "?when=soon", "?from=2026-02-30", "?to=tomorrow", "?page=0", "?page=x"]) {
      const res = await get(`/api/admin/bookings${query}`);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(Object.keys(error.fields ?? {})).toHaveLength(1);
    }
  });

  test("with 10,000 bookings each list reads through an index in appointment order, with no sort", () => {
    const insert = t.db.$client.prepare(
      "INSERT INTO bookings (id, service_name, service_price, appointment_date, appointment_time, status, created_at, updated_at) VALUES (?, 'Partner Check', '1.00', ?, ?, ?, 0, 0)",
    );
    t.db.$client.transaction(() => {
      for (let i = 0; i < 10_000; i++)
        insert.run(crypto.randomUUID(), addDays("2025-01-01", i % 700), `${String(9 + (i % 8)).padStart(2, "0")}:00`, bookingStatuses[i % 4]!);
    })();
    t.db.$client.run("ANALYZE");
    const plan = (sql: string, params: unknown[]) =>
      (t.db.$client.query(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as [])) as { detail: string }[]).map((r) => r.detail).join(" | ");
    const cases: [Parameters<typeof adminBookingsPageQuery>[1], string][] = [
      [{ status: null, from: "", to: "", when: "upcoming", today: "2026-01-01" }, "bookings_appointment_idx"],
      [{ status: null, from: "", to: "", when: "past", today: "2026-01-01" }, "bookings_appointment_idx"],
      [{ status: "confirmed", from: "", to: "", when: "upcoming", today: "2026-01-01" }, "bookings_status_idx"],
      [{ status: "cancelled", from: "2025-03-01", to: "2025-04-01", when: "all", today: "2026-01-01" }, "bookings_status_idx"],
      [{ status: null, from: "2025-03-01", to: "", when: "all", today: "2026-01-01" }, "bookings_appointment_idx"],
    ];
    for (const [filter, index] of cases) {
      const q = adminBookingsPageQuery(t.db, filter, 3).toSQL();
      const detail = plan(q.sql, q.params);
      expect(detail, JSON.stringify(filter)).toContain(index);
      expect(detail).not.toContain("TEMP B-TREE");
      expect(detail).not.toMatch(/SCAN bookings(?! USING)/);
    }
  });
});

describe("PATCH /api/admin/bookings/{id}", () => {
  test("every change the table allows is made; every other is a 409 naming the statuses and changes nothing", async () => {
    const starts: Record<BookingStatus, BookingStatus[]> = {
      pending: [],
      confirmed: ["confirmed"],
      completed: ["confirmed", "completed"],
      cancelled: ["cancelled"],
    };
    let hour = 9;
    for (const from of bookingStatuses) {
      for (const to of bookingStatuses) {
        const { id } = booked(`c${hour}@example.com`, businessDayAhead(), `${String(hour).padStart(2, "0")}:00`);
        hour++;
        if (hour > 16) hour = 9;
        // Bring the booking to `from` the allowed way, then try `to`.
        for (const step of starts[from]) expect((await patch(`/api/admin/bookings/${id}`, { status: step })).status).toBe(200);
        const before = snapshot();
        const res = await patch(`/api/admin/bookings/${id}`, { status: to });
        if (canChangeBookingStatus(from, to, "admin")) {
          expect(res.status).toBe(200);
          expect(((await res.json()) as AdminBookingRow).status).toBe(to);
        } else {
          expect(res.status).toBe(409);
          const error = await errorOf(res);
          expect(error.code).toBe("not_allowed");
          expect(error.message).toContain(`This booking is ${from}`);
          expect(snapshot()).toBe(before);
        }
        // Clear the day for the next booking: cancelled ones free their place.
        t.db.delete(bookings).where(eq(bookings.id, id)).run();
        t.db.update(timeSlots).set({ currentBookings: 0 }).run();
      }
    }
  });

  test("confirm then complete: the customer is e-mailed each time, becomes returning, and both are in the audit log", async () => {
    const { id, userId } = booked("ann@example.com", businessDayAhead(), "10:00", { firstName: "Ann" });
    const res = await patch(`/api/admin/bookings/${id}`, { status: "confirmed" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: "confirmed", next: ["completed", "cancelled"] });
    expect(mailTo("ann@example.com").map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking confirmed: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} on /)]);
    expect(t.db.select().from(users).where(eq(users.id, userId)).get()?.isNewCustomer).toBe(true);

    expect((await patch(`/api/admin/bookings/${id}`, { status: "completed" })).status).toBe(200);
    expect(t.db.select().from(users).where(eq(users.id, userId)).get()?.isNewCustomer).toBe(false);
    expect(mailTo("ann@example.com").map((m) => m.subject)[1]).toMatch(/^Thank you: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} completed$/);
    // Completing keeps the place: the appointment happened.
    expect(slotOf(bookingRow(id).appointmentDate, "10:00").currentBookings).toBe(1);
    expect(audits().map((a) => [a.kind, a.action, a.recordId, a.adminUsername])).toEqual([
      ["bookings", "booking.confirm", id, "owner"],
      ["bookings", "booking.complete", id, "owner"],
    ]);
    expect(audits()[0]?.summary).toContain("Confirmed the Discreet Check Up booking of Ann");
    expect(audits()[1]?.before).toEqual({ status: "confirmed" });
    const one = await get(`/api/admin/bookings/${id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id, status: "completed", next: [], customerName: "Ann" });
    expect((await get(`/api/admin/bookings/${crypto.randomUUID()}`)).status).toBe(404);
  });

  test("cancel frees the slot's place once, voids the referral reward and e-mails the customer", async () => {
    const rita = customerWithSession(t.db, "rita@example.com");
    const code = ensureReferralCode(t.db, rita.userId);
    const day = businessDayAhead();
    const { id } = booked("sam@example.com", day, "11:00", { referralCode: code });
    const other = booked("cy@example.com", day, "12:00");
    expect(rewardStatuses()).toEqual(["pending"]);
    expect(slotOf(day, "11:00").currentBookings).toBe(1);

    expect((await patch(`/api/admin/bookings/${id}`, { status: "cancelled" })).status).toBe(200);
    expect(slotOf(day, "11:00")).toMatchObject({ currentBookings: 0, isAvailable: true });
    expect(slotOf(day, "12:00").currentBookings).toBe(1);
    expect(rewardStatuses()).toEqual(["void"]);
    const [mail] = mailTo("sam@example.com");
    expect(mail?.subject).toMatch(/^Booking cancelled: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} on /);
    expect(mail?.text).toContain("we have had to cancel");

    // Again: refused, and the place is not freed a second time.
    const again = await patch(`/api/admin/bookings/${id}`, { status: "cancelled" });
    expect(again.status).toBe(409);
    expect(slotOf(day, "11:00").currentBookings).toBe(0);
    expect(bookingRow(other.id).status).toBe("pending");
    // The time is offered to customers again.
    const free = (await (await t.request(`/api/timeslots/${day}`)).json()) as { time: string }[];
    expect(free.map((s) => s.time)).toContain("11:00");
  });

  test("the customer's invitation: tentative when booked, confirmed on confirm, a CANCEL on cancel; one UID, SEQUENCE rising", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const day = businessDayAhead();
    generateSlots(t.db, day, day, hours, tz);
    expect(updateSetting(t.db, "businessName", "Smith, Jones: Investigations; SA").ok).toBe(true);
    const created = await t.json("/api/bookings/calendar", bookingForm(day, "10:00"), { headers: { Cookie: ann.cookie, Origin: testOrigin } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await patch(`/api/admin/bookings/${id}`, { status: "confirmed" })).status).toBe(200);
    expect((await patch(`/api/admin/bookings/${id}`, { status: "cancelled" })).status).toBe(200);

    const sent = t.db.select({ attachments: outbox.attachments }).from(outbox).where(eq(outbox.to, "ann@example.com")).all();
    const invitations = sent.map((m) => {
      const [a] = m.attachments ?? [];
      if (!a) throw new Error("a booking e-mail without its invitation");
      return { contentType: a.contentType, ...readIcs(a.content) };
    });
    const common = { uid: invitations[0]?.uid, attendee: "mailto:ann@example.com", organizerCn: "Smith, Jones: Investigations; SA" };
    expect(invitations).toEqual([
      expect.objectContaining({ ...common, method: "REQUEST", status: "TENTATIVE", sequence: 0, contentType: expect.stringContaining("method=REQUEST") }),
      expect.objectContaining({ ...common, method: "REQUEST", status: "CONFIRMED", sequence: 1, contentType: expect.stringContaining("method=REQUEST") }),
      expect.objectContaining({ ...common, method: "CANCEL", status: "CANCELLED", sequence: 2, contentType: expect.stringContaining("method=CANCEL") }),
    ]);
    expect(invitations[0]?.uid).toBe(`${id}@localhost`);
    expect(bookingRow(id).icsSequence).toBe(2);
  });

  test("a bad body is a 400 and an unknown booking a 404; nothing changes", async () => {
    const { id } = booked("ann@example.com");
    const before = snapshot();
    for (const body of [{}, { status: "done" }, { status: 1 }, "confirmed"]) {
      const res = await patch(`/api/admin/bookings/${id}`, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
    expect((await patch("/api/admin/bookings/not-an-id", { status: "confirmed" })).status).toBe(400);
    expect((await patch(`/api/admin/bookings/${crypto.randomUUID()}`, { status: "confirmed" })).status).toBe(404);
    expect(snapshot()).toBe(before);
  });
});

describe("GET /api/admin/bookings.csv", () => {
  test("the filtered bookings with prices and discount; a formula in a name is neutralised", async () => {
    const day = businessDayAhead();
    const a = booked("ann@example.com", day, "09:00", { firstName: '=HYPERLINK("http://x")' });
    booked("bob@example.com", day, "10:00", { firstName: "Bob" });
    await patch(`/api/admin/bookings/${a.id}`, { status: "confirmed" });
    const res = await get(`/api/admin/bookings.csv?status=confirmed&from=${day}`);
    // Named for the list and the business's today, whatever the filters (decision 073).
    const lines = (await expectCsvAttachment(res, `bookings-${businessToday(new Date(), tz)}.csv`)).split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Appointment,Length (minutes),Customer,Phone,E-mail,Location,Package,Price,Original price,Discount,Currency,Status,Payment,Booked",
    );
    expect(lines).toHaveLength(3);
    // Appointment and creation as ISO 8601 with Adelaide's offset (+09:30 or +10:30), like every CSV instant.
    expect(lines[1]).toMatch(
      new RegExp(
        `^${bookingRow(a.id).reference},${day}T09:00:00\\+(09|10):30,60,"'=HYPERLINK\\(""http://x""\\)",0400 000 000,ann@example.com,,Discreet Check Up,37.50,75.00,yes,USD,Confirmed,Not paid,`,
      ),
    );
    expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+(09|10):30$/);
    const created = lines[1]?.split(",").at(-1) ?? "";
    expect(Math.abs(Date.parse(created) - bookingRow(a.id).createdAt.getTime())).toBeLessThan(1000);
    const all = (await (await get("/api/admin/bookings.csv")).text()).trim().split("\r\n");
    expect(all).toHaveLength(3);
    expect((await get("/api/admin/bookings.csv?status=maybe")).status).toBe(400);
  });
});

describe("time slots", () => {
  test("generate from the business hours: today or later, up to 90 days, idempotent, audited", async () => {
    const from = today();
    const to = addDays(from, 59);
    const res = await post("/api/admin/timeslots/generate", { from, to });
    expect(res.status).toBe(200);
    const { created } = (await res.json()) as { created: number };
    expect(created).toBeGreaterThan(300);
    expect(countRows(t, "time_slots")).toBe(created);
    expect(await (await post("/api/admin/timeslots/generate", { from, to })).json()).toMatchObject({ created: 0 });
    expect(audits().map((a) => a.action)).toEqual(["timeslot.generate"]);

    const before = snapshot();
    for (const [body, field] of [
      [{ from: addDays(from, -1), to: from }, "from"],
      [{ from, to: addDays(from, 90) }, "to"],
      [{ from: addDays(from, 2), to: from }, "to"],
      [{ from: "2026-02-30", to: from }, "from"],
      [{ from }, "to"],
    ] as const) {
      const bad = await post("/api/admin/timeslots/generate", body);
      expect(bad.status).toBe(400);
      expect(Object.keys((await errorOf(bad)).fields ?? {})).toEqual([field]);
    }
    expect(snapshot()).toBe(before);
  });

  test("each day with its slots and how full it is; blocking keeps the bookings and stops new ones; reopening", async () => {
    const day = businessDayAhead();
    const { id } = booked("ann@example.com", day, "10:00");
    const overview = (await (await get(`/api/admin/timeslots?from=${day}&to=${day}`)).json()) as AdminSlotOverview;
    expect(overview.days).toHaveLength(1);
    expect(overview.days[0]).toMatchObject({ date: day, capacity: 8, booked: 1, blocked: 0 });
    const ten = overview.days[0]!.slots.find((s) => s.time === "10:00")!;
    expect(ten).toMatchObject({ currentBookings: 1, maxBookings: 1, available: true });
    const nine = overview.days[0]!.slots.find((s) => s.time === "09:00")!;

    const blocked = await patch(`/api/admin/timeslots/${ten.id}`, { available: false });
    expect(blocked.status).toBe(200);
    expect(((await blocked.json()) as AdminSlotChange).message).toContain("Its 1 booking is kept");
    expect(bookingRow(id).status).toBe("pending");
    expect((await patch(`/api/admin/timeslots/${nine.id}`, { available: false })).status).toBe(200);
    const free = async () => ((await (await t.request(`/api/timeslots/${day}`)).json()) as { time: string }[]).map((s) => s.time);
    expect(await free()).not.toContain("09:00");
    // A customer cannot book a blocked slot.
    const bob = customerWithSession(t.db, "bob@example.com");
    const taken = await t.request("/api/bookings/calendar", {
      method: "POST",
      headers: { Cookie: bob.cookie, "Content-Type": "application/json", Origin: testOrigin },
      body: JSON.stringify(bookingForm(day, "09:00")),
    });
    expect(taken.status).toBe(409);
    // Cancelling the booking in the blocked slot frees its place but keeps the slot blocked.
    expect((await patch(`/api/admin/bookings/${id}`, { status: "cancelled" })).status).toBe(200);
    expect(slotOf(day, "10:00")).toMatchObject({ currentBookings: 0, isAvailable: false });
    expect(await free()).not.toContain("10:00");

    expect((await patch(`/api/admin/timeslots/${nine.id}`, { available: true })).status).toBe(200);
    expect(await free()).toContain("09:00");
    expect(audits().map((a) => a.action)).toEqual(["timeslot.block", "timeslot.block", "booking.cancel", "timeslot.reopen"]);
    // Setting what is already set records nothing.
    expect((await patch(`/api/admin/timeslots/${nine.id}`, { available: true })).status).toBe(200);
    expect(audits()).toHaveLength(4);
  });

  test("bad ranges and bodies are 400s, an unknown slot a 404", async () => {
    const from = today();
    expect((await get(`/api/admin/timeslots?from=${from}&to=${addDays(from, 90)}`)).status).toBe(400);
    expect((await get("/api/admin/timeslots?from=someday")).status).toBe(400);
    generateSlots(t.db, businessDayAhead(), businessDayAhead(), hours, tz);
    const slot = t.db.select().from(timeSlots).get()!;
    const before = snapshot();
    for (const body of [{}, { available: "no" }, { available: 0 }]) expect((await patch(`/api/admin/timeslots/${slot.id}`, body)).status).toBe(400);
    expect((await patch("/api/admin/timeslots/abc", { available: false })).status).toBe(400);
    expect((await patch("/api/admin/timeslots/999999", { available: false })).status).toBe(404);
    expect(snapshot()).toBe(before);
  });
});
