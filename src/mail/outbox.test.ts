import { expect, spyOn, test } from "bun:test";
import { startedPerTest } from "../../tests/helpers/per-test";
import { setLogLevel } from "../server/log.server";
import { enqueueMail, listUndeliveredMail, newMailLookMs, retryDelayMs } from "./outbox.server";

const started = startedPerTest();

const enquiry = {
  name: "Alex Doe",
  email: "alex@example.com",
  phone: "",
  service: "checkup",
  message: "Who is visiting the house on Tuesdays?",
  urgency: "normal",
};

test("a contact enquiry reaches the business through a real SMTP server", async () => {
  const smtp = await started.smtpServer();
  const t = started.app({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com", MAIL_FROM: "Site <site@example.com>" });
  expect((await t.json("/api/contacts", enquiry)).status).toBe(201);
  const [mail] = await smtp.waitFor(1);
  expect(mail!.to).toEqual(["owner@example.com"]);
  expect(mail!.from).toBe("site@example.com");
  expect(mail!.raw).toContain("Subject: New enquiry from Alex Doe: Discreet Check Up ($75)");
  expect(mail!.raw).toContain("Who is visiting the house on Tuesdays?");
  expect(mail!.raw).toContain("Reply-To: alex@example.com");
  // Drain again to settle the status update that follows delivery.
  await t.deps.outbox.drain();
  expect(t.db.$client.query("SELECT status, attempts FROM outbox").get()).toEqual({ status: "sent", attempts: 1 });
});

test("when the mail server is down the message stays in the outbox and is retried later", async () => {
  let smtp = await started.smtpServer();
  const port = smtp.port;
  await smtp.close();
  const t = started.app({ SMTP_URL: `smtp://127.0.0.1:${port}`, BUSINESS_EMAIL: "owner@example.com" });
  expect((await t.json("/api/contacts", enquiry)).status).toBe(201);
  await t.deps.outbox.drain();
  const failed = t.db.$client.query("SELECT status, attempts, last_error AS lastError, next_attempt_at AS next FROM outbox").get() as {
    status: string;
    attempts: number;
    lastError: string;
    next: number;
  };
  expect(failed.status).toBe("pending");
  expect(failed.attempts).toBe(1);
  expect(failed.lastError.length).toBeGreaterThan(0);
  expect(failed.next).toBeGreaterThan(Date.now());
  expect(t.db.$client.query("SELECT count(*) AS n FROM contacts").get()).toEqual({ n: 1 });

  // The server comes back on the same port; once the retry is due the message goes out.
  smtp = await started.smtpServer(port);
  t.db.$client.query("UPDATE outbox SET next_attempt_at = 0").run();
  await t.deps.outbox.drain();
  expect(smtp.received.length).toBe(1);
  expect(t.db.$client.query("SELECT status, attempts FROM outbox").get()).toEqual({ status: "sent", attempts: 2 });
});

test("retries back off exponentially up to half an hour", () => {
  expect(retryDelayMs(1)).toBe(60_000);
  expect(retryDelayMs(2)).toBe(120_000);
  expect(retryDelayMs(5)).toBe(960_000);
  expect(retryDelayMs(6)).toBe(30 * 60 * 1000);
  expect(retryDelayMs(20)).toBe(30 * 60 * 1000);
});

test("a refused message is retried forever, shown as undelivered with its last error, and sent once accepted", async () => {
  const smtp = await started.smtpServer();
  smtp.refusing = true;
  const t = started.app({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" });
  expect((await t.json("/api/contacts", enquiry)).status).toBe(201);
  await t.deps.outbox.drain();
  let [undelivered] = listUndeliveredMail(t.db);
  expect(undelivered!.attempts).toBe(1);
  expect(undelivered!.to).toBe("owner@example.com");
  expect(undelivered!.lastError).toContain("Mailbox unavailable");

  // A day and a half of refusals later, past every step of the backoff.
  const dayAndHalfAgo = Date.now() - 36 * 60 * 60 * 1000;
  t.db.$client.query("UPDATE outbox SET attempts = 19, created_at = ?, next_attempt_at = 0").run(dayAndHalfAgo);
  const warnings: string[] = [];
  const spy = spyOn(console, "error").mockImplementation((line: string) => void warnings.push(line));
  setLogLevel("warn");
  try {
    await t.deps.outbox.drain();
  } finally {
    setLogLevel("silent");
    spy.mockRestore();
  }
  const row = t.db.$client.query("SELECT status, attempts, next_attempt_at AS next FROM outbox").get() as { status: string; attempts: number; next: number };
  expect(row.status).toBe("pending");
  expect(row.attempts).toBe(20);
  expect(row.next - Date.now()).toBeGreaterThan(29 * 60 * 1000);
  const warning = warnings.map((l) => JSON.parse(l)).find((l) => l.msg === "mail undelivered for hours");
  expect(warning).toMatchObject({ level: "warn", to: "owner@example.com", attempts: 20, ageHours: 36 });
  [undelivered] = listUndeliveredMail(t.db);
  expect(undelivered!.ageHours).toBeGreaterThanOrEqual(36);
  expect(undelivered!.lastError).toContain("Mailbox unavailable");

  smtp.refusing = false;
  t.db.$client.query("UPDATE outbox SET next_attempt_at = 0").run();
  await t.deps.outbox.drain();
  expect(smtp.received.length).toBe(1);
  expect(t.db.$client.query("SELECT status, attempts FROM outbox").get()).toEqual({ status: "sent", attempts: 21 });
  expect(listUndeliveredMail(t.db)).toEqual([]);
});

test("a message queued without a kick (by another worker) is sent within a look, not at the next 30-second round", async () => {
  const smtp = await started.smtpServer();
  const t = started.app({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" });
  t.deps.outbox.start();
  try {
    await Bun.sleep(50);
    const queuedAt = Date.now();
    enqueueMail(t.db, { to: "client@example.com", subject: "Queued elsewhere", text: "No kick reaches this process." });
    await smtp.waitFor(1, newMailLookMs + 2_000);
    expect(Date.now() - queuedAt).toBeLessThan(newMailLookMs + 2_000);
  } finally {
    await t.deps.outbox.stop();
  }
});

test("a failed message the owner retried through another worker is sent within a look", async () => {
  const smtp = await started.smtpServer();
  smtp.refusing = true;
  const t = started.app({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" });
  enqueueMail(t.db, { to: "client@example.com", subject: "Refused once", text: "Then retried." });
  await t.deps.outbox.drain();
  expect(t.db.$client.query("SELECT attempts FROM outbox").get()).toEqual({ attempts: 1 });
  smtp.refusing = false;
  t.deps.outbox.start();
  try {
    // Past the first looks: the message itself is no longer news to this process.
    await Bun.sleep(newMailLookMs * 2 + 50);
    // What the retry writes, in another process: the same row, due now, and no kick reaches this one.
    const retriedAt = Date.now();
    t.db.$client.query("UPDATE outbox SET status = 'pending', next_attempt_at = ?, last_error = NULL").run(retriedAt);
    await smtp.waitFor(1, newMailLookMs + 2_000);
    expect(Date.now() - retriedAt).toBeLessThan(newMailLookMs + 2_000);
  } finally {
    await t.deps.outbox.stop();
  }
});

test("a burst larger than one drain's batch is all sent without waiting for the next round", async () => {
  const smtp = await started.smtpServer();
  const t = started.app({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" });
  for (let i = 1; i <= 120; i++) enqueueMail(t.db, { to: `client${i}@example.com`, subject: `Burst ${i}`, text: "One of many." });
  void t.deps.outbox.drain();
  await smtp.waitFor(120, 20_000);
  await Bun.sleep(100);
  expect(smtp.received).toHaveLength(120);
}, 30_000);
