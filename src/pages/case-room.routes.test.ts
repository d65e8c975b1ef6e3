/**
 * The client's case room page (/cases/{ref}) and its plain message form: the client sees their room
 * (bookings, progress with notes, files, messages) and opening it marks it seen; another customer and
 * a malformed reference get the 404 page, a signed-out visitor the way to sign in and back; a closed
 * room says so and when its files go, and takes no message; the form with JavaScript off sends a
 * message through the same action as the JSON route, and a refusal keeps what was typed with the
 * reason under the field, the database unchanged. The dashboard and the booking's page lead here.
 */
import { describe, expect, test } from "bun:test";
import { caseMessageOf, caseRoomOf, caseUpdateOf, customerWithBooking, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { patternedBytes, readyCaseFile } from "../../tests/helpers/case-files";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { sql } from "drizzle-orm";
import { sessions } from "../db/schema";
import { bookingPagePath } from "../domain/booking";
import { formatInstant, formatInstantDate } from "../domain/format";
import { caseFilePath, caseRoomMessages, caseZipPath, maxCaseMessageLength } from "../shared/case-room";
import { defaultSettings } from "../shared/settings";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

const roomPath = (reference: string) => `/cases/${reference.toLowerCase()}`;
const open = (reference: string, cookie?: string) => t.request(roomPath(reference), { headers: cookie ? { Cookie: cookie } : {} });
const post = (reference: string, cookie: string | null, fields: Record<string, string>) =>
  t.request(`${roomPath(reference)}/messages`, {
    method: "POST",
    headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const messagesIn = () => (t.db.$client.query("SELECT count(*) AS n FROM case_messages").get() as { n: number }).n;
const roomRow = (reference: string) =>
  t.db.$client
    .query(
      "SELECT r.id, r.client_seen_at AS seenAt FROM case_rooms r JOIN case_room_bookings b ON b.case_room_id = r.id JOIN bookings k ON k.id = b.booking_id WHERE k.reference = ?",
    )
    .get(reference) as { id: number; seenAt: number | null } | null;
const tz = defaultSettings.timezone;

describe("GET /cases/{ref}", () => {
  test("the client sees the booking, the progress with its notes and dates, the messages and the form; opening it marks it seen", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { serviceName: "Discreet Check Up" });
    const update = caseUpdateOf(t.db, ann.reference, "in_progress", "Surveillance began on Tuesday & continues.");
    caseMessageOf(t.db, ann.reference, "business", "We have the first photos <b>ready</b>.");
    caseMessageOf(t.db, ann.reference, "client", "Thank you, I will look tonight.");
    expect(roomRow(ann.reference)?.seenAt).toBeNull();

    const res = await open(ann.reference, ann.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain(ann.reference);
    expect(html).toContain("Discreet Check Up");
    expect(html).toContain(`href="${bookingPagePath(ann.reference)}"`);
    // The timeline: the current step, the update's note (escaped) and its day and time in the business's time zone.
    expect(html).toMatch(/aria-current="step"[^>]*>.*?In progress/s);
    expect(html).toContain("Surveillance began on Tuesday &amp; continues.");
    const updatedAt = t.db.$client.query("SELECT created_at AS at FROM case_updates WHERE id = ?").get(update.id) as { at: number };
    expect(html).toContain(formatInstant(new Date(updatedAt.at), tz));
    // Messages as text, never markup; the client's own are "You".
    expect(html).toContain("We have the first photos &lt;b&gt;ready&lt;/b&gt;.");
    expect(html).not.toContain("<b>ready</b>");
    expect(html).toContain("Thank you, I will look tonight.");
    // The plain form posts to the room's messages; the upload control is for browsers with scripts.
    expect(html).toContain(`action="${roomPath(ann.reference)}/messages"`);
    expect(html).toContain('name="body"');
    expect(html).toContain("Add photos or documents");
    expect(html).toContain('accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"');

    expect(roomRow(ann.reference)?.seenAt).toBeNumber();
  });

  test("a booking with no room yet shows it as scheduled, with only the booking on its timeline", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await open(ann.reference, ann.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/aria-current="step"[^>]*>.*?Scheduled/s);
    expect(html).toContain(`Booked (${ann.reference})`);
    expect(html).toContain("No files yet.");
    expect(html).toContain("No messages yet.");
    // Opening it writes nothing: the room is made by its first write.
    expect(roomRow(ann.reference)).toBeNull();
  });

  test("another customer, an unknown or malformed reference get the 404 page, and the room is not marked seen", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseRoomOf(t.db, ann.reference);
    const bob = customerWithSession(t.db, "bob@example.com");
    for (const path of [roomPath(ann.reference), "/cases/bk-2222-2222", "/cases/not-a-reference"]) {
      const res = await t.request(path, { headers: { Cookie: bob.cookie } });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Page Not Found");
      expect(html).not.toContain(ann.reference);
    }
    expect(roomRow(ann.reference)?.seenAt).toBeNull();
  });

  test("signed out: the signed-out page leads to sign in and back to the room", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await open(ann.reference);
    expect(res.status).toBe(401);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain(`/api/login?returnTo=${encodeURIComponent(roomPath(ann.reference))}`);
    expect(html).not.toContain("Your case room");
  });

  test("a cancelled booking's room opens only once it was made", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "cancelled" });
    expect((await open(ann.reference, ann.cookie)).status).toBe(404);
    const bea = customerWithBooking(t.db, "bea@example.com", { daysAhead: 5 });
    caseMessageOf(t.db, bea.reference, "business", "Before you cancelled, we found this.");
    t.db.$client.query("UPDATE bookings SET status = 'cancelled' WHERE reference = ?").run(bea.reference);
    const res = await open(bea.reference, bea.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Before you cancelled, we found this.");
  });

  test("a closed room says so and when its files will be deleted, and shows no form", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseMessageOf(t.db, ann.reference, "business", "Here is everything.");
    caseUpdateOf(t.db, ann.reference, "closed", "Case complete.");
    const res = await open(ann.reference, ann.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("This case is closed");
    const closedAt = t.db.$client.query("SELECT closed_at AS at FROM case_rooms").get() as { at: number };
    const deleteOn = new Date(closedAt.at + defaultSettings.caseFileRetentionDays * 24 * 60 * 60 * 1000);
    expect(html).toContain(`Its files will be deleted on ${formatInstantDate(deleteOn, tz)}`);
    expect(html).not.toContain('name="body"');
    expect(html).not.toContain("Add photos or documents");
  });
});

/** Makes every session of the test begin `minutes` ago, never confirmed since (as the identity check reads them). */
function signedInMinutesAgo(minutes: number) {
  const at = Date.now() - minutes * 60_000;
  t.db
    .update(sessions)
    .set({ sess: sql`json_remove(json_set(${sessions.sess}, '$.createdAt', ${at}), '$.confirmedAt')` })
    .run();
}

describe("the room's files", () => {
  /** Ann's room with a report, a photo and a video from the business. */
  function annWithFiles() {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const report = readyCaseFile(t, ann.reference, patternedBytes(300_000), { name: "report-week-1.pdf" });
    const photo = readyCaseFile(t, ann.reference, patternedBytes(2_000), { name: "parked car.jpg", contentType: "image/jpeg" });
    const video = readyCaseFile(t, ann.reference, patternedBytes(5_000), { name: "footage.mp4", contentType: "video/mp4" });
    return { ann, report, photo, video };
  }

  test("each file: a download link, its type, size, who added it and its SHA-256; photos and videos shown in place; the zip of all", async () => {
    const { ann, report, photo, video } = annWithFiles();
    const html = await (await open(ann.reference, ann.cookie)).text();
    for (const f of [report, photo, video]) expect(html).toContain(`href="${caseFilePath(ann.reference, f.id)}"`);
    expect(html).toContain("PDF · 293 KB");
    expect(html).toContain(`added by ${defaultSettings.businessName}`);
    // The fingerprint: its first characters at a glance, the whole to check the evidence.
    expect(html).toContain(`${report.sha256.slice(0, 12)}…`);
    expect(html).toMatch(new RegExp(`<details[^>]*>.*?${report.sha256}`, "s"));
    expect(html).toContain(`<img src="${caseFilePath(ann.reference, photo.id)}" alt="Photo: parked car.jpg" loading="lazy"`);
    expect(html).toContain(`<video controls="" preload="metadata" src="${caseFilePath(ann.reference, video.id)}"`);
    expect(html).toContain(`href="${caseZipPath(ann.reference)}"`);
    expect(html).not.toContain("Confirm it&#x27;s you to open files");
  });

  test("on a sign-in over an hour old: one link to confirm it is them, and no file links, players or thumbnails", async () => {
    const { ann, report, video } = annWithFiles();
    signedInMinutesAgo(61);
    // The markup, without the island's data beside it.
    const html = (await (await open(ann.reference, ann.cookie)).text()).replace(/<script type="application\/json">.*?<\/script>/s, "");
    expect(html).toContain(`href="/cases/confirm?returnTo=${encodeURIComponent(roomPath(ann.reference))}"`);
    expect(html).toContain("Confirm it&#x27;s you to open files");
    expect(html).not.toContain(caseFilePath(ann.reference, report.id));
    expect(html).not.toContain(caseZipPath(ann.reference));
    expect(html).not.toContain("<video");
    expect(html).not.toContain('<img src="/cases/');
    // What the files are is still said.
    expect(html).toContain("report-week-1.pdf");
    expect(html).toContain(video.sha256);
  });
});

describe("POST /cases/{ref}/messages (JavaScript off)", () => {
  test("the client's message is written and the answer leads back to the room with a notice", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await post(ann.reference, ann.cookie, { body: "  Can you call me after 6 pm?  " });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${roomPath(ann.reference)}?notice=sent#case-thread-title`);
    expect(t.db.$client.query("SELECT side, body FROM case_messages").all()).toEqual([{ side: "client", body: "Can you call me after 6 pm?" }]);
    const html = await (await t.request(res.headers.get("Location") ?? "", { headers: { Cookie: ann.cookie } })).text();
    expect(html).toContain("Your message is sent.");
    expect(html).toContain("Can you call me after 6 pm?");
  });

  test("an empty message is refused under the field, nothing written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseMessageOf(t.db, ann.reference, "business", "Hello.");
    const before = messagesIn();
    const res = await post(ann.reference, ann.cookie, { body: "   " });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`id="case-message-error"[^>]*>${caseRoomMessages.messageRequired}<`));
    expect(html).toContain('aria-invalid="true"');
    expect(messagesIn()).toBe(before);
  });

  test("a message too long is refused with the words kept, nothing written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const long = `${"x".repeat(maxCaseMessageLength)}yz`;
    const res = await post(ann.reference, ann.cookie, { body: long });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(caseRoomMessages.messageTooLong);
    expect(html).toContain("x".repeat(200));
    expect(messagesIn()).toBe(0);
    expect(roomRow(ann.reference)).toBeNull();
  });

  test("a closed room takes no message: the room says why, nothing written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseUpdateOf(t.db, ann.reference, "closed");
    const res = await post(ann.reference, ann.cookie, { body: "One more thing" });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(caseRoomMessages.roomClosed);
    expect(messagesIn()).toBe(0);
  });

  test("another customer gets the 404 page and signed out leads to sign in and back to the room; nothing written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    const res = await post(ann.reference, bob.cookie, { body: "Let me in" });
    expect(res.status).toBe(404);
    const out = await post(ann.reference, null, { body: "Signed out" });
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe(`/api/login?returnTo=${encodeURIComponent(roomPath(ann.reference))}`);
    expect(messagesIn()).toBe(0);
  });
});

describe("the ways to the room", () => {
  test("the dashboard links each booking to its room, marked new while the business's news is unseen", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const dashboard = async () => (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
    let html = await dashboard();
    expect(html).toContain(`href="${roomPath(ann.reference)}"`);
    expect(html).not.toContain('data-testid="case-room-new"');
    caseMessageOf(t.db, ann.reference, "business", "News for you.");
    html = await dashboard();
    expect(html).toContain('data-testid="case-room-new"');
    await open(ann.reference, ann.cookie);
    html = await dashboard();
    expect(html).not.toContain('data-testid="case-room-new"');
    // The client's own message is no news to them.
    caseMessageOf(t.db, ann.reference, "client", "Mine.", { at: new Date(Date.now() + 60_000).toISOString() });
    expect(await dashboard()).not.toContain('data-testid="case-room-new"');
  });

  test("the booking's page links to its room", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const html = await (await t.request(bookingPagePath(ann.reference), { headers: { Cookie: ann.cookie } })).text();
    expect(html).toContain(`href="${roomPath(ann.reference)}"`);
  });
});
