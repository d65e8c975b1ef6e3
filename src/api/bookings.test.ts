import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { businessDayAhead, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { ensureReferralCode } from "../db/referrals.server";
import { setBookingStatus } from "../db/bookings.server";
import { fillSlotWindow } from "../db/timeslots.server";
import { bookingReferencePattern } from "../domain/booking";
import { formatDate } from "../domain/format";
import { businessToday, lastBookableDate } from "../domain/slots";
import { defaultSettings } from "../shared/settings";
import { addDays, dayOfWeek } from "../domain/timezone";
import { bookingForm } from "../../tests/helpers/booking-form";
import { readIcs } from "../../tests/helpers/ics";

const tz = "Australia/Adelaide";
let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(() => t.close());

const call = (cookie: string | null, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}), Origin: testOrigin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** What the binary's slot job does at start-up: the booking window from the business hours. */
const fillWindow = () => fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);

describe("time slots", () => {
  test("no customer generates slots: the old generation route is gone and creates nothing", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const today = businessToday(new Date(), tz);
    for (const cookie of [null, ann.cookie]) {
      const res = await call(cookie, "POST", "/api/timeslots/generate", { startDate: today, endDate: lastBookableDate(new Date(), tz) });
      expect(res.status).toBe(404);
    }
    expect(countRows(t, "time_slots")).toBe(0);
  });

  test("the days with free times: the window's dates, without closed days, full days or a today whose times have passed", async () => {
    fillWindow();
    const today = businessToday(new Date(), tz);
    const day = businessDayAhead();
    t.db.$client.query("UPDATE time_slots SET current_bookings = max_bookings WHERE date = ?").run(day);
    // Today's times all in the past: today is left out too.
    t.db.$client.query("DELETE FROM time_slots WHERE date = ?").run(today);
    t.db.$client.query("INSERT INTO time_slots (date, time, created_at, updated_at) VALUES (?, '00:00', 0, 0)").run(today);
    const res = await call(null, "GET", "/api/timeslots/days");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { from: string; to: string; dates: string[] };
    expect(body.from).toBe(today);
    expect(body.to).toBe(lastBookableDate(new Date(), tz));
    expect(body.dates).not.toContain(day);
    expect(body.dates).not.toContain(today);
    expect(body.dates.some((d) => dayOfWeek(d) === 0)).toBe(false);
    expect(body.dates).toContain(businessDayAhead(1, day));
    expect(body.dates.length).toBeGreaterThan(20);
    expect([...body.dates].sort()).toEqual(body.dates);
  });

  test("free slots of a date, by path or query; past times of today are not offered", async () => {
    fillWindow();
    const day = businessDayAhead();
    const byPath = (await (await call(null, "GET", `/api/timeslots/${day}`)).json()) as { time: string }[];
    expect(byPath.map((s) => s.time)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    const byQuery = (await (await call(null, "GET", `/api/timeslots?date=${day}`)).json()) as { time: string }[];
    expect(byQuery).toEqual(byPath as never);
    expect((await call(null, "GET", "/api/timeslots?date=tomorrow")).status).toBe(400);

    const today = businessToday(new Date(), tz);
    t.db.$client
      .query(
        "INSERT OR IGNORE INTO time_slots (date, time, is_available, max_bookings, current_bookings, created_at, updated_at) VALUES (?, '00:00', 1, 1, 0, 0, 0)",
      )
      .run(today);
    const todays = (await (await call(null, "GET", `/api/timeslots/${today}`)).json()) as { time: string }[];
    expect(todays.map((s) => s.time)).not.toContain("00:00");
  });
});

describe("booking", () => {
  test("the price comes from the pricing table with the new-client discount, and both e-mails are queued", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const day = businessDayAhead();
    const res = await call(
      ann.cookie,
      "POST",
      "/api/bookings/calendar",
      bookingForm(day, "09:00", { serviceName: "Partner Check", location: "Glenelg", notes: "Evenings only" }),
    );
    expect(res.status).toBe(201);
    const booking = (await res.json()) as Record<string, unknown>;
    expect(booking).toMatchObject({
      serviceName: "Partner Check",
      // Half of $295 to the cent (the money model prices to the cent).
      servicePrice: "147.50",
      originalPrice: "295.00",
      discountApplied: true,
      status: "pending",
      appointmentDate: day,
      appointmentTime: "09:00",
      // A day's surveillance holds the whole day (decision 070).
      duration: 480,
    });
    // Full, but still open: is_available is the owner's switch, room is current < max.
    expect(t.db.$client.query("SELECT current_bookings AS n, is_available AS a FROM time_slots WHERE date = ? AND time = '16:00'").get(day)).toEqual({
      n: 1,
      a: 1,
    });

    const mails = t.db.$client.query('SELECT "to", subject, text, attachments FROM outbox ORDER BY id').all() as {
      to: string;
      subject: string;
      text: string;
      attachments: string;
    }[];
    expect(mails.map((m) => m.to)).toEqual(["ann@example.com", "owner@example.com"]);
    expect(mails[0]!.subject).toStartWith(`Booking received: appointment ${booking.reference} on `);
    expect(mails[0]!.text).toContain("/dashboard");
    // The reference the customer quotes is the one their booking's page shows, and the e-mail links there.
    const reference = booking.reference as string;
    expect(mails[0]!.text).toContain(`Reference: ${reference}`);
    expect(mails[0]!.text).toContain(`Your booking: http://localhost/bookings/${reference.toLowerCase()}`);
    expect(mails[1]!.text).toContain(`Reference: ${reference}`);
    const ics = JSON.parse(mails[0]!.attachments)[0] as { filename: string; content: string };
    expect(ics.filename).toBe("appointment.ics");
    expect(ics.content).toContain(`DTSTART;TZID=Australia/Adelaide:${day.replace(/-/g, "")}T090000`);
    expect(ics.content).toContain(`DTEND;TZID=Australia/Adelaide:${day.replace(/-/g, "")}T170000`);
    expect(mails[1]!.text).toContain("Evenings only");
    // The business's notice links to the booking's own page in the admin portal, named by its reference.
    expect(mails[1]!.text).toContain(`Manage it in the admin portal: http://localhost/admin/bookings/${reference.toLowerCase()}`);
    expect(mails[0]!.text).not.toContain("/admin/");
  });

  test("a returning customer pays the list price; hourly surveillance is its 4-hour minimum", async () => {
    const rex = customerWithSession(t.db, "rex@example.com", { returning: true });
    fillWindow();
    const day = businessDayAhead();
    expect(await (await call(rex.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "09:00", { serviceName: "Partner Check" }))).json()).toMatchObject({
      servicePrice: "295.00",
      originalPrice: "295.00",
      discountApplied: false,
    });
    expect(
      await (
        await call(rex.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead(1, day), "11:00", { serviceName: "Hourly Surveillance" }))
      ).json(),
    ).toMatchObject({
      servicePrice: "340.00",
    });
  });

  test("a taken, past or unknown slot answers 409 and changes nothing", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    fillWindow();
    const day = businessDayAhead();
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day))).status).toBe(201);
    const taken = await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(day));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: {
        code: "slot_taken",
        message: "This time is no longer available. Please pick another time.",
        fields: { appointmentTime: "This time is no longer available" },
      },
    });
    expect((await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "08:00"))).status).toBe(409); // no such slot
    expect((await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(addDays(businessToday(new Date(), tz), -1)))).status).toBe(409); // past
    expect(countRows(t, "bookings")).toBe(1);
  });

  test("bad input gets 400 with the form's field messages, and nothing is written", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const res = await call(ann.cookie, "POST", "/api/bookings/calendar", {
      serviceName: "",
      appointmentDate: "",
      appointmentTime: "",
      hours: 1.5,
      contactMethod: "phone",
      contactPhone: " ",
      contactEmail: "nope",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      serviceName: "Service is required",
      servicePrice: "Price is required",
      appointmentDate: "Date is required",
      appointmentTime: "Time is required",
      hours: "Choose a whole number of hours",
      contactEmail: "Valid email is required",
    });
    const unknown = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead(), "10:00", { serviceName: "Free Lunch" }));
    expect(unknown.status).toBe(400);
    expect(countRows(t, "bookings")).toBe(0);
    expect(t.db.$client.query("SELECT sum(current_bookings) AS n FROM time_slots").get()).toEqual({ n: 0 });
  });

  test("signed out or suspended: 401, nothing booked", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    expect((await call(null, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead()))).status).toBe(401);
    t.db.$client.query("UPDATE users SET suspended_at = ?").run(Date.now());
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead()))).status).toBe(401);
    expect(countRows(t, "bookings")).toBe(0);
  });
});

describe("a customer's own bookings", () => {
  test("listing, cancelling and the .ics are the owner's only; cancelling frees the slot", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    fillWindow();
    const day = businessDayAhead();
    const { id } = (await (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day))).json()) as { id: string };

    expect(((await (await call(ann.cookie, "GET", "/api/bookings")).json()) as unknown[]).length).toBe(1);
    expect(await (await call(bob.cookie, "GET", "/api/bookings")).json()).toEqual([]);
    expect((await call(null, "GET", "/api/bookings")).status).toBe(401);

    expect((await call(bob.cookie, "GET", `/api/bookings/${id}/ics`)).status).toBe(404);
    const ics = await call(ann.cookie, "GET", `/api/bookings/${id}/ics`);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(readIcs(await ics.text())).toMatchObject({ method: "REQUEST", status: "TENTATIVE", sequence: 0, attendee: "mailto:ann@example.com" });

    expect((await call(bob.cookie, "POST", `/api/bookings/${id}/cancel`)).status).toBe(404);
    const cancelled = await call(ann.cookie, "POST", `/api/bookings/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { status: string }).status).toBe("cancelled");
    expect(t.db.$client.query("SELECT current_bookings AS n, is_available AS a FROM time_slots WHERE date = ? AND time = '10:00'").get(day)).toEqual({
      n: 0,
      a: 1,
    });
    expect((await call(ann.cookie, "POST", `/api/bookings/${id}/cancel`)).status).toBe(404);
    // The invitation now removes it from the calendar: same UID, a higher SEQUENCE.
    const removed = readIcs(await (await call(ann.cookie, "GET", `/api/bookings/${id}/ics`)).text());
    expect(removed).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 1, uid: `${id}@localhost` });
    // The freed time can be booked again, and the counter matches the active bookings.
    expect((await call(bob.cookie, "POST", "/api/bookings/calendar", bookingForm(day))).status).toBe(201);
    expect(t.db.$client.query("SELECT current_bookings AS n FROM time_slots WHERE date = ? AND time = '10:00'").get(day)).toEqual({ n: 1 });
  });

  test("the dashboard lists the booking and cancels it with a plain form", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const { id } = (await (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead()))).json()) as { id: string };
    const dash = await (await call(ann.cookie, "GET", "/dashboard")).text();
    expect(dash).toContain("Discreet Check Up");
    expect(dash).toContain("$37.50");
    expect(dash).toContain(`action="/bookings/${id}/cancel"`);
    const res = await t.request(`/bookings/${id}/cancel`, { method: "POST", headers: { Cookie: ann.cookie, Origin: testOrigin } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard?notice=cancelled");
    expect(t.db.$client.query("SELECT status FROM bookings").get()).toEqual({ status: "cancelled" });
  });

  test("completing a booking makes a returning customer", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const { id } = (await (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead()))).json()) as { id: string };
    setBookingStatus(t.db, id, "confirmed");
    setBookingStatus(t.db, id, "completed");
    expect(t.db.$client.query("SELECT is_new_customer AS n FROM users WHERE email = 'ann@example.com'").get()).toEqual({ n: 0 });
    expect(await (await call(ann.cookie, "GET", "/dashboard")).text()).toContain("Returning Customer");
  });

  test("status changes follow the transition table: no skipping confirmation, no leaving a final state", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const day = businessDayAhead();
    const { id } = (await (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day))).json()) as { id: string };
    const row = () =>
      t.db.$client
        .query(
          "SELECT b.status, s.current_bookings AS taken, u.is_new_customer AS isNew FROM bookings b JOIN time_slots s ON s.id = b.time_slot_id JOIN users u ON u.id = b.user_id",
        )
        .get();
    expect(setBookingStatus(t.db, id, "completed")).toBeNull();
    expect(row()).toEqual({ status: "pending", taken: 1, isNew: 1 });
    expect(setBookingStatus(t.db, id, "confirmed")?.status).toBe("confirmed");
    // A confirmed booking is the business's to cancel, not the customer's.
    expect((await call(ann.cookie, "POST", `/api/bookings/${id}/cancel`)).status).toBe(404);
    expect(setBookingStatus(t.db, id, "completed")?.status).toBe("completed");
    expect(setBookingStatus(t.db, id, "cancelled")).toBeNull();
    expect(setBookingStatus(t.db, id, "pending")).toBeNull();
    expect(row()).toEqual({ status: "completed", taken: 1, isNew: 0 });
  });
});

describe("what was booked, and a second booking of the same day", () => {
  test("a booking answers its reference and the address of its summary, which only its owner can open", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    fillWindow();
    const day = businessDayAhead();
    const res = await call(
      ann.cookie,
      "POST",
      "/api/bookings/calendar",
      bookingForm(day, "10:00", { location: "Norwood", serviceName: "Hourly Surveillance", hours: 5 }),
    );
    expect(res.status).toBe(201);
    const booked = (await res.json()) as { id: string; reference: string; path: string; status: string };
    expect(booked.reference).toMatch(bookingReferencePattern);
    expect(booked.path).toBe(`/bookings/${booked.reference.toLowerCase()}`);
    expect(booked.status).toBe("pending");

    const page = await call(ann.cookie, "GET", booked.path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(booked.reference);
    expect(html).toContain("Booking received");
    expect(html).toContain("Awaiting confirmation");
    expect(html).not.toContain("Booking confirmed");
    expect(html).toContain(formatDate(day, "full"));
    expect(html).toContain("10:00 am (Adelaide time)");
    // Five hours of hourly surveillance: 5 x the new-client hourly rate.
    expect(html).toContain("$212.50 (new-client price; usually $425)");
    expect(html).toContain("What happens next");
    expect(html).toContain(`href="/api/bookings/${booked.id}/ics"`);
    // Its one island is the payment dialog, loaded on a tap: nothing hydrates with the page.
    expect(html).toContain('data-island="PaymentDialog"');
    expect(html).not.toContain('data-hydrate="load"');
    // The reference as printed (capitals) leads to the page's one address.
    const capitals = await call(ann.cookie, "GET", `/bookings/${booked.reference}`);
    expect(capitals.status).toBe(301);
    expect(capitals.headers.get("location")).toEndWith(booked.path);

    // Anyone else: the 404 page, as for a reference that does not exist or is malformed.
    for (const [cookie, path] of [
      [bob.cookie, booked.path],
      [ann.cookie, "/bookings/bk-2222-2222"],
      [ann.cookie, "/bookings/not-a-reference"],
      [ann.cookie, `/bookings/${booked.id}`],
    ] as const) {
      const other = await call(cookie, "GET", path);
      expect(other.status).toBe(404);
      expect(await other.text()).not.toContain(booked.reference);
    }
    // Signed out: asked to sign in, and nothing of the booking shown.
    const signedOut = await call(null, "GET", booked.path);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).not.toContain(booked.reference);

    // The page follows the booking: once confirmed it says so.
    setBookingStatus(t.db, booked.id, "confirmed");
    const confirmed = await (await call(ann.cookie, "GET", booked.path)).text();
    expect(confirmed).toContain("Booking confirmed");
    expect(confirmed).not.toContain("Awaiting confirmation");
  });

  test("references are unique and every booking made before them got one (migration)", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const day = businessDayAhead();
    for (const time of ["09:00", "10:00", "11:00"])
      expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, time, { confirmDuplicate: true }))).status).toBe(201);
    const refs = t.db.$client
      .query<{ reference: string }, []>("SELECT reference FROM bookings")
      .all()
      .map((r) => r.reference);
    expect(new Set(refs).size).toBe(3);
    // The backfill migration's own statement, run over rows without one.
    t.db.$client.run("UPDATE bookings SET reference = NULL");
    const backfill = await Bun.file(new URL("../../db/0016_booking_reference_backfill.sql", import.meta.url)).text();
    t.db.$client.run(backfill);
    const filled = t.db.$client
      .query<{ reference: string }, []>("SELECT reference FROM bookings")
      .all()
      .map((r) => r.reference);
    expect(filled.every((r) => bookingReferencePattern.test(r))).toBe(true);
    expect(new Set(filled).size).toBe(3);
  });

  test("the same package on the same day is asked about first (409), and booked when the customer says so", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const day = businessDayAhead();
    const first = (await (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "10:00"))).json()) as { id: string; reference: string };
    const [bookingsBefore, outboxBefore] = [countRows(t, "bookings"), countRows(t, "outbox")];

    const again = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "14:00"));
    expect(again.status).toBe(409);
    const body = (await again.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("duplicate_booking");
    expect(body.error.message).toBe(
      `You already have Discreet Check Up booked on ${formatDate(day, "long")} at 10:00 am (reference ${first.reference}). Book it a second time that day?`,
    );
    // Refused: nothing booked, no place taken, no e-mail.
    expect([countRows(t, "bookings"), countRows(t, "outbox")]).toEqual([bookingsBefore, outboxBefore]);
    expect(t.db.$client.query("SELECT current_bookings AS n FROM time_slots WHERE date = ? AND time = '14:00'").get(day)).toEqual({ n: 0 });

    // Another package that day, or the same package another day, is not asked about.
    expect(
      (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "11:00", { serviceName: "Hourly Surveillance", hours: 3 + 1 }))).status,
    ).toBe(201);
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead(1, day), "10:00"))).status).toBe(201);
    // Said on purpose: booked.
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "15:00", { confirmDuplicate: true }))).status).toBe(201);
    // Another customer's booking of that package that day is none of hers.
    const bea = customerWithSession(t.db, "bea@example.com");
    expect((await call(bea.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "16:00"))).status).toBe(201);
  });

  test("a cancelled booking is no reason to ask", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    fillWindow();
    const day = businessDayAhead();
    const { id } = (await (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "10:00"))).json()) as { id: string };
    expect((await call(ann.cookie, "POST", `/api/bookings/${id}/cancel`)).status).toBe(200);
    expect((await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "11:00"))).status).toBe(201);
  });
});

describe("referral rewards through bookings", () => {
  test("$30 for the first booking, $10 after, nothing for the referrer's own, voided on cancel", async () => {
    const rita = customerWithSession(t.db, "rita@example.com");
    const code = ensureReferralCode(t.db, rita.userId);
    const sam = customerWithSession(t.db, "sam@example.com", { referralCode: code });
    fillWindow();
    const day = businessDayAhead();
    const first = (await (await call(sam.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "09:00"))).json()) as { id: string };
    // A second Discreet Check Up that day, meant: the customer answered the duplicate question.
    await call(sam.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "10:00", { confirmDuplicate: true }));
    await call(rita.cookie, "POST", "/api/bookings/calendar", bookingForm(day, "11:00"));
    let earnings = (await (await call(rita.cookie, "GET", "/api/referral/earnings")).json()) as { total: string; transactions: unknown[] };
    expect(earnings.total).toBe("40.00");
    expect(earnings.transactions.length).toBe(2);
    await call(sam.cookie, "POST", `/api/bookings/${first.id}/cancel`);
    earnings = (await (await call(rita.cookie, "GET", "/api/referral/earnings")).json()) as typeof earnings;
    expect(earnings.total).toBe("10.00");
  });
});
