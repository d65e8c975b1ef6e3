/**
 * The case room end to end on a 360 px phone (issue 36, decisions 079-082), in Chromium against the
 * compiled binary with a real SMTP server: the owner uploads a PDF report and a short video to a
 * paid booking from the portal; the client is told by an e-mail that carries nothing of the case
 * (no file name, no message, no service) but a link to the room, opens it from that link, downloads
 * the report byte for byte, plays and scrubs the video (206 answers), writes with a photo attached;
 * the business is told the same content-free way and replies; the client reads the reply; the owner
 * closes the case. A week before the files' deletion the client is warned, and once the retention
 * days have passed the files are gone from the room and from the disk. Another customer who opens
 * the room's address meets the 404 page.
 *
 * The binary has no clock to move: the spec moves the room's closing into the past in the database
 * (the factory `caseClockMovedOn`) while the site is down and starts it again, as the order-expiry
 * spec does; the retention job runs at start like every job. So the spec runs a site of its own.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { adminCaseRoomPath, caseRoomMessages, caseRoomPath } from "../../src/shared/case-room";
import { jpegBytes } from "../helpers/images";
import { pdfBytes, sha256Hex as sha256 } from "../helpers/case-media";
import { startBinary } from "./binary-cli";
import { addAdminCookies, type SiteServer, seed, signInAs, startSite, stopSite } from "./fixtures";
import { axeViolations, islandsHydrated } from "./helpers";
import { expect, type Mailbox, test } from "./mail-fixtures";

const phone = { viewport: { width: 360, height: 740 }, hasTouch: true, bypassCSP: true };
// A control that never becomes actionable fails the step, not the whole spec's time.
test.use({ actionTimeout: 15_000 });
const shots = process.env.SHOTS_DIR;
const business = "owner@example.com";

const bun = join(process.cwd(), "node_modules/.bin/bun");

/** The rows of one read-only query on the site's database (Playwright runs in Node, which has no SQLite). */
function query<T>(site: SiteServer, sql: string): T[] {
  const run = spawnSync(bun, ["tests/helpers/binary-db.ts", "query", join(site.dataDir, "pi-site.db"), sql], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`query failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T[];
}

/** A context of its own at 360 px whose pages fail the test on a console error or an uncaught exception (as the `page` fixture's do). */
async function phoneContext(browser: Browser, site: SiteServer, problems: string[], allow: RegExp[] = []) {
  const context = await browser.newContext({ ...phone, baseURL: site.url, acceptDownloads: true });
  context.on("page", (page) => watch(page, problems, allow));
  return context;
}
function watch(page: Page, problems: string[], allow: RegExp[]) {
  page.on("console", (m) => {
    if (m.type() === "error" && !allow.some((re) => re.test(m.text()))) problems.push(`console.error on ${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`uncaught on ${page.url()}: ${e.message}`));
}

/** The site's mail to `address` whose text links to `link`, parsed (subject decoded, text and HTML parts). */
async function mailsLinking(mailbox: Mailbox, address: string, link: string): Promise<ParsedMail[]> {
  const parsed = await Promise.all(mailbox.to(address).map((m) => simpleParser(m.raw)));
  return parsed.filter((m) => `${m.text ?? ""}${m.html || ""}`.includes(link));
}

/**
 * Waits until `count` messages to `address` link to `link`; if they don't come, fails naming what
 * did come (subjects and links) and what the site logged.
 */
async function mailArrives(mailbox: Mailbox, address: string, link: string, count: number, site: SiteServer, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let found = 0;
  while (Date.now() < deadline) {
    found = (await mailsLinking(mailbox, address, link)).length;
    if (found >= count) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const came = await Promise.all(
    mailbox.to(address).map(async (m) => {
      const parsed = await simpleParser(m.raw);
      return `${parsed.subject} ${(parsed.text ?? "").match(/https?:\/\/\S+/g)?.join(" ") ?? ""}`;
    }),
  );
  expect(found, `${count} mail(s) to ${address} linking ${link}; came:\n${came.join("\n")}\nsite log:\n${site.logs.join("").slice(-3000)}`).toBe(count);
}

/** What a content-free notice must not carry: any of `secrets` in its subject, text or HTML. */
function leaks(mail: ParsedMail, secrets: string[]): string[] {
  const all = `${mail.subject ?? ""}\n${mail.text ?? ""}\n${mail.html || ""}`;
  return secrets.filter((s) => all.toLowerCase().includes(s.toLowerCase()));
}

/**
 * Stops the site, runs `meanwhile` on its data (time passing while it is down) and starts it again
 * on the same data directory and address: the retention job runs at start, as every job does.
 */
async function restartedAfter(site: SiteServer, env: Record<string, string>, meanwhile: () => void): Promise<SiteServer> {
  await stopSite(site, { keepData: true });
  meanwhile();
  const port = Number(new URL(site.url).port);
  const running = await startBinary(site.dataDir, port, { ...env, PUBLIC_URL: site.url });
  return { url: site.url, dataDir: site.dataDir, process: running.process, logs: running.logs };
}

/** A short real MP4 (H.264), recorded from an animated canvas by the browser itself: the machine has no ffmpeg. */
async function recordedMp4(context: BrowserContext): Promise<Uint8Array> {
  const page = await context.newPage();
  await page.setContent('<canvas id="c" width="160" height="120"></canvas>');
  const bytes = await page.evaluate(async () => {
    const canvas = document.getElementById("c") as HTMLCanvasElement;
    const g = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/mp4;codecs=avc1", videoBitsPerSecond: 400_000 });
    const parts: Blob[] = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    let frame = 0;
    const draw = setInterval(() => {
      g.fillStyle = `hsl(${(frame * 12) % 360} 60% 45%)`;
      g.fillRect(0, 0, 160, 120);
      g.fillStyle = "#fff";
      g.fillText(`frame ${frame++}`, 40, 60);
    }, 40);
    recorder.start();
    await new Promise((r) => setTimeout(r, 2000));
    const stopped = new Promise((r) => (recorder.onstop = r));
    recorder.stop();
    await stopped;
    clearInterval(draw);
    return Array.from(new Uint8Array(await new Blob(parts).arrayBuffer()));
  });
  await page.close();
  return new Uint8Array(bytes);
}

test("a case from the first report to its files' deletion, on a phone", async ({ browser, mailbox }) => {
  test.setTimeout(180_000);
  const env = { SMTP_URL: mailbox.url, MAIL_FROM: "site@example.com", BUSINESS_EMAIL: business };
  let site = await startSite(env);
  const problems: string[] = [];
  const contexts: BrowserContext[] = [];
  const files = mkdtempSync(join(tmpdir(), "case-room-e2e-"));
  const open = async (allow: RegExp[] = []) => {
    const context = await phoneContext(browser, site, problems, allow);
    contexts.push(context);
    return context;
  };
  try {
    const stamp = Date.now();
    const email = `case-client-${stamp}@example.com`;
    const client = seed(site, "customerWithBooking", email, { paid: true, time: "free", serviceName: "Infidelity Investigation" });
    const ref = client.reference;
    const roomLink = `${site.url}${caseRoomPath(ref)}`;

    // The evidence: a report whose bytes say which test made it, a two-second video, a photo.
    const report = { name: `surveillance-report-${stamp}.pdf`, bytes: pdfBytes(`Surveillance report ${stamp}`) };
    const ownerContext = await open();
    const video = { name: `vehicle-footage-${stamp}.mp4`, bytes: await recordedMp4(ownerContext) };
    const photo = { name: `parked-car-${stamp}.jpg`, bytes: jpegBytes() };
    for (const f of [report, video, photo]) writeFileSync(join(files, f.name), f.bytes);
    const clientMessage = `I saw the car again on Tuesday ${stamp}`;
    const ownerReply = `Thank you, we will check Tuesday's footage ${stamp}`;
    const secrets = [report.name, video.name, photo.name, clientMessage, ownerReply, "Infidelity", "surveillance-report", "vehicle-footage", "parked-car"];

    // 1. The owner opens the paid booking's case room and uploads the report and the video.
    await signInAsAdmin(ownerContext, site);
    const owner = await ownerContext.newPage();
    await owner.goto(adminCaseRoomPath(ref));
    await islandsHydrated(owner);
    // The uploads start as the files are chosen.
    await owner.getByLabel("Add files").setInputFiles([join(files, report.name), join(files, video.name)]);
    const ownerFiles = owner.getByRole("list", { name: "Files, newest first" });
    for (const f of [report, video]) await expect(ownerFiles.getByRole("link", { name: f.name })).toBeVisible({ timeout: 20_000 });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (shots) await owner.screenshot({ path: `${shots}/G-owner-uploaded-360.png`, fullPage: true });

    // 2. The client is told, with nothing of the case in the e-mail but the link to the room.
    await mailArrives(mailbox, email, roomLink, 1, site);
    const [notice] = await mailsLinking(mailbox, email, roomLink);
    expect(notice?.subject).toBe("There is something new in your case room");
    expect(leaks(notice!, secrets)).toEqual([]);
    expect(notice?.attachments ?? []).toEqual([]);
    const link = /https?:\/\/\S+/.exec(notice?.text ?? "")?.[0] ?? "";
    expect(link).toBe(roomLink);

    // 3. The client opens the room from the e-mail's link: the video's first request is answered in part (206).
    const clientContext = await open();
    await clientContext.addCookies([{ name: "pi_session", value: client.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
    const room = await clientContext.newPage();
    const videoFirst = room.waitForResponse(
      (r) => r.url().includes(`${caseRoomPath(ref)}/files/`) && r.request().resourceType() === "media" && r.status() === 206,
    );
    const redirects: string[] = [];
    room.on("response", (r) => {
      if (r.status() >= 300 && r.status() < 400) redirects.push(r.url());
    });
    await room.goto(link);
    await islandsHydrated(room);
    await expect(room.getByRole("heading", { level: 1 })).toBeVisible();
    const roomFiles = room.getByRole("region", { name: "Files", exact: true });
    await expect(roomFiles.getByRole("link", { name: report.name })).toBeVisible();
    expect(await room.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (shots) await room.screenshot({ path: `${shots}/G-client-room-360.png`, fullPage: true });
    expect(await axeViolations(room)).toEqual([]);

    // The report downloads unchanged: the same SHA-256 as the bytes uploaded.
    const [download] = await Promise.all([room.waitForEvent("download"), roomFiles.getByRole("link", { name: report.name }).click()]);
    expect(download.suggestedFilename()).toBe(report.name);
    expect(sha256(readFileSync(await download.path()))).toBe(sha256(report.bytes));

    // The video plays and scrubs: Range requests answered 206, the bytes the owner uploaded.
    const player = room.getByLabel(`Video: ${video.name}`);
    await expect(player).toHaveCount(1);
    const first = await videoFirst;
    expect(first.headers()["content-range"]).toMatch(new RegExp(`^bytes 0-\\d+/${video.bytes.length}$`));
    await player.scrollIntoViewIfNeeded();
    await player.evaluate(
      (v: HTMLVideoElement) => new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener("loadedmetadata", () => r(null), { once: true }))),
    );
    const seeked = await player.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener("seeked", () => resolve(v.currentTime), { once: true });
          v.currentTime = Math.min(1.2, (Number.isFinite(v.duration) ? v.duration : 2) * 0.6);
        }),
    );
    expect(seeked).toBeGreaterThan(0.5);
    await player.evaluate((v: HTMLVideoElement) =>
      v
        .play()
        .then(() => new Promise((r) => setTimeout(r, 300)))
        .then(() => v.pause()),
    );
    const videoUrl = first.url();
    const middle = await room.evaluate(async (url) => {
      const res = await fetch(url, { headers: { Range: "bytes=1000-4999" } });
      return { status: res.status, range: res.headers.get("content-range"), bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
    }, videoUrl);
    expect(middle.status).toBe(206);
    expect(middle.range).toBe(`bytes 1000-4999/${video.bytes.length}`);
    expect(sha256(new Uint8Array(middle.bytes))).toBe(sha256(video.bytes.slice(1000, 5000)));

    expect(redirects, "the room's links lead straight to their files, never through a redirect").toEqual([]);

    // 4. The client writes with a photo attached.
    await room.getByLabel("Your message").fill(clientMessage);
    await room.getByLabel("Add photos or documents").setInputFiles(join(files, photo.name));
    await room.getByRole("button", { name: "Send message" }).click();
    await expect(room.getByText(clientMessage)).toBeVisible();
    await expect(roomFiles.getByRole("link", { name: photo.name })).toBeVisible({ timeout: 15_000 });
    if (shots) await room.screenshot({ path: `${shots}/G-client-wrote-360.png`, fullPage: true });

    // 5. The business is told at its alert address, as content-free; the owner reads and replies.
    const adminLink = `${site.url}${adminCaseRoomPath(ref)}`;
    await mailArrives(mailbox, business, adminLink, 1, site);
    const [alert] = await mailsLinking(mailbox, business, adminLink);
    expect(alert?.subject).toBe("A client has added something to a case room");
    expect(leaks(alert!, secrets)).toEqual([]);
    expect(alert?.attachments ?? []).toEqual([]);

    await owner.goto(adminCaseRoomPath(ref));
    await islandsHydrated(owner);
    await expect(owner.getByText(clientMessage)).toBeVisible();
    await expect(ownerFiles.getByRole("link", { name: photo.name })).toBeVisible();
    await owner.getByLabel("Reply to the client").fill(ownerReply);
    await owner.getByRole("button", { name: "Send reply" }).click();
    await expect(owner.getByText(ownerReply)).toBeVisible();

    // The client sees the reply (and, having opened the room since, is told of it once more).
    await room.reload();
    await expect(room.getByText(ownerReply)).toBeVisible();
    await mailArrives(mailbox, email, roomLink, 2, site);

    // 6. The owner closes the case; the client's room says so and takes nothing more.
    await owner.getByRole("combobox", { name: "Status" }).selectOption({ label: "Closed" });
    await expect(owner.getByRole("checkbox", { name: /^Tell the client/ })).toBeChecked();
    await owner.getByRole("button", { name: "Update status" }).click();
    // The business may still write in a closed room; the room says when its files go.
    await expect(owner.getByText(/^Closed on .+\. Its files will be deleted on .+/)).toBeVisible();
    if (shots) await owner.screenshot({ path: `${shots}/G-owner-closed-360.png`, fullPage: true });
    // Closing tells the client too (they opened the room since the last notice).
    await mailArrives(mailbox, email, roomLink, 3, site);
    for (const m of await mailsLinking(mailbox, email, roomLink)) expect(leaks(m, secrets)).toEqual([]);
    await room.reload();
    await expect(room.getByText("This case is closed")).toBeVisible();
    await expect(room.getByRole("button", { name: "Send message" })).toHaveCount(0);
    if (shots) await room.screenshot({ path: `${shots}/G-client-closed-360.png`, fullPage: true });

    // 7. Another customer opening the room's address meets the 404 page, with nothing of the case on it.
    const strangerContext = await open([/status of 404/]);
    await signInAs(strangerContext, site, `stranger-${stamp}@example.com`);
    const stranger = await strangerContext.newPage();
    const refused = await stranger.goto(caseRoomPath(ref));
    expect(refused?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    for (const s of [report.name, clientMessage, ownerReply]) await expect(stranger.getByText(s)).toHaveCount(0);
    // Nor do the room's JSON and its files answer them (404, never 403: nothing says the room exists).
    expect((await strangerContext.request.get(`/api/cases/${ref}`)).status()).toBe(404);
    expect((await strangerContext.request.get(videoUrl)).status()).toBe(404);

    // 8. Retention: 84 days after closing (of 90), the client is warned once, the files still there.
    const stored = join(site.dataDir, "case-files");
    expect(readdirSync(stored).length).toBeGreaterThanOrEqual(3);
    const before = mailbox.to(email).length;
    site = await restartedAfter(site, env, () => seed(site, "caseClockMovedOn", ref, 84));
    await expect.poll(() => mailbox.to(email).length, { timeout: 15_000 }).toBe(before + 1);
    const warning = await simpleParser(mailbox.to(email).at(-1)!.raw);
    expect(leaks(warning, secrets)).toEqual([]);
    expect(`${warning.text}`).toContain(roomLink);
    expect(readdirSync(stored).length).toBeGreaterThanOrEqual(3);

    // A week later the files are gone: from the room, and from the disk (the encrypted copies too),
    // their keys with them; the record of what there was (name, size, SHA-256) stays.
    site = await restartedAfter(site, env, () => seed(site, "caseClockMovedOn", ref, 7));
    await expect.poll(() => (existsSync(stored) ? readdirSync(stored) : []), { timeout: 15_000 }).toEqual([]);
    const rows = query<{ status: string; sealed_key: string; sha256: string | null }>(
      site,
      `SELECT f.status, f.sealed_key, f.sha256 FROM case_files f JOIN case_room_bookings b ON b.case_room_id = f.case_room_id JOIN bookings k ON k.id = b.booking_id WHERE k.reference = '${ref}'`,
    );
    expect(rows.map((r) => [r.status, r.sealed_key])).toEqual([
      ["deleted", ""],
      ["deleted", ""],
      ["deleted", ""],
    ]);
    expect(rows.map((r) => r.sha256).sort()).toEqual([report, video, photo].map((f) => sha256(f.bytes)).sort());
    await room.goto(caseRoomPath(ref));
    await expect(room.getByText(caseRoomMessages.filesDeleted).first()).toBeVisible();
    for (const f of [report, video, photo]) await expect(room.getByRole("link", { name: f.name })).toHaveCount(0);
    await expect(room.locator("video")).toHaveCount(0);
    expect([404, 410]).toContain((await clientContext.request.get(videoUrl)).status());
    if (shots) await room.screenshot({ path: `${shots}/G-client-deleted-360.png`, fullPage: true });
    // Nothing more was sent: one warning, and the deletion itself tells no one anything new.
    expect(mailbox.to(email).length).toBe(before + 1);
    expect(problems).toEqual([]);
  } finally {
    for (const c of contexts) await c.close();
    await stopSite(site);
    rmSync(files, { recursive: true, force: true });
  }
});

/** The owner's cookies in `context` (an admin made straight in the database, as the fixtures do). */
async function signInAsAdmin(context: BrowserContext, site: SiteServer) {
  const { token } = seed(site, "adminWithToken", `caseowner${Date.now()}`, null, "owner");
  await addAdminCookies(context, site, token);
}
