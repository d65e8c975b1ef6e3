import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, outbox } from "../../db/schema";
import type { OutboxStatus } from "../../domain/outbox";
import { enqueueMail, retryDelayMs } from "../../mail/outbox.server";
import type { AdminMailList, AdminMailRow, AdminMailSummary } from "../../shared/admin-mail";
import { adminWithToken } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { startSmtpServer } from "../../../tests/helpers/smtp";
import { countRows, createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";
import { adminRead } from "../../../tests/helpers/admins";

let t: TestApp;
let authorization: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let now: number;

function start(env: Record<string, string> = {}) {
  t = createTestApp(env);
  authorization = adminWithToken(t.db, "owner").authorization;
}
beforeEach(() => {
  now = Date.now();
});
afterEach(async () => {
  t.close();
  await smtp?.close();
  smtp = undefined;
});

const get = (path: string, auth = authorization) => t.request(path, { headers: { Authorization: auth } });
const post = (path: string, auth = authorization) => t.request(path, { method: "POST", headers: { Authorization: auth, Origin: testOrigin } });

const list = (query = "") => adminRead<AdminMailList>(t, `/api/admin/mail${query}`, authorization);
const subjects = (l: AdminMailList) => l.messages.map((m) => m.subject);

type Seed = { subject: string; minutesAgo: number; status?: OutboxStatus; attempts?: number; lastError?: string | null; to?: string };

/** A message queued `minutesAgo`, with a private body, in the state given. */
function message({ subject, minutesAgo, status = "pending", attempts = 0, lastError = null, to = "client@example.com" }: Seed): number {
  const createdAt = new Date(now - minutesAgo * 60_000);
  const failedAt = new Date(now - 30_000);
  return t.db
    .insert(outbox)
    .values({
      to,
      subject,
      text: `Private body of ${subject}`,
      html: `<p>Private html of ${subject}</p>`,
      replyTo: "secret-reply@example.com",
      attachments: [{ filename: "booking.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" }],
      status,
      attempts,
      lastError,
      createdAt,
      sentAt: status === "sent" ? new Date(createdAt.getTime() + 1000) : null,
      nextAttemptAt: lastError ? new Date(failedAt.getTime() + retryDelayMs(attempts)) : createdAt,
    })
    .returning({ id: outbox.id })
    .get().id;
}

function row(id: number) {
  const r = t.db.select().from(outbox).where(eq(outbox.id, id)).get();
  if (!r) throw new Error(`no outbox row ${id}`);
  return r;
}

describe("GET /api/admin/mail", () => {
  beforeEach(() => start());

  test("newest first, 50 a page with the total, each with its status, tries, error and times but never a body", async () => {
    for (let i = 0; i < 53; i++) message({ subject: `Message ${i}`, minutesAgo: 100 - i, status: "sent", attempts: 1 });
    const failed = message({ subject: "Booking confirmed", minutesAgo: 1, attempts: 3, lastError: "connect ECONNREFUSED 127.0.0.1:2525" });

    const first = await list();
    expect(first.total).toBe(54);
    expect(first.pageSize).toBe(50);
    expect(first.messages).toHaveLength(50);
    expect(subjects(first).slice(0, 3)).toEqual(["Booking confirmed", "Message 52", "Message 51"]);
    const top = first.messages[0] as AdminMailRow;
    expect(top).toEqual({
      id: failed,
      to: "client@example.com",
      subject: "Booking confirmed",
      status: "failed",
      attempts: 3,
      lastError: "connect ECONNREFUSED 127.0.0.1:2525",
      createdAt: new Date(now - 60_000).toISOString(),
      lastAttemptAt: new Date(now - 30_000).toISOString(),
      nextAttemptAt: new Date(now - 30_000 + retryDelayMs(3)).toISOString(),
      retryable: true,
    });
    const sent = first.messages[1] as AdminMailRow;
    expect(sent.status).toBe("sent");
    expect(sent.retryable).toBe(false);
    expect(sent.nextAttemptAt).toBeNull();
    expect(sent.lastAttemptAt).toBe(new Date(now - 48 * 60_000 + 1000).toISOString());

    const second = await list("?page=2");
    expect(second.page).toBe(2);
    expect(subjects(second)).toEqual(["Message 3", "Message 2", "Message 1", "Message 0"]);
    expect((await list("?page=3")).messages).toEqual([]);

    const raw = await (await get("/api/admin/mail")).text();
    expect(raw).not.toContain("Private");
    expect(raw).not.toContain("secret-reply");
    expect(raw).not.toContain("VCALENDAR");
  });

  test("filters by the status the owner sees: a pending message whose last attempt failed is failed", async () => {
    message({ subject: "queued", minutesAgo: 5 });
    message({ subject: "sent", minutesAgo: 4, status: "sent", attempts: 1 });
    message({ subject: "retrying", minutesAgo: 3, attempts: 2, lastError: "550 Mailbox unavailable" });
    message({ subject: "given up", minutesAgo: 2, status: "failed", attempts: 9, lastError: "550 no such user" });

    expect(subjects(await list("?status=pending"))).toEqual(["queued"]);
    expect(subjects(await list("?status=sent"))).toEqual(["sent"]);
    const failed = await list("?status=failed");
    expect(subjects(failed)).toEqual(["given up", "retrying"]);
    expect(failed.total).toBe(2);
    expect(subjects(await list("?status="))).toHaveLength(4);

    const summary = (await (await get("/api/admin/mail/summary")).json()) as AdminMailSummary;
    expect(summary).toEqual({ failed: 2 });
  });

  test("a bad status or page answers 400 with field messages", async () => {
    const bad = await get("/api/admin/mail?status=bounced&page=0");
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.code).toBe("validation_error");
    expect(error.fields?.status).toBe("Choose a status: pending, sent or failed");
    expect(error.fields?.page).toBe("Page must be a whole number from 1");
    expect((await get("/api/admin/mail?page=abc")).status).toBe(400);
    expect((await get("/api/admin/mail?page=100001")).status).toBe(400);
  });

  test("every mail route refuses a missing or junk token", async () => {
    const id = message({ subject: "failed", minutesAgo: 1, attempts: 1, lastError: "timeout" });
    for (const auth of ["", "Bearer junk"]) {
      expect((await get("/api/admin/mail", auth)).status).toBe(401);
      expect((await get("/api/admin/mail/summary", auth)).status).toBe(401);
      expect((await post(`/api/admin/mail/${id}/retry`, auth)).status).toBe(401);
    }
    expect(row(id).lastError).toBe("timeout");
    expect(countRows(t, "audit_log")).toBe(0);
  });
});

describe("POST /api/admin/mail/{id}/retry", () => {
  test("a failed message is queued to be sent now, its tries kept, with the audit entry", async () => {
    start();
    const id = message({ subject: "Payment instructions", minutesAgo: 400, attempts: 7, lastError: "connect ECONNREFUSED" });
    const before = Date.now();
    const res = await post(`/api/admin/mail/${id}/retry`);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as AdminMailRow;
    expect(answer).toMatchObject({ id, status: "pending", attempts: 7, lastError: null, retryable: false });
    expect(JSON.stringify(answer)).not.toContain("Private");

    // Without SMTP_URL the worker logs the message as delivered once kicked; read the row before that.
    const r = row(id);
    expect(r.attempts === 7 || r.attempts === 8).toBe(true);
    expect(r.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(r.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    const entries = t.db.select().from(auditLog).all();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminUsername: "owner",
      kind: "mail",
      action: "mail.retry",
      recordId: String(id),
      summary: 'Retried the e-mail "Payment instructions" to client@example.com',
      before: { status: "failed", attempts: 7, lastError: "connect ECONNREFUSED" },
    });
  });

  test("a message marked failed can be retried too", async () => {
    start();
    const id = message({ subject: "given up", minutesAgo: 10, status: "failed", attempts: 4, lastError: "550" });
    expect((await post(`/api/admin/mail/${id}/retry`)).status).toBe(200);
    expect(row(id).status === "pending" || row(id).status === "sent").toBe(true);
  });

  test("409 for a sent message or one queued normally, 404 for an unknown one, 400 for a bad id; nothing changes", async () => {
    start();
    const sent = message({ subject: "sent", minutesAgo: 3, status: "sent", attempts: 1 });
    const queued = message({ subject: "queued", minutesAgo: 2 });
    const sentBefore = row(sent);
    const queuedBefore = row(queued);

    const alreadySent = await post(`/api/admin/mail/${sent}/retry`);
    expect(alreadySent.status).toBe(409);
    expect(await errorOf(alreadySent)).toEqual({ code: "already_sent", message: "This message has already been sent." });
    const alreadyQueued = await post(`/api/admin/mail/${queued}/retry`);
    expect(alreadyQueued.status).toBe(409);
    expect(await errorOf(alreadyQueued)).toEqual({ code: "already_queued", message: "This message is already queued to be sent." });
    const unknown = await post("/api/admin/mail/999999/retry");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe("There is no such message.");
    const bad = await post("/api/admin/mail/abc/retry");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.id).toBe("The message id is a whole number");

    expect(row(sent)).toEqual(sentBefore);
    expect(row(queued)).toEqual(queuedBefore);
    expect(countRows(t, "audit_log")).toBe(0);
  });

  test("the worker delivers a retried message to a real SMTP server", async () => {
    smtp = await startSmtpServer();
    start({ SMTP_URL: smtp.url, MAIL_FROM: "site@example.com" });
    smtp.refusing = true;
    const id = enqueueMail(t.db, { to: "client@example.com", subject: "Your booking", text: "See you on Tuesday." });
    await t.deps.outbox.drain();
    expect(row(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect(row(id).lastError).toContain("Mailbox unavailable");
    expect(row(id).nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(smtp.received).toHaveLength(0);

    smtp.refusing = false;
    expect((await post(`/api/admin/mail/${id}/retry`)).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["client@example.com"]);
    expect(mail?.raw).toContain("See you on Tuesday.");
    await t.deps.outbox.drain();
    expect(row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });
});
