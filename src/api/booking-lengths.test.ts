/**
 * A booking holds the investigator's time for its package's length (decision 070), through the API
 * a customer uses: the times offered, the booking and the move refusing overlaps, the hourly price,
 * the calendar event's end, and the phone needed only for a call or text.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { adminWithToken, businessDayAhead, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { bookingForm } from "../../tests/helpers/booking-form";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { fillSlotWindow } from "../db/timeslots.server";
import { formatDate } from "../domain/format";
import { businessToday } from "../domain/slots";
import { addDays, dayOfWeek } from "../domain/timezone";
import { defaultSettings } from "../shared/settings";

const tz = defaultSettings.timezone;
let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);
});
afterEach(() => t.close());

/**
 * A Monday at least `ahead` days from today whose week to Friday is open (no public holiday, closed
 * like Sundays), so the next days are business days too.
 */
function monday(ahead = 3) {
  const openWeek = (m: string) => [0, 1, 2, 3, 4].every((i) => businessDayAhead(i, m) === addDays(m, i));
  let d = addDays(businessToday(new Date(), tz), ahead);
  while (dayOfWeek(d) !== 1 || !openWeek(d)) d = addDays(d, 1);
  return d;
}

const call = (cookie: string | null, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}), Origin: testOrigin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const times = async (date: string, query: string) =>
  ((await (await call(null, "GET", `/api/timeslots/${date}?${query}`)).json()) as { time: string }[]).map((s) => s.time);
const freeDays = async (query: string) => ((await (await call(null, "GET", `/api/timeslots/days?${query}`)).json()) as { dates: string[] }).dates;
const slotsTaken = (date: string) =>
  (t.db.$client.query("SELECT time FROM time_slots WHERE date = ? AND current_bookings > 0 ORDER BY time").all(date) as { time: string }[]).map((r) => r.time);
const allDay = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];

describe("the times offered follow the package's length", () => {
  test("a day's surveillance starts at opening only; hourly surveillance only where its hours fit before closing", async () => {
    const day = monday();
    expect(await times(day, "service=partner")).toEqual(["09:00"]);
    expect(await times(day, "service=infidelity")).toEqual(["09:00"]);
    expect(await times(day, "service=checkup")).toEqual(allDay);
    expect(await times(day, "service=hourly")).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00"]);
    expect(await times(day, "service=hourly&hours=7")).toEqual(["09:00", "10:00"]);
    // Without a package: every free slot, as before.
    expect(await times(day, "")).toEqual(allDay);
  });

  test("one hour booked mid-week: no day's or three days' surveillance over it, hourly around it", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    const wednesday = addDays(day, 2);
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(wednesday, "13:00"))).status).toBe(201);
    expect(await times(wednesday, "service=partner")).toEqual([]);
    expect(await times(day, "service=infidelity")).toEqual([]);
    expect(await times(addDays(day, 1), "service=infidelity")).toEqual([]);
    expect(await times(addDays(day, 3), "service=infidelity")).toEqual(["09:00"]);
    // Four hours fit only before it (9:00 to 1:00 pm); after it they would run past closing.
    expect(await times(wednesday, "service=hourly")).toEqual(["09:00"]);
    const days = await freeDays("service=infidelity");
    expect(days).not.toContain(day);
    expect(days).not.toContain(wednesday);
    expect(days).toContain(addDays(day, 3));
    expect(await freeDays("service=checkup")).toContain(wednesday);
  });
});

describe("booking holds the whole length", () => {
  test("Partner Check holds the whole day: 10:00 is refused, 09:00 takes every hour, and another booking that day is refused", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    const partner = (time: string) => bookingForm(day, time, { serviceName: "Partner Check" });
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", partner("10:00"))).status).toBe(409);
    expect(countRows(t, "bookings")).toBe(0);
    const res = await call(ann.cookie, "POST", "/api/bookings/calendar", partner("09:00"));
    expect(res.status).toBe(201);
    const booked = (await res.json()) as { id: string; duration: number };
    expect(booked.duration).toBe(480);
    expect(slotsTaken(day)).toEqual(allDay);
    // Any hour of that day is now refused to anyone else.
    const taken = await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "15:00"));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { code: string } }).error.code).toBe("slot_taken");

    // The calendar event runs 9:00 to 5:00 pm.
    const ics = await (await call(ann.cookie, "GET", `/api/bookings/${booked.id}/ics`)).text();
    expect(ics).toContain(`DTSTART;TZID=Australia/Adelaide:${day.replace(/-/g, "")}T090000`);
    expect(ics).toContain(`DTEND;TZID=Australia/Adelaide:${day.replace(/-/g, "")}T170000`);

    // Cancelling gives every hour back.
    expect((await call(ann.cookie, "POST", `/api/bookings/${booked.id}/cancel`)).status).toBe(200);
    expect(slotsTaken(day)).toEqual([]);
  });

  test("three days end at the third day's closing, in the invitation too", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    const res = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "09:00", { serviceName: "Infidelity Investigation" }));
    expect(res.status).toBe(201);
    const { id, path } = (await res.json()) as { id: string; path: string };
    for (const d of [day, addDays(day, 1), addDays(day, 2)]) expect(slotsTaken(d)).toEqual(allDay);
    expect(slotsTaken(addDays(day, 3))).toEqual([]);
    const ics = await (await call(ann.cookie, "GET", `/api/bookings/${id}/ics`)).text();
    expect(ics).toContain(`DTEND;TZID=Australia/Adelaide:${addDays(day, 2).replace(/-/g, "")}T170000`);
    // The booking's page says how long it holds, not "56 hours".
    const page = await (await call(ann.cookie, "GET", path)).text();
    expect(page).toContain(`3 days, until ${formatDate(addDays(day, 2), "full")} at 5:00 pm`);
  });

  test("hourly surveillance: the hours chosen, 4 at least, priced hours x rate, and never past closing", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com", { returning: true });
    const hourly = (time: string, hours?: number) =>
      bookingForm(day, time, { serviceName: "Hourly Surveillance", ...(hours ? { hours } : {}), confirmDuplicate: true });
    const few = await call(ann.cookie, "POST", "/api/bookings/calendar", hourly("09:00", 3));
    expect(few.status).toBe(400);
    expect(((await few.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ hours: "Book at least 4 hours" });
    const late = await call(ann.cookie, "POST", "/api/bookings/calendar", hourly("12:00", 6));
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { fields: Record<string, string> } }).error.fields.hours).toContain("closing time");
    expect(countRows(t, "bookings")).toBe(0);

    const six = await call(ann.cookie, "POST", "/api/bookings/calendar", hourly("09:00", 6));
    expect(six.status).toBe(201);
    expect(await six.json()).toMatchObject({ servicePrice: "510.00", duration: 360 });
    expect(slotsTaken(day)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00"]);
    // No hours given: its 4-hour minimum, at 4 x the rate.
    const four = await call(ann.cookie, "POST", "/api/bookings/calendar", { ...hourly("13:00"), appointmentDate: addDays(day, 1) });
    expect(four.status).toBe(201);
    expect(await four.json()).toMatchObject({ servicePrice: "340.00", duration: 240 });
  });
});

describe("moving holds the whole length at the new time", () => {
  test("the move page offers only the times the booking's whole length fits, counting its own days as free", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    const res = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "09:00", { serviceName: "Infidelity Investigation" }));
    const { id } = (await res.json()) as { id: string };
    expect((await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(addDays(day, 4), "11:00"))).status).toBe(201);
    const offered = async (date: string) => {
      const html = await (await call(ann.cookie, "GET", `/bookings/${id}/move?date=${date}`)).text();
      return [...html.matchAll(new RegExp(`name="slot" value="${date}T(\\d{2}:\\d{2})"`, "g"))].map((m) => m[1]);
    };
    // Three days from Tuesday overlap its own Tuesday and Wednesday: offered, at opening only.
    expect(await offered(addDays(day, 1))).toEqual(["09:00"]);
    // From Wednesday they would reach Bob's Friday hour: not offered (and the page offers no other day's times).
    expect(await offered(addDays(day, 2))).toEqual([]);
  });

  test("a day's booking moves only to a free day, onto its own day's hours too; the old day is freed", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    const res = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "09:00", { serviceName: "Infidelity Investigation" }));
    const { id } = (await res.json()) as { id: string };
    // Bob has one hour on Friday: a move of the three days to Wednesday (Wed-Fri) is refused.
    expect((await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(addDays(day, 4), "11:00"))).status).toBe(201);
    const refused = await call(ann.cookie, "POST", `/api/bookings/${id}/reschedule`, { appointmentDate: addDays(day, 2), appointmentTime: "09:00" });
    expect(refused.status).toBe(409);
    expect(slotsTaken(day)).toEqual(allDay);
    // A start that is not the day's opening is refused too.
    expect((await call(ann.cookie, "POST", `/api/bookings/${id}/reschedule`, { appointmentDate: addDays(day, 1), appointmentTime: "10:00" })).status).toBe(409);
    // One day on (Tue-Thu) overlaps its own Tuesday and Wednesday: allowed, and Monday is freed.
    const moved = await call(ann.cookie, "POST", `/api/bookings/${id}/reschedule`, { appointmentDate: addDays(day, 1), appointmentTime: "09:00" });
    expect(moved.status).toBe(200);
    expect(slotsTaken(day)).toEqual([]);
    for (const d of [addDays(day, 1), addDays(day, 2), addDays(day, 3)]) expect(slotsTaken(d)).toEqual(allDay);
    expect(slotsTaken(addDays(day, 4))).toEqual(["11:00"]);
    const ics = await (await call(ann.cookie, "GET", `/api/bookings/${id}/ics`)).text();
    expect(ics).toContain(`DTEND;TZID=Australia/Adelaide:${addDays(day, 3).replace(/-/g, "")}T170000`);
  });

  test("an hourly booking cannot be moved onto another booking's hour", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    expect((await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(addDays(day, 1), "12:00"))).status).toBe(201);
    const res = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "09:00", { serviceName: "Hourly Surveillance", hours: 4 }));
    const { id } = (await res.json()) as { id: string };
    expect((await call(ann.cookie, "POST", `/api/bookings/${id}/reschedule`, { appointmentDate: addDays(day, 1), appointmentTime: "10:00" })).status).toBe(409);
    expect((await call(ann.cookie, "POST", `/api/bookings/${id}/reschedule`, { appointmentDate: addDays(day, 1), appointmentTime: "13:00" })).status).toBe(200);
    expect(slotsTaken(addDays(day, 1))).toEqual(["12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(slotsTaken(day)).toEqual([]);
  });
});

describe("the phone is needed only for a call or text", () => {
  test("e-mail contact books without a phone; a call or text needs one", async () => {
    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    const noPhone = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "10:00", { contactPhone: "", contactMethod: "email" }));
    expect(noPhone.status).toBe(201);
    const calls = await call(
      ann.cookie,
      "POST",
      "/api/bookings/calendar",
      bookingForm(day, "11:00", { contactPhone: "", contactMethod: "phone", confirmDuplicate: true }),
    );
    expect(calls.status).toBe(400);
    expect(((await calls.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ contactPhone: "Phone number is required" });
    const withPhone = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "11:00", { contactMethod: "phone", confirmDuplicate: true }));
    expect(withPhone.status).toBe(201);
    expect(countRows(t, "bookings")).toBe(2);
  });
});

describe("the owner sets a package's length", () => {
  test("on the pricing entry: a Partner Check of two days is offered and booked as two days; a bad length is refused", async () => {
    const { authorization } = adminWithToken(t.db, "owner");
    const headers = { Authorization: authorization, Origin: testOrigin, "Content-Type": "application/json" };
    const entries = (await (await t.request("/api/admin/pricing", { headers })).json()) as { id: string; lengthUnit: string; lengthCount: number }[];
    const partner = entries.find((e) => e.id === "partner");
    expect(partner).toMatchObject({ lengthUnit: "days", lengthCount: 1 });
    const put = (body: unknown) => t.request("/api/admin/pricing/partner", { method: "PUT", headers, body: JSON.stringify(body) });
    const bad = await put({ ...partner, lengthCount: 0 });
    expect(bad.status).toBe(400);
    expect((await put({ ...partner, lengthCount: 2 })).status).toBe(200);

    const day = monday();
    const ann = customerWithSession(t.db, "ann@example.com");
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(addDays(day, 1), "12:00"))).status).toBe(201);
    // Monday and Tuesday would reach Tuesday's booked hour; Tuesday too; Wednesday's two days are free.
    expect(await times(day, "service=partner")).toEqual([]);
    expect(await times(addDays(day, 2), "service=partner")).toEqual(["09:00"]);
    const res = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(addDays(day, 2), "09:00", { serviceName: "Partner Check" }));
    expect(res.status).toBe(201);
    expect(slotsTaken(addDays(day, 3))).toEqual(allDay);
  });
});
