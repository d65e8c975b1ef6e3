/**
 * The close and reopen actions themselves (decision 077): a booked day is closed without
 * cancelling its booking, which is listed back with what the owner needs to call the customer;
 * a day of several bookings and a multi-day booking are all listed; a past day is refused.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bookings, calendarDays } from "../db/schema";
import { businessToday } from "../domain/slots";
import { addDays } from "../domain/timezone";
import { defaultSettings } from "../shared/settings";
import { adminWithToken, customerWithBooking } from "../../tests/factories";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { closeDaysByAdmin } from "./close-days.server";
import { reopenDaysByAdmin } from "./reopen-days.server";

let t: TestApp;
let owner: { id: number; username: string };
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  owner = { id: adminWithToken(t.db, "owner").adminId, username: "owner" };
});
afterEach(() => t.close());

test("closing a booked range keeps every booking on it (none cancelled, no mail) and lists them by day and time", () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { daysAhead: 6, time: "14:00" });
  const bob = customerWithBooking(t.db, "bob@example.com", { daysAhead: 6, time: "09:00" });
  const mail = countRows(t, "outbox");

  const result = closeDaysByAdmin(t.deps, owner, { from: ann.date, to: addDays(ann.date, 2), reason: "Leave" });

  expect(result.closed).toEqual([ann.date, addDays(ann.date, 1), addDays(ann.date, 2)]);
  expect(result.bookings.map((b) => [b.reference, b.time, b.phone, b.status])).toEqual([
    [bob.reference, "09:00", "0400 000 000", "pending"],
    [ann.reference, "14:00", "0400 000 000", "pending"],
  ]);
  expect(result.message).toContain("2 bookings are still on them and kept");
  for (const id of [ann.bookingId, bob.bookingId]) expect(t.db.select().from(bookings).where(eq(bookings.id, id)).get()!.status).toBe("pending");
  expect(countRows(t, "outbox")).toBe(mail);
  expect(
    t.db
      .select()
      .from(calendarDays)
      .all()
      .map((d) => [d.date, d.closed, d.reason]),
  ).toEqual(result.closed.map((d) => [d, true, "Leave"]));
});

test("a cancelled booking is not listed, a free day says so, and reopening a day that is no holiday leaves no row", () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { daysAhead: 6, status: "cancelled" });
  const result = closeDaysByAdmin(t.deps, owner, { from: ann.date, to: ann.date, reason: "Court" });
  expect(result.bookings).toEqual([]);
  expect(result.message).toMatch(/is closed: customers can no longer book it\.$/);
  const reopened = reopenDaysByAdmin(t.deps, owner, { from: ann.date, to: ann.date });
  expect(reopened.reopened).toEqual([ann.date]);
  expect(countRows(t, "calendar_days")).toBe(0);
});

test("a range starting in the past is refused and nothing is closed", () => {
  const yesterday = addDays(businessToday(new Date(), defaultSettings.timezone), -1);
  expect(() => closeDaysByAdmin(t.deps, owner, { from: yesterday, to: yesterday, reason: "Leave" })).toThrow("Past days cannot be closed.");
  expect(countRows(t, "calendar_days")).toBe(0);
});
