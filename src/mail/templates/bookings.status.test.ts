/**
 * A booking's e-mails name its real status (decision 068): a new booking is a request waiting for
 * the investigator, never "scheduled"; the price they state is the one the booking charges, to the cent.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { businessDayAhead, customerWithSession } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { bookingForm } from "../../../tests/helpers/booking-form";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { fillSlotWindow } from "../../db/timeslots.server";
import { defaultSettings } from "../../shared/settings";

const tz = "Australia/Adelaide";
let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(() => t.close());

test("a new booking's e-mails say it is pending until confirmed, and state the price it charges", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);
  const res = await t.request("/api/bookings/calendar", {
    method: "POST",
    headers: { Cookie: ann.cookie, "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify(bookingForm(businessDayAhead(), "10:00")),
  });
  expect(res.status).toBe(201);
  const booking = (await res.json()) as { status: string; servicePrice: string; originalPrice: string };
  expect(booking.status).toBe("pending");
  const [customer, business] = t.db.$client.query('SELECT "to", text FROM outbox ORDER BY id').all() as { to: string; text: string }[];
  expect(customer!.to).toBe("ann@example.com");
  expect(customer!.text).not.toMatch(/scheduled/i);
  expect(customer!.text).not.toContain("Your appointment is confirmed");
  expect(customer!.text.split("\n")[0]).toContain("booking request");
  expect(customer!.text).toContain("It is not confirmed yet");
  expect(customer!.text).toContain("Status: Pending");
  // The price in the e-mail is the one stored on the booking (what it charges), to the cent.
  const price = Number(booking.servicePrice);
  expect(customer!.text).toContain(`Price: $${Number.isInteger(price) ? price : price.toFixed(2)}`);
  expect(business!.text).toContain("Status: Pending (waiting for you to confirm it)");
});

test("a booking of days says how long it holds the investigator and until when, never thousands of minutes", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);
  const res = await t.request("/api/bookings/calendar", {
    method: "POST",
    headers: { Cookie: ann.cookie, "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify(bookingForm(businessDayAhead(), "09:00", { serviceName: "Infidelity Investigation" })),
  });
  expect(res.status).toBe(201);
  const [customer, business] = t.db.$client.query('SELECT "to", text FROM outbox ORDER BY id').all() as { to: string; text: string }[];
  for (const mail of [customer!, business!]) {
    expect(mail.text).toMatch(/When: .+ \(Adelaide time\), 3 days, until \w+day \d+ \w+ \d{4} at \d+:\d\d [ap]m/);
    expect(mail.text).not.toMatch(/\d+ minutes/);
  }
});
