/**
 * Payment plans' reminders and overdue instalments (decision 085): a reminder `paymentPlanReminderDays`
 * before each unpaid instalment's due date and one on it, each once, arriving through a real SMTP
 * server with the amount, the due date, the booking's reference and its page; none for a paid or
 * cancelled instalment; several processes claiming at once still send each once. An instalment past
 * its date unpaid is on the owner's to-do list until it is paid.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { customerWithBooking } from "../../tests/factories";
import { adminClient } from "../../tests/helpers/admins";
import { testOrigin } from "../../tests/helpers/browser";
import type { SmtpServer } from "../../tests/helpers/smtp";
import { smtpPerFile } from "../../tests/helpers/smtp-per-file";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { databaseFile } from "../db/client.server";
import { updateSetting } from "../db/settings.server";
import { formatDate } from "../domain/format";
import { addDays, localDate, zonedToInstant } from "../domain/timezone";
import type { AdminTodo } from "../shared/admin-todo";
import { defaultSettings } from "../shared/settings";
import { sendPlanReminders } from "./plan-reminders.server";

let smtp: SmtpServer;
let t: TestApp;

const mail = smtpPerFile();
beforeEach(() => {
  smtp = mail.server;
  t = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(async () => {
  await t.deps.outbox.drain();
  await t.close();
});

const tz = defaultSettings.timezone;
/** 9 in the morning of the business's `date`: the clock as the tests move it. */
const morningOf = (date: string) => zonedToInstant(date, "09:00", tz)!;
const reminders = () =>
  t.db.$client.query("SELECT \"to\", subject, text FROM outbox WHERE subject LIKE 'Payment % of %' ORDER BY id").all() as {
    to: string;
    subject: string;
    text: string;
  }[];

/** A customer whose booking (395.00) is on a plan of 3, asked for by the payment dialog today; answers the due dates. */
async function customerOnPlan(email: string, time = "10:00") {
  const customer = customerWithBooking(t.db, email, { serviceName: "Ongoing Monitoring", returning: true, time });
  const res = await t.request("/api/payment-requests", {
    method: "POST",
    headers: { Cookie: customer.cookie, "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify({ bookingId: customer.bookingId, method: "instructions", instalments: 3 }),
  });
  expect(res.status).toBe(201);
  const today = localDate(new Date(), tz);
  return { ...customer, due: [today, addDays(today, 14), addDays(today, 28)] as const };
}

test("instalment 2 is reminded 3 days before and on its due date, once each, through SMTP, with its amount, date, reference and page", async () => {
  const ann = await customerOnPlan("ann@example.com");
  const [, due2] = ann.due;
  expect(sendPlanReminders(t.deps, morningOf(addDays(due2, -4)))).toBe(0);
  expect(sendPlanReminders(t.deps, morningOf(addDays(due2, -3)))).toBe(1);
  expect(sendPlanReminders(t.deps, morningOf(addDays(due2, -3)))).toBe(0);
  expect(sendPlanReminders(t.deps, morningOf(addDays(due2, -1)))).toBe(0);
  expect(sendPlanReminders(t.deps, morningOf(due2))).toBe(1);
  expect(sendPlanReminders(t.deps, new Date(morningOf(due2).getTime() + 8 * 3_600_000))).toBe(0);
  expect(reminders().map((r) => r.subject)).toEqual([
    `Payment 2 of 3 is due soon: booking ${ann.reference}`,
    `Payment 2 of 3 is due today: booking ${ann.reference}`,
  ]);

  await t.deps.outbox.drain();
  // The instructions, the owner's notice of the request, and the two reminders.
  const received = await smtp.waitFor(4, 10_000);
  const sent = await Promise.all(received.filter((m) => m.to.includes("ann@example.com")).map((m) => simpleParser(m.raw)));
  const soon = sent.find((m) => m.subject?.includes("due soon"));
  expect(soon?.text).toContain("Amount: $131.66 USD");
  expect(soon?.text).toContain(`Due: ${formatDate(due2, "full")}`);
  expect(soon?.text).toContain(`Booking reference: ${ann.reference}`);
  expect(soon?.text).toContain(`http://localhost/bookings/${ann.reference.toLowerCase()}`);
  expect(soon?.text).not.toContain("Ongoing Monitoring");
  expect(sent.find((m) => m.subject?.includes("due today"))?.text).toContain("Payment 2 of 3 of your interest-free payment plan is due today.");
});

test("no reminder for an instalment paid before its date, nor for the first, nor with reminders at 0 days but the one on the day", async () => {
  const ann = await customerOnPlan("ann@example.com");
  const [due1, due2, due3] = ann.due;
  expect(sendPlanReminders(t.deps, morningOf(due1))).toBe(0);
  // Instalment 1 paid, then instalment 2 asked for and paid early.
  const admin = adminClient(t);
  expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(200);
  expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(200);
  expect(sendPlanReminders(t.deps, morningOf(addDays(due2, -3)))).toBe(0);
  expect(sendPlanReminders(t.deps, morningOf(due2))).toBe(0);
  expect(updateSetting(t.db, "paymentPlanReminderDays", 0)).toEqual({ ok: true });
  expect(sendPlanReminders(t.deps, morningOf(addDays(due3, -1)))).toBe(0);
  expect(sendPlanReminders(t.deps, morningOf(due3))).toBe(1);
  expect(reminders().map((r) => r.subject)).toEqual([`Payment 3 of 3 is due today: booking ${ann.reference}`]);
});

test("four processes claiming the same day's reminders at once send each exactly once", async () => {
  const customers = [];
  for (const [i, time] of ["09:00", "10:00", "11:00", "12:00", "13:00"].entries()) customers.push(await customerOnPlan(`c${i}@example.com`, time));
  const due2 = customers[0]!.due[1];
  const file = databaseFile(t.dataDir);
  const runs = Array.from({ length: 4 }, () =>
    Bun.spawn(["bun", join(import.meta.dir, "../../tests/helpers/plan-reminders-worker.ts"), file, addDays(due2, -3), "3"], {
      stdout: "pipe",
      stderr: "inherit",
    }),
  );
  const queued = await Promise.all(runs.map(async (p) => JSON.parse(await new Response(p.stdout).text()) as number));
  for (const p of runs) expect(await p.exited).toBe(0);
  expect(queued.reduce((a, b) => a + b, 0)).toBe(customers.length);
  const subjects = reminders().map((r) => r.subject);
  expect(subjects).toHaveLength(customers.length);
  expect(new Set(subjects).size).toBe(customers.length);
  // And the site's own job, running after them, finds nothing left to send.
  expect(sendPlanReminders(t.deps, morningOf(addDays(due2, -3)))).toBe(0);
}, 30_000);

test("an unpaid instalment past its date is on the owner's to-do list, with the customer, reference, instalment, amount and days; paid, it leaves", async () => {
  const ann = await customerOnPlan("ann@example.com");
  const [due1] = ann.due;
  const admin = adminClient(t);
  const overdue = async () => (await admin.read<AdminTodo>("/api/admin/todo")).groups.find((g) => g.key === "overdueInstalments");
  // Instalment 1 is due today: not overdue yet.
  expect(await overdue()).toMatchObject({ title: "Overdue instalments", count: 0, items: [] });

  // Two days later (the business's date; the to-do list reads the clock through its time zone).
  t.db.$client.run("UPDATE plan_instalments SET due_on = ? WHERE booking_id = ? AND number = 1", [addDays(due1, -2), ann.bookingId]);
  const group = await overdue();
  expect(group?.count).toBe(1);
  expect(group?.items).toEqual([
    {
      key: `${ann.bookingId}-1`,
      label: `ann · ${ann.reference}`,
      detail: "Instalment 1 of 3 · $131.68 USD · 2 days overdue",
      href: `/admin/bookings/${ann.reference.toLowerCase()}`,
      urgent: true,
    },
  ]);
  expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(200);
  expect((await overdue())?.count).toBe(0);
});
