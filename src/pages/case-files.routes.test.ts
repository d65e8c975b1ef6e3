/**
 * The client's downloads from their case room (decision 081): only the room's client gets a file,
 * whole or one span, with headers no name can break and nothing cached or sniffed; a file altered
 * on disk is cut off, never answered whole; the zip holds every ready file once by name; each
 * download is logged per sitting; and a sign-in over an hour old must first show it is still them,
 * by password (a counted guess) or by a code e-mailed through the outbox.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { closeSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { adminWithToken, customerWithBooking, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { patternedBytes, readyCaseFile } from "../../tests/helpers/case-files";
import { smtpPerFile } from "../../tests/helpers/smtp-per-file";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { caseDownloads, caseFiles, sessions, users } from "../db/schema";
import { hashPassword } from "../server/auth/crypto.server";
import { caseFilesDir } from "../server/case-files/case-file-store.server";
import { segmentBytes, segmentPosition } from "../server/case-files/case-file-crypto.server";
import { caseFilePath, caseZipPath, identityCheckMessages } from "../shared/case-room";

/** What the test reads of a zip with `unzipper` (a dev dependency without its own types). */
type ZipDirectory = { files: { path: string; buffer: () => Promise<Buffer> }[] };
const unzipper = require("unzipper") as { Open: { buffer: (zip: Buffer) => Promise<ZipDirectory> } };

const mail = smtpPerFile();
let t: TestApp;
beforeEach(() => {
  t = createTestApp({ SMTP_URL: mail.server.url, MAIL_FROM: "Site <site@example.com>" });
});
afterEach(async () => {
  await t.close();
});

/** 200 KB: four segments, so a span can cross a 64 KiB boundary. */
const size = 200_000;

/** Ann, her booking, and a ready file in its room (added by the business). */
function annWithFile(opts: { name?: string; bytes?: Uint8Array<ArrayBuffer> } = {}) {
  const ann = customerWithBooking(t.db, "ann@example.com");
  const bytes = opts.bytes ?? patternedBytes(size);
  const file = readyCaseFile(t, ann.reference, bytes, { name: opts.name });
  return { ann, bytes, file, path: caseFilePath(ann.reference, file.id).toLowerCase() };
}

const get = (path: string, cookie: string | null, headers: Record<string, string> = {}, method = "GET") =>
  t.request(path, { method, headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  t.request(path, {
    method: "POST",
    headers: { Cookie: cookie, Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const bodyOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/** Makes every session of the test begin `minutes` ago (no confirmation since). */
function signedInMinutesAgo(minutes: number) {
  const at = Date.now() - minutes * 60_000;
  t.db
    .update(sessions)
    .set({ sess: sql`json_remove(json_set(${sessions.sess}, '$.createdAt', ${at}), '$.confirmedAt')` })
    .run();
}

const logRows = () => t.db.select().from(caseDownloads).all();

/** Flips one stored byte of a case file, as a disk fault or a tamperer would. */
function flipByteAt(storageName: string, at: number) {
  const fd = openSync(join(caseFilesDir(t.dataDir), storageName), "r+");
  const one = Buffer.alloc(1);
  readSync(fd, one, 0, 1, at);
  writeSync(fd, Buffer.from([(one[0] ?? 0) ^ 0xff]), 0, 1, at);
  closeSync(fd);
}

describe("a file, whole or in part", () => {
  test("the room's client gets the whole file with its type, length, a safe name, no caching, no sniffing and its SHA-256 as ETag", async () => {
    const { ann, bytes, file, path } = annWithFile();
    const res = await get(path, ann.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(size));
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("etag")).toBe(`"${file.sha256}"`);
    expect(await bodyOf(res)).toEqual(bytes);
  });

  test("a Range answers 206 with just those bytes: the first ones, a middle span across a 64 KiB boundary, a suffix, an open end", async () => {
    const { ann, bytes, path } = annWithFile();
    const cases: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      [`bytes=${segmentBytes - 100}-${segmentBytes + 99}`, segmentBytes - 100, segmentBytes + 99],
      ["bytes=-500", size - 500, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      // An end past the file stops at its last byte.
      [`bytes=${size - 5}-${size + 1000}`, size - 5, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(path, ann.cookie, { Range: range });
      expect({ range, status: res.status }).toEqual({ range, status: 206 });
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await bodyOf(res)).toEqual(bytes.subarray(start, end + 1));
    }
  });

  test("a Range past the end is 416 naming the size; several spans get the whole file", async () => {
    const { ann, bytes, path } = annWithFile();
    const past = await get(path, ann.cookie, { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
    const several = await get(path, ann.cookie, { Range: "bytes=0-9,100-109" });
    expect(several.status).toBe(200);
    expect(await bodyOf(several)).toEqual(bytes);
  });

  test("HEAD answers the headers without the bytes and is not logged", async () => {
    const { ann, path } = annWithFile();
    const res = await get(path, ann.cookie, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(size));
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    expect(logRows()).toHaveLength(0);
  });

  test("a name with quotes, line breaks and other scripts gives a header that cannot be broken, and the real name in filename*", async () => {
    const name = 'Ann\'s "final"\r\nX-Injected: yes résumé 报告.pdf';
    const { ann, path } = annWithFile({ name });
    const res = await get(path, ann.cookie);
    expect(res.status).toBe(200);
    const header = res.headers.get("content-disposition") ?? "";
    expect(res.headers.get("x-injected")).toBeNull();
    expect(header).not.toMatch(/[\r\n]/);
    const plain = /filename="([^"]*)"/.exec(header)?.[1] ?? "";
    expect(plain).toMatch(/^[\x20-\x7e]+$/);
    expect(plain).not.toContain('"');
    expect(plain).toEndWith(".pdf");
    expect(plain).toContain("resume");
    const encoded = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? "";
    expect(decodeURIComponent(encoded)).toBe('Ann\'s "final"X-Injected: yes résumé 报告.pdf');
    await res.arrayBuffer();
  });

  test("bytes altered on disk past the first megabyte: the answer is cut off with an error, never a complete body of the right length", async () => {
    // 1.2 MB: more segments than the first read takes, so the answer has begun when the altered one is reached.
    const { ann, file, path } = annWithFile({ bytes: patternedBytes(1_200_000) });
    flipByteAt(file.storageName, segmentPosition(17) + 100);
    const res = await get(path, ann.cookie);
    expect(res.status).toBe(200);
    let received: Uint8Array | null = null;
    let failed = false;
    try {
      received = await bodyOf(res);
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
    expect(received).toBeNull();
    // Over a real connection the same: the client's read fails, it never holds a complete 200 body.
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => t.app.fetch(req, srv) });
    try {
      const overNet = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { Cookie: ann.cookie, Host: "localhost" } });
      expect(overNet.status).toBe(200);
      let netFailed = false;
      try {
        await overNet.arrayBuffer();
      } catch {
        netFailed = true;
      }
      expect(netFailed).toBe(true);
    } finally {
      server.stop(true);
    }
    // A span that covers only untouched segments still reads.
    const first = await get(path, ann.cookie, { Range: "bytes=0-999" });
    expect(first.status).toBe(206);
    expect((await bodyOf(first)).length).toBe(1000);
  });

  test("a file altered at its start, or missing on disk: an error answer (500) before any byte, and no download logged", async () => {
    const { ann, file, path } = annWithFile();
    flipByteAt(file.storageName, segmentPosition(0) + 5);
    const altered = await get(path, ann.cookie);
    expect(altered.status).toBe(500);
    expect(altered.headers.get("content-disposition")).toBeNull();
    await altered.arrayBuffer();
    rmSync(join(caseFilesDir(t.dataDir), file.storageName));
    const missing = await get(path, ann.cookie);
    expect(missing.status).toBe(500);
    await missing.arrayBuffer();
    expect(logRows()).toHaveLength(0);
  });
});

describe("who gets a file", () => {
  test("another customer, an unknown file, a file still uploading: the site's 404; signed out: the sign-in notice (401)", async () => {
    const { ann, file, path } = annWithFile();
    const bob = customerWithSession(t.db, "bob@example.com");
    const other = await get(path, bob.cookie);
    expect(other.status).toBe(404);
    expect(other.headers.get("content-disposition")).toBeNull();
    expect((await get(caseFilePath(ann.reference, file.id + 1).toLowerCase(), ann.cookie)).status).toBe(404);
    t.db.update(caseFiles).set({ status: "uploading" }).where(eq(caseFiles.id, file.id)).run();
    expect((await get(path, ann.cookie)).status).toBe(404);
    t.db.update(caseFiles).set({ status: "ready" }).where(eq(caseFiles.id, file.id)).run();
    const out = await get(path, null);
    expect(out.status).toBe(401);
    expect(out.headers.get("content-disposition")).toBeNull();
    expect(await out.text()).toContain(`/login?returnTo=${encodeURIComponent(path)}`);
    expect(logRows()).toHaveLength(0);
  });

  test("an admin's token is no customer: the customer's download route does not take it", async () => {
    const { path } = annWithFile();
    const owner = adminWithToken(t.db, "owner");
    const res = await get(path, null, { Authorization: owner.authorization });
    expect(res.status).toBe(401);
  });
});

describe("the download log", () => {
  test("a video scrubbed (many Range requests within ten minutes) is one row counting each request; after ten quiet minutes a new row", async () => {
    const { ann, file, path } = annWithFile();
    t.setIp("198.51.100.7");
    for (const range of ["bytes=0-", "bytes=100000-", "bytes=50000-60000", "bytes=-100"]) await (await get(path, ann.cookie, { Range: range })).arrayBuffer();
    expect(logRows()).toEqual([
      expect.objectContaining({
        fileId: file.id,
        fileName: "report.pdf",
        side: "client",
        userId: ann.userId,
        adminId: null,
        viewerName: "ann",
        ip: "198.51.100.7",
        requests: 4,
      }),
    ]);
    const row = logRows()[0]!;
    expect(row.lastAt.getTime()).toBeGreaterThanOrEqual(row.firstAt.getTime());
    // Eleven minutes later: a new sitting.
    t.db
      .update(caseDownloads)
      .set({ lastAt: new Date(Date.now() - 11 * 60_000), firstAt: new Date(Date.now() - 12 * 60_000) })
      .run();
    await (await get(path, ann.cookie)).arrayBuffer();
    expect(logRows().map((r) => r.requests)).toEqual([4, 1]);
  });
});

describe("the zip of every file", () => {
  test("every ready file once by name (a second report.pdf renamed), streamed as case-<ref>.zip, logged as one download of no single file", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const a = patternedBytes(size, 1);
    const b = patternedBytes(70_000, 2);
    const c = patternedBytes(1_000, 3);
    readyCaseFile(t, ann.reference, a, { name: "report.pdf" });
    readyCaseFile(t, ann.reference, b, { name: "report.pdf" });
    readyCaseFile(t, ann.reference, c, { name: "photo.jpg", contentType: "image/jpeg" });
    const res = await get(caseZipPath(ann.reference).toLowerCase(), ann.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toStartWith(`attachment; filename="case-${ann.reference}.zip"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const zipped = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(zipped.length));
    const directory = await unzipper.Open.buffer(zipped);
    const entries = Object.fromEntries(await Promise.all(directory.files.map(async (f) => [f.path, new Uint8Array(await f.buffer())] as const)));
    expect(Object.keys(entries).sort()).toEqual(["photo.jpg", "report (2).pdf", "report.pdf"]);
    expect(entries["report.pdf"]).toEqual(a);
    expect(entries["report (2).pdf"]).toEqual(b);
    expect(entries["photo.jpg"]).toEqual(c);
    expect(logRows()).toEqual([expect.objectContaining({ fileId: null, side: "client", requests: 1 })]);
  });

  test("another customer's zip, a room with no files: 404", async () => {
    const { ann } = annWithFile();
    const bob = customerWithBooking(t.db, "bob@example.com", { time: "free" });
    expect((await get(caseZipPath(ann.reference).toLowerCase(), bob.cookie)).status).toBe(404);
    expect((await get(caseZipPath(bob.reference).toLowerCase(), bob.cookie)).status).toBe(404);
  });
});

describe("a download on a sign-in over an hour old", () => {
  const confirmPath = (path: string) => `/cases/confirm?returnTo=${encodeURIComponent(path)}`;

  async function withPassword(password: string) {
    const found = annWithFile();
    t.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, found.ann.userId))
      .run();
    return found;
  }

  test("a fresh sign-in downloads at once; an hour and more later the download goes to the identity check, and the zip too", async () => {
    const { ann, path } = annWithFile();
    signedInMinutesAgo(59);
    const fresh = await get(path, ann.cookie);
    expect(fresh.status).toBe(200);
    await fresh.arrayBuffer();
    signedInMinutesAgo(61);
    const res = await get(path, ann.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(confirmPath(path));
    const zip = await get(caseZipPath(ann.reference).toLowerCase(), ann.cookie);
    expect(zip.status).toBe(303);
    expect(logRows()).toHaveLength(1);
  });

  test("the right password confirms and goes back to the file, which then downloads", async () => {
    const { ann, bytes, path } = await withPassword("correct horse battery");
    signedInMinutesAgo(120);
    const page = await get(confirmPath(path), ann.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`action="/cases/confirm/password"`);
    expect(html).toContain(`name="returnTo" value="${path}"`);
    const confirmed = await post("/cases/confirm/password", ann.cookie, { password: "correct horse battery", returnTo: path });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(path);
    const res = await get(path, ann.cookie);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual(bytes);
  });

  test("a wrong password is refused under its field and counted as a sign-in guess: past the limit even the right one waits", async () => {
    const { ann, path } = await withPassword("correct horse battery");
    signedInMinutesAgo(120);
    const wrong = await post("/cases/confirm/password", ann.cookie, { password: "nope", returnTo: path });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(identityCheckMessages.wrongPassword);
    for (let i = 0; i < 9; i++) await post("/cases/confirm/password", ann.cookie, { password: "nope", returnTo: path });
    const limited = await post("/cases/confirm/password", ann.cookie, { password: "correct horse battery", returnTo: path });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();
    expect((await get(path, ann.cookie)).status).toBe(303);
  });

  test("a returnTo off the site goes to the dashboard instead", async () => {
    const { ann } = await withPassword("correct horse battery");
    signedInMinutesAgo(120);
    const res = await post("/cases/confirm/password", ann.cookie, { password: "correct horse battery", returnTo: "//evil.example/x" });
    expect(res.headers.get("location")).toBe("/dashboard");
  });

  test("a code by e-mail (for an account without a password): sent through SMTP saying nothing of the case, it confirms once", async () => {
    const { ann, bytes, path } = annWithFile();
    signedInMinutesAgo(120);
    const page = await (await get(confirmPath(path), ann.cookie)).text();
    // A Google account has no password to give: only the code is offered.
    expect(page).not.toContain(`action="/cases/confirm/password"`);
    expect(page).toContain("E-mail Me a Code");
    const noPassword = await post("/cases/confirm/password", ann.cookie, { password: "anything", returnTo: path });
    expect(noPassword.status).toBe(400);

    const sent = await post("/cases/confirm/send-code", ann.cookie, { returnTo: path });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`${confirmPath(path)}&code=sent`);
    const withField = await (await get(sent.headers.get("location") ?? "", ann.cookie)).text();
    expect(withField).toContain('autoComplete="one-time-code"');
    expect(withField).toContain(identityCheckMessages.codeSent);
    await t.deps.outbox.drain();
    const [received] = await mail.server.waitFor(1, 10_000);
    expect(received?.to).toEqual(["ann@example.com"]);
    const message = await simpleParser(received?.raw ?? "");
    expect(message.subject).toBe("Your confirmation code");
    expect(message.text ?? "").not.toMatch(/case|file|report|download|BK-/i);
    const code = /\b(\d{6})\b/.exec(message.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    // The code is kept hashed, never as it was sent.
    const stored = JSON.stringify(t.db.select({ sess: sessions.sess }).from(sessions).all());
    expect(stored).not.toContain(code);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await post("/cases/confirm/code", ann.cookie, { code: wrongCode, returnTo: path });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(identityCheckMessages.wrongCode);
    const confirmed = await post("/cases/confirm/code", ann.cookie, { code, returnTo: path });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(path);
    expect(await bodyOf(await get(path, ann.cookie))).toEqual(bytes);
    // Used once: the same code again is refused.
    const again = await post("/cases/confirm/code", ann.cookie, { code, returnTo: path });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(identityCheckMessages.codeSpent);
  });

  test("an expired code is refused, and five wrong guesses use a code up", async () => {
    const { ann, path } = annWithFile();
    signedInMinutesAgo(120);
    await post("/cases/confirm/send-code", ann.cookie, { returnTo: path });
    await t.deps.outbox.drain();
    const [received] = await mail.server.waitFor(1, 10_000);
    const code = /\b(\d{6})\b/.exec((await simpleParser(received?.raw ?? "")).text ?? "")?.[1] ?? "";
    t.db
      .update(sessions)
      .set({ sess: sql`json_set(${sessions.sess}, '$.identityCode.expiresAt', ${Date.now() - 1})` })
      .run();
    const expired = await post("/cases/confirm/code", ann.cookie, { code, returnTo: path });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain(identityCheckMessages.codeSpent);
    expect((await get(path, ann.cookie)).status).toBe(303);

    await post("/cases/confirm/send-code", ann.cookie, { returnTo: path });
    await t.deps.outbox.drain();
    const [, second] = await mail.server.waitFor(2, 10_000);
    const fresh = /\b(\d{6})\b/.exec((await simpleParser(second?.raw ?? "")).text ?? "")?.[1] ?? "";
    const wrongCode = fresh === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await post("/cases/confirm/code", ann.cookie, { code: wrongCode, returnTo: path });
    const tooLate = await post("/cases/confirm/code", ann.cookie, { code: fresh, returnTo: path });
    expect(tooLate.status).toBe(400);
    expect(await tooLate.text()).toContain(identityCheckMessages.codeSpent);
  });

  test("codes are limited: the fourth in an hour is refused under the button", async () => {
    const { ann, path } = annWithFile();
    signedInMinutesAgo(120);
    for (let i = 0; i < 3; i++) expect((await post("/cases/confirm/send-code", ann.cookie, { returnTo: path })).status).toBe(303);
    const fourth = await post("/cases/confirm/send-code", ann.cookie, { returnTo: path });
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toContain(identityCheckMessages.tooManyCodes);
    expect(countRows(t, "outbox")).toBe(3);
  });

  test("the check's page signed out is the sign-in notice; with a recent sign-in it goes straight back", async () => {
    const { ann, path } = annWithFile();
    expect((await get(confirmPath(path), null)).status).toBe(401);
    const straight = await get(confirmPath(path), ann.cookie);
    expect(straight.status).toBe(303);
    expect(straight.headers.get("location")).toBe(path);
  });
});
