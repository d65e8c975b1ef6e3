import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { caseRoomFor, readyCaseFile } from "../../tests/helpers/case-rooms-on-disk";
import { pdfBytes } from "../../tests/helpers/case-media";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { customerWithBooking } from "../../tests/factories";
import { immediate } from "../db/client.server";
import { caseMessages, caseRooms, outbox, users } from "../db/schema";
import { updateSetting } from "../db/settings.server";
import { adminCaseRoomPath, caseRoomPath } from "../shared/case-room";
import { notifyCaseRoom } from "./case-room-mail.server";

const owner = "owner@adelaide-discreet.com.au";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeEach(async () => {
  smtp = await startSmtpServer();
  t = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: owner, PUBLIC_URL: "https://pi.example" });
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

const notify = (caseRoomId: number, side: "client" | "business", now = new Date()) => immediate(t.db, () => notifyCaseRoom(t.db, caseRoomId, side, now));
const mailTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).all();
const seen = (caseRoomId: number, side: "client" | "business", at: Date) =>
  t.db
    .update(caseRooms)
    .set(side === "client" ? { clientSeenAt: at } : { businessSeenAt: at })
    .where(eq(caseRooms.id, caseRoomId))
    .run();

/** A client's room with a message and a file whose words must never reach an inbox. */
function roomWithSecrets(email: string) {
  const client = customerWithBooking(t.db, email);
  const caseRoomId = caseRoomFor(t.db, client.reference);
  t.db.insert(caseMessages).values({ caseRoomId, side: "business", adminUsername: "owner", body: "The subject met Jordan at the Rundle Mall car park." }).run();
  readyCaseFile(t.db, t.dataDir, t.deps.secrets, caseRoomId, "rundle-mall-photos.pdf", pdfBytes("Surveillance report"));
  return { ...client, caseRoomId };
}

test("the client is told once until they open the room, then once again", () => {
  const { caseRoomId, reference } = roomWithSecrets("ann@example.com");
  const t0 = new Date("2026-12-01T00:00:00Z");
  expect(notify(caseRoomId, "client", t0)).toBe(true);
  expect(notify(caseRoomId, "client", new Date(t0.getTime() + 60_000))).toBe(false);
  expect(notify(caseRoomId, "client", new Date(t0.getTime() + 120_000))).toBe(false);
  expect(mailTo("ann@example.com")).toHaveLength(1);
  const [mail] = mailTo("ann@example.com");
  expect(mail?.subject).toBe("There is something new in your case room");
  expect(mail?.text).toContain(`https://pi.example${caseRoomPath(reference)}`);

  // Opened before the notice: still unseen, so still nothing more.
  seen(caseRoomId, "client", new Date(t0.getTime() - 1000));
  expect(notify(caseRoomId, "client", new Date(t0.getTime() + 180_000))).toBe(false);
  // Opened since: the next new thing is told.
  seen(caseRoomId, "client", new Date(t0.getTime() + 200_000));
  expect(notify(caseRoomId, "client", new Date(t0.getTime() + 300_000))).toBe(true);
  expect(mailTo("ann@example.com")).toHaveLength(2);
  expect(t.db.select({ at: caseRooms.clientNotifiedAt }).from(caseRooms).where(eq(caseRooms.id, caseRoomId)).get()?.at).toEqual(
    new Date(t0.getTime() + 300_000),
  );
});

test("nothing goes to an address the client never confirmed, and they are told once they confirm it", () => {
  const { caseRoomId, userId } = roomWithSecrets("bo@example.com");
  t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId)).run();
  expect(notify(caseRoomId, "client")).toBe(false);
  expect(mailTo("bo@example.com")).toEqual([]);
  expect(t.db.select({ at: caseRooms.clientNotifiedAt }).from(caseRooms).where(eq(caseRooms.id, caseRoomId)).get()?.at).toBeNull();
  t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId)).run();
  expect(notify(caseRoomId, "client")).toBe(true);
  expect(mailTo("bo@example.com")).toHaveLength(1);
});

test("beyond the address's hourly limit the notice waits its turn rather than being refused", () => {
  const { caseRoomId } = roomWithSecrets("cy@example.com");
  updateSetting(t.db, "customerMailPerHour", 1);
  const now = new Date();
  t.db.insert(outbox).values({ to: "cy@example.com", subject: "Reset your password", text: "x", recipientLimited: true, createdAt: now }).run();
  expect(notify(caseRoomId, "client", now)).toBe(true);
  const held = mailTo("cy@example.com").find((m) => m.subject === "There is something new in your case room");
  expect(held?.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime() + 59 * 60_000);
});

test("the business is told once per room until someone opens it, at its alert address, and not at all with the alert off", () => {
  const { caseRoomId, reference } = roomWithSecrets("di@example.com");
  expect(notify(caseRoomId, "business")).toBe(true);
  expect(notify(caseRoomId, "business")).toBe(false);
  const alerts = mailTo(owner);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]?.subject).toBe("A client has added something to a case room");
  expect(alerts[0]?.text).toContain(`https://pi.example${adminCaseRoomPath(reference)}`);
  // The client's side is its own: telling the business told the client nothing.
  expect(mailTo("di@example.com")).toEqual([]);

  seen(caseRoomId, "business", new Date(Date.now() + 1000));
  expect(updateSetting(t.db, "alertCaseRoomActivity", false)).toEqual({ ok: true });
  expect(notify(caseRoomId, "business", new Date(Date.now() + 2000))).toBe(false);
  expect(mailTo(owner)).toHaveLength(1);
});

test("through a real SMTP server, both notices carry a link to the room and nothing of the case", async () => {
  const { caseRoomId, reference } = roomWithSecrets("ed@example.com");
  notify(caseRoomId, "client");
  notify(caseRoomId, "business");
  await t.deps.outbox.drain();
  const received = await smtp.waitFor(2);
  for (const raw of received.map((m) => m.raw)) {
    const mail = await simpleParser(raw);
    const everything = [mail.subject ?? "", mail.text ?? "", typeof mail.html === "string" ? mail.html : ""].join("\n");
    expect(mail.attachments).toEqual([]);
    for (const secret of ["rundle-mall", "Rundle Mall", "Jordan", "Surveillance", "Discreet Check Up", "investigat", ".pdf"])
      expect({ secret, found: everything.includes(secret) }).toEqual({ secret, found: false });
    expect(everything.toLowerCase()).toContain(reference.toLowerCase());
  }
  const subjects = await Promise.all(received.map(async (m) => (await simpleParser(m.raw)).subject));
  expect(subjects.sort()).toEqual(["A client has added something to a case room", "There is something new in your case room"]);
});
