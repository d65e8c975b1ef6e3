import { afterEach, beforeEach, expect, test } from "bun:test";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { dashboardToDo } from "../../tests/factories";
import { dailyDigests, outbox, products } from "../db/schema";
import { updateSetting } from "../db/settings.server";
import { sendDailyDigestIfDue } from "./daily-digest.server";

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
  expect(run(thursday2330)).toBe("queued");
});

test("the digest reaches the business through SMTP with each waiting group, its oldest items and links to them", async () => {
  updateSetting(t.db, "dailyDigest", true);
  const made = dashboardToDo(t.db, "digest");
  t.deps.outbox.start();
  expect(run(thursday0805)).toBe("queued");
  const [mail] = await smtp.waitFor(1);
  const text = (mail?.raw ?? "").replace(/=\r\n/g, "").replace(/\r\n(?=[ \t])/g, "");
  expect(mail?.to).toEqual([owner]);
  expect(text).toMatch(/Subject: To do today: \d+ items waiting/);
  for (const line of [
    "Enquiries waiting: 3 (1 emergency)",
    "Bookings to confirm: 3",
    "Paid orders to ship: 3 (1 needs an ID check first)",
    "Out of stock:",
    "Low stock:",
  ])
    expect(text).toContain(line);
  expect(text).toContain(`https://pi.example/admin/bookings/${made.bookings[0]}`);
  expect(text).toContain("https://pi.example/admin/dashboard");
  // The checklist comes along while anything is missing (here the shipped phone number, among others).
  expect(text).toContain("Before you go live:");
  expect(text).toContain("Enter the business's phone number");
});

test("a day with nothing to do and nothing missing is done without an e-mail", async () => {
  for (const [key, value] of Object.entries({
    dailyDigest: true,
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
