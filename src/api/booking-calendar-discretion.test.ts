import { afterEach, beforeEach, expect, test } from "bun:test";
import { adminWithToken, businessDayAhead, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { bookingForm } from "../../tests/helpers/booking-form";
import { readIcs } from "../../tests/helpers/ics";
import { createTestApp, type ErrorBody, type TestApp } from "../../tests/helpers/test-app";
import { fillSlotWindow } from "../db/timeslots.server";
import { defaultSettings } from "../shared/settings";
import { settingsMessages } from "../shared/setting-checks";

// A calendar event shows on a lock screen and in a shared family calendar: its title and
// description name neither the service nor the business's trade (decision 069).

const tz = "Australia/Adelaide";
let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);
});
afterEach(() => t.close());

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { Cookie: cookie, Origin: testOrigin, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const putSettings = (authorization: string, body: unknown) =>
  t.request("/api/admin/settings", {
    method: "PUT",
    headers: { Authorization: authorization, Origin: testOrigin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** Words that would tell a reader what the appointment is about or who it is with. */
const telling = /partner|check|investigat|discreet|surveillance|detective|adelaide/i;

test("the invitation is titled 'Appointment' and the reference, and its description names only the reference and the booking's page", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  const res = await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead()));
  expect(res.status).toBe(201);
  const { id, reference } = (await res.json()) as { id: string; reference: string };

  const mailed = t.db.$client.query("SELECT attachments FROM outbox WHERE \"to\" = 'ann@example.com'").get() as { attachments: string };
  const attached = readIcs((JSON.parse(mailed.attachments) as { content: string }[])[0]!.content);
  const downloaded = readIcs(await (await call(ann.cookie, "GET", `/api/bookings/${id}/ics`)).text());
  for (const event of [attached, downloaded]) {
    expect(event.summary).toBe(`Appointment ${reference}`);
    expect(event.description).toBe(`Reference ${reference}. See, move or cancel it at http://localhost/bookings/${reference.toLowerCase()}`);
    expect(String(event.summary)).not.toMatch(telling);
    expect(String(event.description).replace(/https?:\/\/\S+/, "")).not.toMatch(telling);
  }
});

test("the owner's own neutral title: one line, no web address; the invitation then carries it", async () => {
  const { authorization } = adminWithToken(t.db, "owner");
  for (const calendarTitle of ["Meeting\nPartner Check", "See https://pi.example", "Call www.example.com", "Visit pi-site.com.au", "x".repeat(61)]) {
    const refused = await putSettings(authorization, { calendarTitle });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.fields?.calendarTitle).toBe(settingsMessages.calendarTitle);
  }
  const saved = await putSettings(authorization, { calendarTitle: "  Catch-up with J.  " });
  expect(saved.status).toBe(200);
  expect(((await saved.json()) as { calendarTitle: string }).calendarTitle).toBe("Catch-up with J.");

  const ann = customerWithSession(t.db, "ann@example.com");
  const { id, reference } = (await (await call(ann.cookie, "POST", "/api/bookings/calendar", bookingForm(businessDayAhead()))).json()) as {
    id: string;
    reference: string;
  };
  const event = readIcs(await (await call(ann.cookie, "GET", `/api/bookings/${id}/ics`)).text());
  expect(event.summary).toBe("Catch-up with J.");
  expect(event.description).toContain(`Reference ${reference}.`);
});
