/**
 * Closed days (decision 077): the owner closes a day or a range with a reason in one step, and the
 * bookings already on them are kept and listed back; South Australian public holidays are closed
 * by default and each can be reopened; a closed day is offered nowhere and refused when booked.
 */
import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, bookings, outbox, timeSlots } from "../../db/schema";
import { fillSlotWindow } from "../../db/timeslots.server";
import { businessToday } from "../../domain/slots";
import { addDays, dayOfWeek } from "../../domain/timezone";
import type { AdminSlotOverview } from "../../shared/admin-bookings";
import type { CloseDaysResult } from "../../shared/admin-calendar";
import { defaultSettings } from "../../shared/settings";
import { adminWithToken, customerWithBooking, customerWithSession } from "../../../tests/factories";
import { bookingForm } from "../../../tests/helpers/booking-form";
import { testOrigin } from "../../../tests/helpers/browser";
import { countRows, createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";

const tz = defaultSettings.timezone;
let t: TestApp;
let authorization: string;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  authorization = adminWithToken(t.db, "owner").authorization;
});
afterEach(() => {
  setSystemTime();
  t.close();
});

const post = (path: string, body: unknown) => t.json(path, body, { headers: { Authorization: authorization, Origin: testOrigin } });
const get = (path: string) => t.request(path, { headers: { Authorization: authorization } });
const customerPost = (cookie: string, path: string, body: unknown) => t.json(path, body, { headers: { Cookie: cookie, Origin: testOrigin } });
/** What the customer's calendar offers: the dates with a free time, and the free times of `date`. */
const offeredDates = async () => ((await (await t.request("/api/timeslots/days")).json()) as { dates: string[] }).dates;
const offeredTimes = async (date: string) => ((await (await t.request(`/api/timeslots/${date}`)).json()) as { time: string }[]).map((s) => s.time);
const fillWindow = () => fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);

describe("closing days", () => {
  test("a range with a booked day closes in one step: the booking is kept and listed, nothing cancelled, no day offered", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { daysAhead: 6, time: "11:00" });
    const booked = t.db.select().from(bookings).where(eq(bookings.id, ann.bookingId)).get()!;
    fillWindow();
    const from = addDays(ann.date, -1);
    const to = addDays(ann.date, 1);
    const mailBefore = countRows(t, "outbox");

    const res = await post("/api/admin/timeslots/close", { from, to, reason: "  Annual leave " });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CloseDaysResult;
    expect(body.closed).toEqual([from, ann.date, to]);
    expect(body.bookings).toEqual([
      {
        id: ann.bookingId,
        reference: ann.reference,
        date: ann.date,
        time: "11:00",
        duration: 60,
        customerName: expect.any(String),
        serviceName: "Discreet Check Up",
        phone: "0400 000 000",
        status: "pending",
      },
    ]);
    expect(body.message).toContain("1 booking is still on them and kept");
    expect(body.message).toContain("move or cancel");

    // Nothing cancelled, its place still held, and no customer told anything.
    const after = t.db.select().from(bookings).where(eq(bookings.id, ann.bookingId)).get()!;
    expect(after.status).toBe(booked.status);
    expect(t.db.select().from(timeSlots).where(eq(timeSlots.id, after.timeSlotId!)).get()!.currentBookings).toBe(1);
    expect(countRows(t, "outbox")).toBe(mailBefore);
    expect(
      t.db
        .select()
        .from(outbox)
        .all()
        .some((m) => /cancel/i.test(m.subject)),
    ).toBe(false);

    // The free times of those days are offered nowhere, and booking one is refused.
    const dates = await offeredDates();
    for (const d of [from, ann.date, to]) {
      expect(dates).not.toContain(d);
      expect(await offeredTimes(d)).toEqual([]);
    }
    const bob = customerWithSession(t.db, "bob@example.com");
    const refused = await customerPost(bob.cookie, "/api/bookings/calendar", bookingForm(ann.date, "14:00", { contactEmail: "bob@example.com" }));
    expect(refused.status).toBe(409);
    expect(countRows(t, "bookings")).toBe(1);

    // The overview says why, and who is booked (name, package, phone).
    const overview = (await (await get(`/api/admin/timeslots?from=${from}&to=${to}`)).json()) as AdminSlotOverview;
    const day = overview.days.find((d) => d.date === ann.date)!;
    expect(day.closed).toEqual({ date: ann.date, reason: "Annual leave", holiday: null });
    expect(day.bookings?.map((b) => [b.reference, b.serviceName, b.phone])).toEqual([[ann.reference, "Discreet Check Up", "0400 000 000"]]);

    const audit = t.db.select().from(auditLog).all().at(-1)!;
    expect(audit.action).toBe("calendar.close");
    expect(audit.summary).toContain("Annual leave");
    expect(audit.summary).toContain("1 booking on them kept");

    // Reopened: offered again, the booking still there.
    expect((await post("/api/admin/timeslots/reopen", { from, to })).status).toBe(200);
    expect(await offeredTimes(ann.date)).toContain("14:00");
    expect(await offeredTimes(ann.date)).not.toContain("11:00");
  });

  test("a booking cannot be moved onto a closed day, nor is the day offered on its move page", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { daysAhead: 6, time: "11:00" });
    let closed = addDays(ann.date, 1);
    while (dayOfWeek(closed) === 0) closed = addDays(closed, 1);
    fillWindow();
    expect((await post("/api/admin/timeslots/close", { from: closed, to: closed, reason: "Court" })).status).toBe(200);
    const moved = await customerPost(ann.cookie, `/api/bookings/${ann.bookingId}/reschedule`, { appointmentDate: closed, appointmentTime: "11:00" });
    expect(moved.status).toBe(409);
    expect(t.db.select().from(bookings).where(eq(bookings.id, ann.bookingId)).get()!.appointmentDate).toBe(ann.date);
    const page = await (await t.request(`/bookings/${ann.bookingId}/move?date=${closed}`, { headers: { Cookie: ann.cookie } })).text();
    expect(page).toContain(`move?date=${ann.date}`);
    expect(page).not.toContain(`move?date=${closed}`);
    expect(page).not.toContain(`name="appointmentDate" value="${closed}"`);
  });

  test("bad ranges and a missing reason are refused with field messages, and nothing is closed", async () => {
    const today = businessToday(new Date(), tz);
    const cases: [unknown, string][] = [
      [{ from: today, to: today, reason: "   " }, "reason"],
      [{ from: today, to: today }, "reason"],
      [{ from: addDays(today, 3), to: addDays(today, 2), reason: "Leave" }, "to"],
      [{ from: today, to: addDays(today, 90), reason: "Leave" }, "to"],
      [{ from: "someday", to: today, reason: "Leave" }, "from"],
      [{ from: addDays(today, -1), to: today, reason: "Leave" }, "from"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/admin/timeslots/close", body);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toContain(field);
    }
    expect(countRows(t, "calendar_days")).toBe(0);
    expect((await t.json("/api/admin/timeslots/close", { from: today, to: today, reason: "x" }, { headers: { Origin: testOrigin } })).status).toBe(401);
  });
});

describe("public holidays", () => {
  test("Christmas Day, Proclamation Day and its substitute Monday are closed by default, refused when booked, and reopenable", async () => {
    setSystemTime(new Date("2026-12-01T00:00:00Z"));
    authorization = adminWithToken(t.db, "holiday-owner").authorization;
    fillWindow();
    const dates = await offeredDates();
    for (const d of ["2026-12-25", "2026-12-26", "2026-12-28"]) {
      expect(dates).not.toContain(d);
      expect(await offeredTimes(d)).toEqual([]);
    }
    // The working days around them are offered, and Christmas Eve (a holiday from 7 pm only) too.
    for (const d of ["2026-12-24", "2026-12-29"]) expect(dates).toContain(d);

    const ann = customerWithSession(t.db, "ann@example.com");
    expect((await customerPost(ann.cookie, "/api/bookings/calendar", bookingForm("2026-12-25", "10:00"))).status).toBe(409);
    expect(countRows(t, "bookings")).toBe(0);

    const overview = (await (await get("/api/admin/timeslots?from=2026-12-24&to=2026-12-28")).json()) as AdminSlotOverview;
    expect(overview.days.find((d) => d.date === "2026-12-25")?.closed).toEqual({ date: "2026-12-25", reason: "Christmas Day", holiday: "Christmas Day" });
    expect(overview.days.find((d) => d.date === "2026-12-26")?.closed?.holiday).toBe("Proclamation Day");
    expect(overview.days.find((d) => d.date === "2026-12-24")?.closed).toBeNull();

    // The owner opens Christmas Day: offered and bookable; Proclamation Day stays closed.
    const reopened = await post("/api/admin/timeslots/reopen", { from: "2026-12-25", to: "2026-12-25" });
    expect(reopened.status).toBe(200);
    expect(await offeredTimes("2026-12-25")).toContain("10:00");
    expect(await offeredDates()).toContain("2026-12-25");
    expect(await offeredTimes("2026-12-26")).toEqual([]);
    const after = (await (await get("/api/admin/timeslots?from=2026-12-25&to=2026-12-25")).json()) as AdminSlotOverview;
    expect(after.days[0]).toMatchObject({ closed: null, reopenedHoliday: "Christmas Day" });
    expect((await customerPost(ann.cookie, "/api/bookings/calendar", bookingForm("2026-12-25", "10:00"))).status).toBe(201);

    // Closing it again with a reason works like any other day.
    expect((await post("/api/admin/timeslots/close", { from: "2026-12-25", to: "2026-12-25", reason: "Family day" })).status).toBe(200);
    expect(await offeredTimes("2026-12-25")).toEqual([]);
  });

  test("Adelaide Cup Day in March is closed by default", async () => {
    setSystemTime(new Date("2027-02-20T00:00:00Z"));
    authorization = adminWithToken(t.db, "holiday-owner").authorization;
    fillWindow();
    expect(dayOfWeek("2027-03-08")).toBe(1);
    expect(await offeredDates()).not.toContain("2027-03-08");
    expect(await offeredDates()).toContain("2027-03-09");
    expect(await offeredTimes("2027-03-08")).toEqual([]);
    expect((await post("/api/admin/timeslots/reopen", { from: "2027-03-08", to: "2027-03-08" })).status).toBe(200);
    expect(await offeredDates()).toContain("2027-03-08");
  });
});
