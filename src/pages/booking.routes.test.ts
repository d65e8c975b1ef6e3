/**
 * Booking with JavaScript off: /booking?service=<id> carries a plain form (in <noscript>) with the
 * package's days as links and the chosen day's times, each carrying its day; POST /booking books
 * through the same action as POST /api/bookings/calendar (one budget, the same refusals), re-renders
 * errors under the fields with what was typed kept, and leads to the booking's page.
 */
import { describe, expect, test } from "bun:test";
import { businessDayAhead, customerWithSession, openSlots } from "../../tests/factories";
import { bookingForm } from "../../tests/helpers/booking-form";
import { testOrigin } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { errorOf } from "../../tests/helpers/test-app";
import { bookingLimit } from "../actions/book-appointment.server";
import { bookingPagePath } from "../domain/booking";
import { formatDate } from "../domain/format";
import { addDays } from "../domain/timezone";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

/**
 * A day the business is open `ahead` days on or later whose next day is open too (the tests book
 * it; Sundays and public holidays are closed), with the next days' slots open.
 */
function openDay(ahead = 4): string {
  let day = businessDayAhead(ahead);
  while (businessDayAhead(1, day) !== addDays(day, 1)) day = businessDayAhead(1, day);
  openSlots(t.db, day, addDays(day, 3));
  return day;
}

/** The pricing row id of a one-hour package (tests/helpers/booking-form.ts books the same). */
const packageId = () => (t.db.$client.query("SELECT id FROM service_pricing WHERE name = ?").get("Discreet Check Up") as { id: string | number }).id.toString();

const post = (cookie: string | null, fields: Record<string, string>, origin: string | null = testOrigin) =>
  t.request("/booking", {
    method: "POST",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(origin ? { Origin: origin } : {}), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** What the plain form posts for `date` at `time` (each time carries its day). */
const plainFields = (date: string, time: string, extra: Record<string, string> = {}) => ({
  service: packageId(),
  serviceName: "Discreet Check Up",
  servicePrice: "1",
  appointmentDate: date,
  slot: `${date}T${time}`,
  contactMethod: "email",
  contactPhone: "",
  contactEmail: "ann@example.com",
  location: "",
  notes: "",
  ...extra,
});

const bookingsOf = (userId: string) =>
  t.db.$client.query("SELECT appointment_date AS date, appointment_time AS time, reference FROM bookings WHERE user_id = ?").all(userId) as {
    date: string;
    time: string;
    reference: string;
  }[];

describe("the plain booking form (JavaScript off)", () => {
  test("a package's page carries the form: its days as links, the chosen day's times with their day, the contact fields", async () => {
    const day = openDay();
    const ann = customerWithSession(t.db, "ann@example.com");
    const res = await t.request(`/booking?service=${packageId()}&date=${day}`, { headers: { Cookie: ann.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const plain = html.slice(html.indexOf("<noscript>"), html.indexOf("</noscript>"));
    expect(plain).toContain('action="/booking"');
    expect(plain).toContain(`href="/booking?service=${packageId()}&amp;date=${addDays(day, 1)}#nb-time-title"`);
    expect(plain).toContain(`2. Choose a time on ${formatDate(day, "short")}`);
    expect(plain).toContain(`name="slot" value="${day}T10:00"`);
    expect(plain).not.toContain(`name="slot" value="${addDays(day, 1)}T10:00"`);
    for (const name of ["contactMethod", "contactPhone", "contactEmail", "location", "notes"]) expect(plain).toContain(`name="${name}"`);
    expect(plain).toContain('value="ann@example.com"');
    // The island's loading placeholder is hidden when scripts do not run.
    expect(html).toContain('class="noscript:hidden"');
  });

  test("signed out, or with an unconfirmed address, the page has no form to post", async () => {
    openDay();
    const signedOut = await (await t.request(`/booking?service=${packageId()}`)).text();
    expect(signedOut).not.toContain('action="/booking"');
    const bea = customerWithSession(t.db, "bea@example.com", { verified: false });
    const unconfirmed = await (await t.request(`/booking?service=${packageId()}`, { headers: { Cookie: bea.cookie } })).text();
    expect(unconfirmed).not.toContain('action="/booking"');
  });

  test("a booking by the form takes the time, queues the confirmation and leads to the booking's page", async () => {
    const day = openDay();
    const ann = customerWithSession(t.db, "ann@example.com");
    const res = await post(ann.cookie, plainFields(day, "11:00", { location: "Glenelg", contactMethod: "phone", contactPhone: "0400 111 222" }));
    expect(res.status).toBe(303);
    const [booked] = bookingsOf(ann.userId);
    expect(booked).toMatchObject({ date: day, time: "11:00" });
    expect(res.headers.get("location")).toBe(bookingPagePath(booked?.reference ?? ""));
    const mails = t.db.$client.query('SELECT "to" FROM outbox').all() as { to: string }[];
    expect(mails.map((m) => m.to)).toContain("ann@example.com");
  });

  test("mistakes come back under their fields with what was typed kept, and nothing is booked", async () => {
    const day = openDay();
    const ann = customerWithSession(t.db, "ann@example.com");
    const res = await post(ann.cookie, {
      ...plainFields(day, "11:00", { contactEmail: "not-an-address", contactMethod: "phone", notes: "Evenings only" }),
      slot: "",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="nb-email-error"');
    expect(html).toContain("Valid email is required");
    expect(html).toContain('id="nb-phone-error"');
    expect(html).toContain('id="nb-time-error"');
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain("Evenings only</textarea>");
    expect(bookingsOf(ann.userId)).toEqual([]);
  });

  test("a time of another day than the one shown is refused", async () => {
    const day = openDay();
    const ann = customerWithSession(t.db, "ann@example.com");
    const res = await post(ann.cookie, { ...plainFields(day, "11:00"), appointmentDate: addDays(day, 1) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`The time you picked is not on ${formatDate(addDays(day, 1), "long")}.`);
    expect(bookingsOf(ann.userId)).toEqual([]);
  });

  test("the action's refusals come back on the page: a taken time (409), the same package twice asks first", async () => {
    const day = openDay();
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    expect((await post(bob.cookie, plainFields(day, "11:00", { contactEmail: "bob@example.com" }))).status).toBe(303);
    const taken = await post(ann.cookie, plainFields(day, "11:00"));
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("This time is no longer available");

    expect((await post(ann.cookie, plainFields(day, "13:00"))).status).toBe(303);
    const twice = await post(ann.cookie, plainFields(day, "15:00"));
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('name="confirmDuplicate"');
    expect((await post(ann.cookie, plainFields(day, "15:00", { confirmDuplicate: "yes" }))).status).toBe(303);
    expect(bookingsOf(ann.userId)).toHaveLength(2);
  });

  test("the form and the JSON route spend one budget: past it both answer 429 and nothing more is booked", async () => {
    const day = openDay();
    const ann = customerWithSession(t.db, "ann@example.com");
    // Each try the action judges spends the budget, refused or not: one booking, then 19 refusals of the same time.
    expect((await post(ann.cookie, plainFields(day, "11:00"))).status).toBe(303);
    for (let i = 0; i < 19; i++) expect((await post(ann.cookie, plainFields(day, "11:00"))).status).toBe(409);
    const byForm = await post(ann.cookie, plainFields(day, "16:00"));
    expect(byForm.status).toBe(429);
    expect(Number(byForm.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await byForm.text()).toContain(bookingLimit.message);
    const byJson = await t.request("/api/bookings/calendar", {
      method: "POST",
      headers: { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/json" },
      body: JSON.stringify(bookingForm(day, "16:00")),
    });
    expect(byJson.status).toBe(429);
    expect(await errorOf(byJson)).toEqual({ code: "rate_limited", message: bookingLimit.message });
    expect(bookingsOf(ann.userId)).toHaveLength(1);
    // Twenty-one page renders with their calendars: more than the default five seconds on a busy machine.
  }, 30_000);

  test("another site's form is refused, and a signed-out post is sent to sign in", async () => {
    const day = openDay();
    const ann = customerWithSession(t.db, "ann@example.com");
    expect((await post(ann.cookie, plainFields(day, "11:00"), "https://evil.example")).status).toBe(403);
    expect((await post(ann.cookie, plainFields(day, "11:00"), null)).status).toBe(403);
    const signedOut = await post(null, plainFields(day, "11:00"));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/api/login?returnTo=%2Fbooking");
    expect(bookingsOf(ann.userId)).toEqual([]);
  });
});
