import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { caseRoomFor, closeCaseRoom, readyCaseFile, reopenCaseRoom } from "../../tests/helpers/case-rooms-on-disk";
import { pdfBytes } from "../../tests/helpers/case-media";
import { browser, testPassword } from "../../tests/helpers/browser";
import { createTestApp, countRows, type TestApp } from "../../tests/helpers/test-app";
import { customerWithBooking } from "../../tests/factories";
import { auditLog, bookings, caseFiles, caseMessages, caseRooms, outbox, users } from "../db/schema";
import { updateSetting } from "../db/settings.server";
import { caseRoomPath } from "../shared/case-room";
import { isCaseFileHeader } from "./case-files/case-file-crypto.server";
import { caseFilesDir, openCaseFileStream } from "./case-files/case-file-store.server";
import { removeLeftoverCaseFiles, runCaseRetention, startCaseRetention } from "./case-retention.server";
import { JobLease, runJobsUnder } from "./repeating-job.server";
import { takeScheduledBackup } from "./scheduled-backup.server";

const day = 24 * 60 * 60 * 1000;
// 10:00 in Adelaide on Tuesday 1 December 2026: the case closes then.
const closedAt = new Date("2026-11-30T23:30:00Z");
const after = (days: number, ms = 0) => new Date(closedAt.getTime() + days * day + ms);

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const onDisk = () => (existsSync(caseFilesDir(t.dataDir)) ? readdirSync(caseFilesDir(t.dataDir)).sort() : []);
const room = (id: number) => t.db.select().from(caseRooms).where(eq(caseRooms.id, id)).get();
const warnings = (to: string) =>
  t.db
    .select()
    .from(outbox)
    .all()
    .filter((m) => m.to === to && m.subject.startsWith("Files in your case room will be deleted"));

/** A closed room of `email`'s booking with two ready files, encrypted on disk. */
function closedRoomWithFiles(email: string) {
  const client = customerWithBooking(t.db, email, { time: "free" });
  const caseRoomId = caseRoomFor(t.db, client.reference, closedAt);
  const report = readyCaseFile(t.db, t.dataDir, t.deps.secrets, caseRoomId, "report-rundle-mall.pdf", pdfBytes("Surveillance report"));
  const photos = readyCaseFile(t.db, t.dataDir, t.deps.secrets, caseRoomId, "photos-jordan.pdf", pdfBytes("Photos of the meeting"));
  closeCaseRoom(t.db, caseRoomId, closedAt);
  return { ...client, caseRoomId, files: [report, photos] };
}

test("files are destroyed on the day retention says, not a moment before: keys gone, disk empty, the record kept and audited", () => {
  t = createTestApp({ PUBLIC_URL: "https://pi.example" });
  const { caseRoomId, reference, files } = closedRoomWithFiles("ann@example.com");
  expect(onDisk()).toEqual(files.map((f) => f.storageName).sort());

  // The day before (default 90 days): nothing goes.
  expect(runCaseRetention(t.deps, after(90, -1))).toMatchObject({ roomsDeleted: 0, filesDeleted: 0 });
  expect(onDisk()).toHaveLength(2);
  expect(room(caseRoomId)?.filesDeletedAt).toBeNull();

  const now = after(90);
  expect(runCaseRetention(t.deps, now)).toMatchObject({ roomsDeleted: 1, filesDeleted: 2 });
  expect(onDisk()).toEqual([]);
  expect(room(caseRoomId)?.filesDeletedAt).toEqual(now);
  const rows = t.db.select().from(caseFiles).where(eq(caseFiles.caseRoomId, caseRoomId)).all();
  expect(rows.map((r) => ({ name: r.name, size: r.size, sha256: r.sha256, status: r.status, sealedKey: r.sealedKey, deletedAt: r.deletedAt }))).toEqual(
    files.map((f) => ({ name: f.name, size: f.size, sha256: f.sha256, status: "deleted", sealedKey: "", deletedAt: now })),
  );

  const audit = t.db.select().from(auditLog).where(eq(auditLog.kind, "cases")).all();
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ adminId: null, adminUsername: "the site", action: "case.files_deleted", recordId: reference });
  expect(audit[0]?.summary).toBe(`Deleted the 2 files of case ${reference}, 90 days after it closed`);
  // Nothing of what the files were.
  expect(JSON.stringify(audit)).not.toContain("rundle");
  expect(JSON.stringify(audit)).not.toContain("jordan");

  // Another run does nothing more.
  expect(runCaseRetention(t.deps, after(91))).toMatchObject({ roomsDeleted: 0, filesDeleted: 0 });
  expect(t.db.select().from(auditLog).where(eq(auditLog.kind, "cases")).all()).toHaveLength(1);
});

test("the owner's setting decides the day; an open or reopened case keeps its files", () => {
  t = createTestApp();
  expect(updateSetting(t.db, "caseFileRetentionDays", 30)).toEqual({ ok: true });
  const closed = closedRoomWithFiles("bo@example.com");
  const reopened = closedRoomWithFiles("cy@example.com");
  reopenCaseRoom(t.db, reopened.caseRoomId);
  const open = customerWithBooking(t.db, "di@example.com", { time: "free" });
  const openRoom = caseRoomFor(t.db, open.reference);
  const openFile = readyCaseFile(t.db, t.dataDir, t.deps.secrets, openRoom, "open.pdf", pdfBytes());

  expect(runCaseRetention(t.deps, after(29))).toMatchObject({ roomsDeleted: 0 });
  expect(runCaseRetention(t.deps, after(30))).toMatchObject({ roomsDeleted: 1, filesDeleted: 2 });
  expect(room(closed.caseRoomId)?.filesDeletedAt).not.toBeNull();
  expect(room(reopened.caseRoomId)?.filesDeletedAt).toBeNull();
  expect(onDisk()).toEqual([...reopened.files.map((f) => f.storageName), openFile.storageName].sort());
});

test("the client is warned once a week before, with the day and no contents, and again only after another closing", () => {
  t = createTestApp({ PUBLIC_URL: "https://pi.example" });
  const { caseRoomId, reference } = closedRoomWithFiles("ed@example.com");

  expect(runCaseRetention(t.deps, after(83, -1)).warned).toBe(0);
  expect(warnings("ed@example.com")).toEqual([]);
  const warnedAt = after(83);
  expect(runCaseRetention(t.deps, warnedAt).warned).toBe(1);
  // However often the job runs until the day, no second warning.
  for (const at of [after(83, 5 * 60_000), after(85), after(89, day - 1)]) expect(runCaseRetention(t.deps, at).warned).toBe(0);
  const sent = warnings("ed@example.com");
  expect(sent).toHaveLength(1);
  // 90 days after 10:00 on 1 December is 1 March, in Adelaide.
  expect(sent[0]?.subject).toBe("Files in your case room will be deleted on 1 Mar 2027");
  expect(sent[0]?.text).toContain(`https://pi.example${caseRoomPath(reference)}`);
  expect(sent[0]?.text).toContain("Download what you want to keep");
  for (const secret of ["report-rundle-mall", "photos-jordan", "Surveillance", "Discreet Check Up"]) expect(sent[0]?.text).not.toContain(secret);
  expect(room(caseRoomId)?.retentionWarnedAt).toEqual(warnedAt);

  // Reopened and closed again: a new closing, a new warning (and a new day).
  reopenCaseRoom(t.db, caseRoomId);
  const closedAgain = after(100);
  closeCaseRoom(t.db, caseRoomId, closedAgain);
  expect(runCaseRetention(t.deps, new Date(closedAgain.getTime() + 83 * day)).warned).toBe(1);
  expect(warnings("ed@example.com")).toHaveLength(2);
  expect(runCaseRetention(t.deps, new Date(closedAgain.getTime() + 84 * day)).warned).toBe(0);
});

test("no warning to an unconfirmed address, nor for a room without files", () => {
  t = createTestApp();
  const unconfirmed = closedRoomWithFiles("fi@example.com");
  t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unconfirmed.userId)).run();
  const empty = customerWithBooking(t.db, "gu@example.com", { time: "free" });
  const emptyRoom = caseRoomFor(t.db, empty.reference);
  closeCaseRoom(t.db, emptyRoom, closedAt);
  expect(runCaseRetention(t.deps, after(84)).warned).toBe(0);
  expect(t.db.select().from(outbox).all()).toEqual([]);
  expect(room(unconfirmed.caseRoomId)?.retentionWarnedAt).toBeNull();
  // On the day both are done with all the same; the empty room is marked so nothing is added to it later.
  expect(runCaseRetention(t.deps, after(90))).toMatchObject({ roomsDeleted: 2, filesDeleted: 2 });
  expect(room(emptyRoom)?.filesDeletedAt).toEqual(after(90));
});

test("files no row keeps are removed once an hour old; kept files and fresh ones stay", () => {
  t = createTestApp();
  const { files } = closedRoomWithFiles("ha@example.com");
  const dir = caseFilesDir(t.dataDir);
  writeFileSync(join(dir, "left-behind"), "x");
  writeFileSync(join(dir, "left-behind-too.part"), "x");
  writeFileSync(join(dir, "just-now"), "x");
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
  for (const name of ["left-behind", "left-behind-too.part", files[0]?.storageName ?? ""]) utimesSync(join(dir, name), old, old);
  expect(removeLeftoverCaseFiles(t.deps)).toBe(2);
  expect(onDisk()).toEqual([...files.map((f) => f.storageName), "just-now"].sort());
});

test("deleting the account deletes the client's rooms, every row and every file", async () => {
  t = createTestApp();
  const ann = browser(t);
  const userId = await ann.signUp();
  t.db
    .insert(bookings)
    .values({
      userId,
      reference: "BK-GONE-7777",
      serviceName: "Partner Check",
      servicePrice: "148.00",
      appointmentDate: "2026-03-01",
      appointmentTime: "10:00",
      status: "completed",
    })
    .run();
  const caseRoomId = caseRoomFor(t.db, "BK-GONE-7777");
  t.db.insert(caseMessages).values({ caseRoomId, side: "client", body: "Here are the receipts." }).run();
  readyCaseFile(t.db, t.dataDir, t.deps.secrets, caseRoomId, "receipts.pdf", pdfBytes("Receipts"));
  readyCaseFile(t.db, t.dataDir, t.deps.secrets, caseRoomId, "report.pdf", pdfBytes("Report"));
  expect(onDisk()).toHaveLength(2);

  const res = await ann.post("/account/delete", { currentPassword: testPassword, confirm: "DELETE" });
  expect(res.status).toBe(303);
  expect(countRows(t, "users")).toBe(0);
  for (const table of ["case_rooms", "case_room_bookings", "case_updates", "case_messages", "case_files", "case_downloads"])
    expect({ table, rows: countRows(t, table) }).toEqual({ table, rows: 0 });
  expect(onDisk()).toEqual([]);
  // The booking itself is the business's record (decision 066).
  expect(countRows(t, "bookings")).toBe(1);
});

test("each ready file goes to the off-site command once, as its encrypted bytes, after the backup", async () => {
  // The remote: a data directory of its own, as the restore drill puts the files back into one.
  const remote = mkdtempSync(join(tmpdir(), "pi-site-offsite-"));
  const dest = caseFilesDir(remote);
  mkdirSync(dest);
  t = createTestApp({ BACKUP_COMMAND: `sh -c 'cp "$1" "$2"/ && basename "$1" >> "$2"/handed' sh {file} ${dest}` });
  const { files } = closedRoomWithFiles("jo@example.com");
  const handed = () => readFileSync(join(dest, "handed"), "utf8").trim().split("\n");

  const first = await takeScheduledBackup(t.deps, new Date("2026-12-02T16:30:00Z"));
  expect(first).toMatchObject({ ok: true, failedStep: null });
  const caseNames = files.map((f) => f.storageName).sort();
  expect(
    handed()
      .filter((n) => !n.endsWith(".db"))
      .sort(),
  ).toEqual(caseNames);
  for (const file of files) {
    const copy = readFileSync(join(dest, file.storageName));
    // The copy is the sealed file, not the PDF: no PDF header, none of its words, and the store's own header.
    expect(isCaseFileHeader(copy)).toBe(true);
    expect(copy.includes(Buffer.from("%PDF"))).toBe(false);
    expect(copy.includes(Buffer.from("Surveillance report"))).toBe(false);
    expect(copy.equals(readFileSync(join(caseFilesDir(t.dataDir), file.storageName)))).toBe(true);
  }
  expect(
    t.db
      .select({ at: caseFiles.offsiteAt })
      .from(caseFiles)
      .all()
      .every((r) => r.at !== null),
  ).toBe(true);

  // The next backup hands the database again, and a new file, but never the same file twice.
  const later = readyCaseFile(t.db, t.dataDir, t.deps.secrets, files[0]?.caseRoomId ?? 0, "later.pdf", pdfBytes("Later"));
  expect(await takeScheduledBackup(t.deps, new Date("2026-12-03T16:30:00Z"))).toMatchObject({ ok: true });
  expect(
    handed()
      .filter((n) => !n.endsWith(".db"))
      .sort(),
  ).toEqual([...caseNames, later.storageName].sort());
  expect(handed().filter((n) => n.endsWith(".db"))).toHaveLength(2);

  // What went off-site reads back, with the database's sealed key and the data directory's secret.
  const restored = Buffer.from(await new Response(openCaseFileStream(remote, t.deps.secrets, later)).arrayBuffer());
  expect(restored.equals(Buffer.from(pdfBytes("Later")))).toBe(true);
  rmSync(remote, { recursive: true, force: true });
});

test("a file the off-site command fails on fails the run and waits for the next one", async () => {
  t = createTestApp({ BACKUP_COMMAND: `sh -c 'case "$1" in *.db) exit 0;; *) echo "remote full" >&2; exit 3;; esac' sh {file}` });
  closedRoomWithFiles("ka@example.com");
  const run = await takeScheduledBackup(t.deps, new Date("2026-12-02T16:30:00Z"));
  expect(run).toMatchObject({ ok: false, failedStep: "command" });
  expect(run.message).toContain("remote full");
  expect(t.db.select({ at: caseFiles.offsiteAt }).from(caseFiles).all()).toEqual([{ at: null }, { at: null }]);
});

test("under the job lease, two instances on one database warn once and delete once, with the clock moved on", async () => {
  t = createTestApp();
  const { caseRoomId, files } = closedRoomWithFiles("lu@example.com");
  const holder = new JobLease(t.db).start();
  const waiting = new JobLease(t.db).start();
  expect([holder.held(), waiting.held()]).toEqual([true, false]);
  /** Both instances start the job, as two binaries do at start-up, and each finishes its run. */
  const bothStart = async () => {
    for (const lease of [waiting, holder, waiting]) {
      runJobsUnder(lease);
      await startCaseRetention(t.deps)();
    }
    runJobsUnder(null);
  };
  try {
    // A week before the day: the case closed 83 days ago.
    const moved = (daysAgo: number) => closeCaseRoom(t.db, caseRoomId, new Date(Date.now() - daysAgo * day));
    moved(83);
    // The instance waiting for the lease does nothing at all.
    runJobsUnder(waiting);
    await startCaseRetention(t.deps)();
    runJobsUnder(null);
    expect(warnings("lu@example.com")).toHaveLength(0);
    await bothStart();
    await bothStart();
    expect(warnings("lu@example.com")).toHaveLength(1);
    expect(onDisk()).toHaveLength(2);
    // The day itself: closed 90 days ago (closing again resets the warning, so a second one is owed).
    moved(90);
    t.db.update(caseRooms).set({ retentionWarnedAt: new Date() }).where(eq(caseRooms.id, caseRoomId)).run();
    await bothStart();
    await bothStart();
    expect(onDisk()).toEqual([]);
    expect(t.db.select().from(auditLog).where(eq(auditLog.action, "case.files_deleted")).all()).toHaveLength(1);
    expect(t.db.select({ status: caseFiles.status }).from(caseFiles).all()).toEqual(files.map(() => ({ status: "deleted" as const })));
    expect(warnings("lu@example.com")).toHaveLength(1);
  } finally {
    runJobsUnder(null);
    waiting.stop();
    holder.stop();
  }
});
