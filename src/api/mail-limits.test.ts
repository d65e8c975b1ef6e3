/** Limits that keep the site from flooding an inbox or one account from holding the calendar. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { testOrigin } from "../../tests/helpers/browser";
import { businessDayAhead, customerWithSession } from "../../tests/factories";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { settings } from "../db/schema";
import { generateSlots } from "../db/timeslots.server";
import { defaultSettings } from "../shared/settings";
import { customerMailPerHour, enqueueMail, mailQueuedTo } from "../mail/outbox.server";
import { queryPlan, statementsPreparedBy } from "../../tests/helpers/query-plan";
import { bookingForm } from "../../tests/helpers/booking-form";

const tz = "Australia/Adelaide";
let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(() => t.close());

type ErrorBody = { error: { code: string; message: string } };

/** An open day three days out or later, with its slots generated. */
function bookableDay() {
  const day = businessDayAhead();
  generateSlots(t.db, day, day, defaultSettings.businessHours, tz);
  return day;
}

function setSetting(key: string, value: unknown) {
  t.db
    .insert(settings)
    .values({ key, value: JSON.stringify(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(value) } })
    .run();
}

const book = (cookie: string, date: string, time: string, contactEmail: string) =>
  t.request("/api/bookings/calendar", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: testOrigin },
    // Several bookings of one day on purpose (the duplicate question answered): the limits hold all the same.
    body: JSON.stringify(bookingForm(date, time, { contactEmail, notes: "Free text the customer chose", confirmDuplicate: true })),
  });

const takenPlaces = () => (t.db.$client.query("SELECT coalesce(sum(current_bookings), 0) AS n FROM time_slots").get() as { n: number }).n;
const mailTo = (address: string) => (t.db.$client.query('SELECT count(*) AS n FROM outbox WHERE lower("to") = lower(?)').get(address) as { n: number }).n;

test("a contact address typed on a booking is never mailed; the account's own confirmations are owed and never refused for the inbox (decision 064)", async () => {
  setSetting("maxPendingBookings", 50);
  const mallory = customerWithSession(t.db, "mallory@example.com");
  const day = bookableDay();
  const times = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00"];
  for (const time of times) expect((await book(mallory.cookie, day!, time, "victim@example.com")).status).toBe(201);
  // The typed address is shown to the business only (decision 060): nothing reaches the victim.
  expect(mailTo("victim@example.com")).toBe(0);
  expect(countRows(t, "bookings")).toBe(times.length);
  expect(mailTo("mallory@example.com")).toBe(times.length);
  expect(mailTo("owner@example.com")).toBe(times.length);
});

test("anonymous payment requests to one address stop at the hourly limit with a 429 and record nothing more", async () => {
  for (let i = 0; i < customerMailPerHour; i++) {
    t.setIp(`198.51.100.${i + 1}`);
    expect((await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "victim@example.com" })).status).toBe(201);
  }
  t.setIp("198.51.100.200");
  const refused = await t.json("/api/payment-requests", { serviceId: "checkup", method: "cash", email: "victim@example.com" });
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as ErrorBody).error.code).toBe("mail_limited");
  expect(countRows(t, "payments")).toBe(customerMailPerHour);
  expect(mailTo("victim@example.com")).toBe(customerMailPerHour);
  expect(mailTo("owner@example.com")).toBe(customerMailPerHour);
});

test("mail older than an hour no longer counts towards the limit", async () => {
  for (let i = 0; i < customerMailPerHour; i++) {
    t.setIp(`198.51.100.${i + 1}`);
    expect((await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "jo@example.com" })).status).toBe(201);
  }
  t.db.$client.query("UPDATE outbox SET created_at = ?").run(Date.now() - 61 * 60 * 1000);
  t.setIp("198.51.100.200");
  expect((await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "jo@example.com" })).status).toBe(201);
});

test("a customer holds at most maxPendingBookings pending bookings; a cancelled one frees the place", async () => {
  setSetting("maxPendingBookings", 2);
  const ann = customerWithSession(t.db, "ann@example.com");
  const day = bookableDay();
  const first = (await (await book(ann.cookie, day!, "09:00", "ann@example.com")).json()) as { id: string };
  expect((await book(ann.cookie, day!, "10:00", "ann@example.com")).status).toBe(201);
  const refused = await book(ann.cookie, day!, "11:00", "ann@example.com");
  expect(refused.status).toBe(409);
  const body = (await refused.json()) as ErrorBody;
  expect(body.error.code).toBe("too_many_pending_bookings");
  expect(body.error.message).toContain("2 bookings waiting for confirmation");
  expect(countRows(t, "bookings")).toBe(2);
  expect(takenPlaces()).toBe(2);

  const cancel = await t.request(`/api/bookings/${first.id}/cancel`, { method: "POST", headers: { Cookie: ann.cookie, Origin: testOrigin } });
  expect(cancel.status).toBe(200);
  expect((await book(ann.cookie, day!, "11:00", "ann@example.com")).status).toBe(201);
});

test("the default cap is five pending bookings", () => {
  expect(defaultSettings.maxPendingBookings).toBe(5);
});

test("what the business owes an address does not count against what strangers may cause; what strangers cause does", async () => {
  for (let i = 0; i < customerMailPerHour; i++) enqueueMail(t.db, { to: "Jo@example.com", subject: `Your order ${i} has shipped`, text: "On its way." });
  for (let i = 0; i < customerMailPerHour; i++) {
    t.setIp(`198.51.100.${i + 1}`);
    expect((await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "jo@example.com" })).status).toBe(201);
  }
  t.setIp("198.51.100.200");
  const refused = await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "jo@example.com" });
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as ErrorBody).error.code).toBe("mail_limited");
  expect(countRows(t, "payments")).toBe(customerMailPerHour);
});

test("a signed-in customer asking how to pay at their confirmed address is never refused for what strangers sent it; at an address they typed, they are", async () => {
  for (let i = 0; i < customerMailPerHour; i++) {
    t.setIp(`198.51.100.${i + 1}`);
    expect((await t.json("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "ann@example.com" })).status).toBe(201);
  }
  const ann = customerWithSession(t.db, "ann@example.com");
  const ask = (email?: string) =>
    t.request("/api/payment-requests", {
      method: "POST",
      headers: { Cookie: ann.cookie, "Content-Type": "application/json", Origin: testOrigin },
      body: JSON.stringify({ serviceId: "partner", method: "instructions", ...(email ? { email } : {}) }),
    });
  expect((await ask()).status).toBe(201);
  expect(mailTo("ann@example.com")).toBe(customerMailPerHour + 1);
  // Signed in, the account's address is used whatever is typed: the owed path, again.
  expect((await ask("someone-else@example.com")).status).toBe(201);
  expect(mailTo("someone-else@example.com")).toBe(0);
});

test("the hourly count for one address reads that address's last hour from its index, in any case, whatever else the hour holds", async () => {
  for (let i = 0; i < 30; i++) enqueueMail(t.db, { to: `other${i}@example.com`, subject: "Other", text: "x" });
  for (let i = 0; i < 3; i++) enqueueMail(t.db, { to: "Sam@Example.com", subject: "Yours", text: "x" });
  const client = t.db.$client;
  const statements = await statementsPreparedBy(client, () => expect(mailQueuedTo(t.db, "sam@example.COM", new Date(Date.now() - 3_600_000))).toBe(3));
  const counts = statements.filter((s) => s.includes('from "outbox"'));
  expect(counts).toHaveLength(1);
  expect(queryPlan(client, counts[0] as string).join(" | ")).toContain("INDEX outbox_recipient_idx");
});
