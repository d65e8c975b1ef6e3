import { afterEach, beforeEach, expect, test } from "bun:test";
import { simpleParser } from "mailparser";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { dashboardToDo } from "../../tests/factories";
import { dailyDigests, outbox, products } from "../db/schema";
import { updateSetting } from "../db/settings.server";
import { digestDayAt, digestDueAt, sendDailyDigestIfDue } from "./daily-digest.server";

const owner = "owner@adelaide-discreet.com.au";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeEach(async () => {
  smtp = await startSmtpServer();
  t = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: owner, PUBLIC_URL: "https://pi.example" });
});
afterEach(async () => {
  // Let a digest the job kicked off finish sending before the database closes.
  await t.deps.outbox.drain();
  await t.close();
  await smtp.close();
});

// Adelaide is UTC+10:30 in November (daylight saving).
const at = (iso: string) => new Date(iso);
const thursday0730 = at("2026-11-25T21:00:00Z");
const thursday0805 = at("2026-11-25T21:35:00Z");
const thursday2330 = at("2026-11-26T13:00:00Z");
const friday0800 = at("2026-11-26T21:30:00Z");

const digests = () =>
  t.db
    .select()
    .from(outbox)
    .all()
    .filter((m) => m.subject.startsWith("To do today"));
const run = (now: Date) => sendDailyDigestIfDue(t.deps, now);

test("off by default: nothing is sent, nothing claimed", () => {
  expect(run(thursday0805)).toBe("off");
  expect(digests()).toEqual([]);
  expect(t.db.select().from(dailyDigests).all()).toEqual([]);
});

test("on: not before its hour in the business timezone, then once that day however often the job runs, and again the next day", () => {
  expect(updateSetting(t.db, "dailyDigest", true)).toEqual({ ok: true });
  dashboardToDo(t.db, "digest");
  expect(run(thursday0730)).toBe("not_yet");
  expect(run(thursday0805)).toBe("queued");
  expect(run(thursday0805)).toBe("already");
  expect(run(thursday2330)).toBe("already");
  expect(digests()).toHaveLength(1);
  expect(t.db.select({ day: dailyDigests.day }).from(dailyDigests).all()).toEqual([{ day: "2026-11-26" }]);
  expect(run(friday0800)).toBe("queued");
  expect(digests()).toHaveLength(2);
});

test("the hour is the owner's: at 18 it waits for the evening", () => {
  updateSetting(t.db, "dailyDigest", true);
  updateSetting(t.db, "dailyDigestHour", 18);
  expect(run(thursday0805)).toBe("not_yet");
  expect(run(at("2026-11-26T07:35:00Z"))).toBe("queued"); // 18:05
});

test("switched on late in the evening, the first digest comes at its hour the next morning, not at once", () => {
  // The owner's report: set to 8 am, switched on at 11:48 pm, the first came at 11:48 pm.
  updateSetting(t.db, "dailyDigest", true);
  dashboardToDo(t.db, "late");
  const thursday2348 = at("2026-11-26T13:18:00Z");
  expect(run(thursday2348)).toBe("missed");
  expect(run(at("2026-11-26T14:00:00Z"))).toBe("not_yet"); // 00:30 on Friday
  expect(digests()).toEqual([]);
  expect(t.db.select().from(dailyDigests).all()).toEqual([]);
  expect(run(friday0800)).toBe("queued");
  expect(t.db.select({ day: dailyDigests.day }).from(dailyDigests).all()).toEqual([{ day: "2026-11-27" }]);
});

test("a site down at the hour sends the day's digest when it is back within 3 hours of it, not later", () => {
  updateSetting(t.db, "dailyDigest", true);
  dashboardToDo(t.db, "restart");
  expect(run(at("2026-11-26T00:29:00Z"))).toBe("queued"); // Friday 10:59 am
  expect(run(at("2026-11-26T00:35:00Z"))).toBe("already"); // 11:05 am
  expect(run(at("2026-11-27T00:31:00Z"))).toBe("missed"); // Saturday 11:01 am, no digest yet that day
  expect(digests()).toHaveLength(1);
});

test("the hour is the business timezone's across the daylight-saving changes in Adelaide", () => {
  const adelaide = "Australia/Adelaide";
  // Sunday 4 October 2026: clocks go from 2 am to 3 am (UTC+9:30 to UTC+10:30).
  expect(digestDueAt("2026-10-03", 8, adelaide).toISOString()).toBe("2026-10-02T22:30:00.000Z");
  expect(digestDueAt("2026-10-04", 8, adelaide).toISOString()).toBe("2026-10-03T21:30:00.000Z");
  // 2 am does not happen that day: the digest comes at 3 am, the first hour after.
  expect(digestDueAt("2026-10-04", 2, adelaide).toISOString()).toBe("2026-10-03T16:30:00.000Z");
  // Sunday 5 April 2026: clocks go from 3 am back to 2 am; 8 am is UTC+9:30 again.
  expect(digestDueAt("2026-04-04", 8, adelaide).toISOString()).toBe("2026-04-03T21:30:00.000Z");
  expect(digestDueAt("2026-04-05", 8, adelaide).toISOString()).toBe("2026-04-04T22:30:00.000Z");
  // A clock that compared in UTC, or kept the summer offset, would be an hour out on the first day after each change.
  expect(digestDayAt(at("2026-10-03T21:29:00Z"), 8, adelaide)).toBe("not_yet");
  expect(digestDayAt(at("2026-10-03T21:30:00Z"), 8, adelaide)).toEqual({ day: "2026-10-04" });
  expect(digestDayAt(at("2026-04-04T22:29:00Z"), 8, adelaide)).toBe("not_yet");
  expect(digestDayAt(at("2026-04-04T22:30:00Z"), 8, adelaide)).toEqual({ day: "2026-04-05" });
  // An 11 pm digest sent at 12:30 am after a restart is still the day before's.
  expect(digestDayAt(at("2026-11-26T14:00:00Z"), 23, adelaide)).toEqual({ day: "2026-11-26" });
});

test("switched on in the morning across the spring change, it comes every day at 8 am Adelaide time", () => {
  updateSetting(t.db, "dailyDigest", true);
  dashboardToDo(t.db, "dst");
  const runs = [
    ["2026-10-02T22:00:00Z", "not_yet"], // Saturday 7:30 am (UTC+9:30)
    ["2026-10-02T22:30:00Z", "queued"], // Saturday 8:00 am
    ["2026-10-03T21:00:00Z", "not_yet"], // Sunday 7:30 am (UTC+10:30 from 3 am)
    ["2026-10-03T21:30:00Z", "queued"], // Sunday 8:00 am
    ["2026-10-04T21:30:00Z", "queued"], // Monday 8:00 am
  ] as const;
  for (const [iso, expected] of runs) expect({ iso, run: run(at(iso)) }).toEqual({ iso, run: expected });
  expect(
    t.db
      .select({ day: dailyDigests.day })
      .from(dailyDigests)
      .all()
      .map((d) => d.day),
  ).toEqual(["2026-10-03", "2026-10-04", "2026-10-05"]);
});

test("the digest reaches the business through SMTP: each waiting group, its items with their links, the empty groups in one line, the dashboard once", async () => {
  updateSetting(t.db, "dailyDigest", true);
  const made = dashboardToDo(t.db, "digest");
  t.deps.outbox.start();
  expect(run(thursday0805)).toBe("queued");
  const [sent] = await smtp.waitFor(1);
  const mail = await simpleParser(sent?.raw ?? "");
  expect(sent?.to).toEqual([owner]);
  expect(mail.subject).toMatch(/^To do today: \d+ items waiting$/);
  const text = mail.text ?? "";
  const lines = text.split("\n");
  expect(lines[0]).toBe("Adelaide Discreet Investigations, Thursday 26 November 2026");
  for (const line of [
    "Enquiries waiting (3, 1 emergency)",
    "Bookings to confirm (3)",
    "Orders awaiting payment (3)",
    "Orders waiting for an ID check (2)",
    "Booking payments to confirm (1)",
    "Paid orders to ship (3, 1 needs an ID check first)",
  ])
    expect(lines).toContain(line);
  // The groups in the to-do list's order.
  const lineOf = (title: string) => lines.findIndex((l) => l.startsWith(title));
  expect(lineOf("Enquiries waiting")).toBeLessThan(lineOf("Orders awaiting payment"));
  expect(lineOf("Orders awaiting payment")).toBeLessThan(lineOf("Paid orders to ship"));
  // Each item is one line that ends with its link; no link stands on a line of its own.
  const bookingLine = lines.find((l) => l.includes(`https://pi.example/admin/bookings/${made.bookings[0]}`));
  expect(bookingLine).toMatch(/^ {2}Partner Check · .+ · waiting \d+ \w+ · https:\/\/pi\.example\/admin\/bookings\/[0-9a-f-]{36}$/);
  const orderLine = lines.find((l) => l.startsWith(`  ${made.payment[0]} · Casey Client · `));
  expect(orderLine).toContain(` left to pay · https://pi.example/admin/orders/${made.payment[0]?.toLowerCase()}`);
  for (const line of lines)
    if (line.includes("https://")) expect({ line, words: line.replace(/https:\/\/\S+/g, "").trim().length > 0 }).toEqual({ line, words: true });
  // No "- " bullets, and the dashboard link once.
  expect(lines.filter((l) => /^\s*- /.test(l))).toEqual([]);
  expect(text.split("https://pi.example/admin/dashboard").length - 1).toBe(1);
  // The groups with nothing waiting, named once.
  expect(lines).toContain(
    "Nothing else waiting: no case rooms with something new from the client, overdue instalments, refunds to send, reviews to moderate or failed backups.",
  );
  // The checklist comes along while anything is missing (here the shipped phone number, among others).
  expect(text).toMatch(/\nBefore you go live \(\d+\):\n/);
  expect(lines).toContain("  Enter the business's phone number");
  expect(lines.at(-1)).toBe(
    "This digest comes once a day at 8:00 am Adelaide time. Change its hour or turn it off under Settings, Alerts: https://pi.example/admin/settings#setting-dailyDigest",
  );

  // The HTML part, made from the text: each group's items a list of links to their records, the
  // checklist under its heading, the dashboard linked once, no bullets typed into the words.
  const html = typeof mail.html === "string" ? mail.html : "";
  expect(html).toContain(`<a href="https://pi.example/admin/bookings/${made.bookings[0]}"`);
  expect(html).toContain(`<a href="https://pi.example/admin/orders/${made.payment[0]?.toLowerCase()}"`);
  expect(html).toMatch(/<p[^>]*>Orders awaiting payment \(3\)<\/p>\n<ul[^>]*><li>/);
  expect(html).toMatch(/<h2[^>]*>Before you go live \(\d+\)<\/h2>/);
  expect(html.split('href="https://pi.example/admin/dashboard"').length - 1).toBe(1);
  expect(html).not.toMatch(/<li>- /);
});

test("a day with nothing to do and nothing missing is done without an e-mail", async () => {
  for (const [key, value] of Object.entries({
    dailyDigest: true,
    // The shipped name and currency are asked about until chosen, and GST wants an ABN (decision 074).
    businessName: "Harbour Lane Inquiries",
    currency: "AUD",
    gstEnabled: false,
    phone: "+61 8 8123 4567",
    email: "cases@adelaide-discreet.com.au",
    bankBsb: "",
    bankAccountNumber: "",
    btcAddress: "",
    ethAddress: "",
    usdcSolAddress: "",
    signal: "",
    whatsapp: "",
    messenger: "",
  }))
    expect(updateSetting(t.db, key, value)).toEqual({ ok: true });
  t.db.update(products).set({ stockQuantity: 100 }).run();
  const app = createTestApp({
    SMTP_URL: smtp.url,
    BUSINESS_EMAIL: owner,
    PUBLIC_URL: "https://pi.example",
    PAYPAL_CLIENT_ID: "id",
    PAYPAL_CLIENT_SECRET: "secret",
    PAYPAL_API_BASE: "https://api-m.paypal.com",
  });
  try {
    // The same database, seen with a fully configured environment.
    expect(sendDailyDigestIfDue({ ...app.deps, db: t.db }, thursday0805)).toBe("nothing");
    expect(digests()).toEqual([]);
    expect(sendDailyDigestIfDue({ ...app.deps, db: t.db }, thursday2330)).toBe("already");
  } finally {
    await app.close();
  }
});
