/**
 * The client's case room as a client on a phone (360 px) and a laptop (1280 px) meets it, with real
 * data: a paid booking the business has updated, written in and delivered a report and a photo to.
 * The room shows where the case stands, the files with their fingerprints and the thread; the client
 * writes with a photo attached (sent after the message, a progress bar while it goes) and sees both
 * arrive; the dashboard marks the room "new" until it is opened; with JavaScript off the plain form
 * sends a message and shows a refusal under the field; a closed room says so and takes nothing more.
 * axe finds nothing on each screen; screenshots go to $SHOTS_DIR (C-*.png) when it is set.
 */
import { createHash } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { caseRoomMessages, caseUploadsPath } from "../../src/shared/case-room";
import { pdfBytes } from "../helpers/case-media";
import { pngBytes } from "../helpers/images";
import { addAdminCookies, expect, seed, type SiteServer, test } from "./fixtures";
import { axeViolations, islandsHydrated } from "./helpers";

const shots = process.env.SHOTS_DIR;
// axe is added to the page as a script of its own, which the site's policy would refuse.
test.use({ bypassCSP: true });
const phone = { width: 360, height: 740 };
const laptop = { width: 1280, height: 900 };
const roomPath = (reference: string) => `/cases/${reference.toLowerCase()}`;

/** The business delivers `bytes` as `name` into the room of `reference`, through the portal's upload API (one chunk). */
async function deliver(context: BrowserContext, site: SiteServer, reference: string, name: string, type: string, bytes: Uint8Array) {
  const base = `${site.url}${caseUploadsPath("business", reference)}`;
  const headers = { Origin: site.url };
  const started = await context.request.post(base, { headers, data: { name, size: bytes.length, type } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  const sha = createHash("sha256").update(bytes).digest("hex");
  const chunk = await context.request.put(`${base}/${id}?offset=0`, {
    headers: { ...headers, "Content-Type": "application/octet-stream", "X-Chunk-Sha256": sha },
    data: Buffer.from(bytes),
  });
  expect(chunk.status(), await chunk.text()).toBe(200);
}

/** A client with a paid booking whose room has an update, messages both ways, a report and a photo from the business. */
async function roomWithNews(context: BrowserContext, site: SiteServer, email: string) {
  const client = seed(site, "customerWithBooking", email, { paid: true, time: "free", serviceName: "Infidelity Investigation" });
  seed(site, "caseUpdateOf", client.reference, "in_progress", "Surveillance began on Tuesday evening. First observations are in the report below.");
  seed(site, "caseMessageOf", client.reference, "client", "Thank you. Is there anything you need from me before Friday?");
  seed(site, "caseMessageOf", client.reference, "business", "Nothing for now. We will add the photos from Wednesday once they are checked.");
  const { token } = seed(site, "adminWithToken", `caseowner${Date.now()}`, null, "owner");
  const owner = await context.browser()!.newContext({ baseURL: site.url });
  await addAdminCookies(owner, site, token);
  await deliver(owner, site, client.reference, "surveillance-report-week-1.pdf", "application/pdf", pdfBytes("Week one observations"));
  await deliver(owner, site, client.reference, "parked-car-wednesday.png", "image/png", pngBytes(320, 200, [70, 90, 120]));
  await owner.close();
  await context.addCookies([{ name: "pi_session", value: client.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  return client;
}

async function noSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("the room on a phone and a laptop: progress, files, thread; writing with a photo attached", async ({ page, context, site }) => {
  test.setTimeout(90_000);
  const client = await roomWithNews(context, site, `room-${Date.now()}@example.com`);

  // The dashboard leads to the room, marked new: the business wrote and delivered since it was last opened.
  await page.setViewportSize(phone);
  await page.goto("/dashboard");
  const link = page.getByRole("link", { name: /Case room/ });
  await expect(link).toBeVisible();
  await expect(link.getByText("new")).toBeVisible();
  if (shots)
    await page
      .locator("#recent-title")
      .locator("xpath=../..")
      .screenshot({ path: `${shots}/C-dashboard-link-360.png` });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${roomPath(client.reference)}$`));
  await islandsHydrated(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your case room");
  await expect(page.locator('[aria-current="step"]')).toContainText("In progress");
  await expect(page.getByText("Surveillance began on Tuesday evening.")).toBeVisible();
  await expect(page.getByRole("link", { name: "surveillance-report-week-1.pdf" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Photo: parked-car-wednesday.png" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download everything (zip)" })).toBeVisible();
  await noSideways(page, phone.width);
  expect(await axeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/C-room-360.png`, fullPage: true });

  // The fingerprint opens in full.
  await page.getByText("SHA-256").first().click();
  await expect(page.getByTestId("case-file-sha256").first()).toBeVisible();

  // Writing with a photo: the message first, then the photo, which appears among the files.
  const message = `I saw the car again this morning ${Date.now()}`;
  await page.getByLabel("Your message").fill(message);
  await page
    .getByLabel("Add photos or documents")
    .setInputFiles({ name: "street-this-morning.png", mimeType: "image/png", buffer: Buffer.from(pngBytes(240, 160, [150, 60, 40])) });
  // One toast shows at a time: a photo this small is added so fast that "File added" can replace
  // "Message sent" before it is read, so its upload waits until the message's toast has been seen.
  let toastSeen!: () => void;
  const seen = new Promise<void>((resolve) => {
    toastSeen = resolve;
  });
  let held = 0;
  await page.route(`**${caseUploadsPath("client", client.reference)}`, async (route) => {
    held++;
    await seen;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  toastSeen();
  await expect.poll(() => held).toBe(1);
  await expect(page.getByTestId("case-message").filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole("link", { name: "street-this-morning.png" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("case-message").filter({ hasText: message })).toContainText("Attached: street-this-morning.png");
  await expect(page.getByLabel("Your message")).toHaveValue("");
  await noSideways(page, phone.width);
  expect(await axeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/C-room-wrote-360.png`, fullPage: true });

  // A file the room does not take is refused before a byte is sent, in the room's words.
  await page.getByLabel("Add photos or documents").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("plain words") });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("case-upload").filter({ hasText: "notes.txt" })).toContainText(caseRoomMessages.fileTypeClient);

  await page.setViewportSize(laptop);
  await page.reload();
  await islandsHydrated(page);
  await noSideways(page, laptop.width);
  expect(await axeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/C-room-1280.png`, fullPage: true });

  // Opened: the dashboard no longer says new.
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: /Case room/ })).toBeVisible();
  await expect(page.getByTestId("case-room-new")).toHaveCount(0);
});

test("an upload stopped half-way resumes from where it stopped", async ({ page, context, site }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  const client = seed(site, "customerWithBooking", `resume-${Date.now()}@example.com`, { time: "free" });
  await context.addCookies([{ name: "pi_session", value: client.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  // Two chunks and a bit: a PDF by its first bytes, then filler.
  const bytes = Buffer.alloc(2 * 4 * 1024 * 1024 + 1000, 0x20);
  bytes.write("%PDF-1.4\n", 0, "latin1");
  const chunks: number[] = [];
  // Each chunk takes a while to arrive, as on a weak connection, so there is time to stop it.
  await page.route("**/uploads/*?offset=*", async (route) => {
    chunks.push(Number(new URL(route.request().url()).searchParams.get("offset")));
    await new Promise((r) => setTimeout(r, 800));
    await route.continue().catch(() => {});
  });
  await page.goto(roomPath(client.reference));
  await islandsHydrated(page);
  await page.getByLabel("Add photos or documents").setInputFiles({ name: "bank-statements.pdf", mimeType: "application/pdf", buffer: bytes });
  await page.getByRole("button", { name: "Send message" }).click();
  const upload = page.getByTestId("case-upload").filter({ hasText: "bank-statements.pdf" });
  // Stopped once the first chunk is in.
  await expect(upload).toContainText(/Uploading · 4 MB of 8/, { timeout: 20_000 });
  await upload.getByRole("button", { name: "Stop" }).click();
  await expect(upload).toContainText("Stopped");
  await expect(upload.getByRole("progressbar")).toHaveAttribute("value", /^(4[89]|50)$/);
  expect(await axeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/C-upload-stopped-360.png`, fullPage: true });

  await page.unroute("**/uploads/*?offset=*");
  const resumedFrom = page.waitForRequest((r) => r.method() === "PUT" && r.url().includes("/uploads/"));
  await upload.getByRole("button", { name: "Resume" }).click();
  // It goes on from the chunk that had arrived, not from the start.
  expect(new URL((await resumedFrom).url()).searchParams.get("offset")).toBe(String(4 * 1024 * 1024));
  await expect(page.getByRole("link", { name: "bank-statements.pdf" })).toBeVisible({ timeout: 20_000 });
  await expect(upload).toContainText("Added");
  expect(chunks[0]).toBe(0);
});

test.describe("with JavaScript off", () => {
  // The refused form answers 400, as a plain form refused does.
  test.use({ javaScriptEnabled: false, viewport: phone, allowConsoleErrors: [/status of 400/] });

  test("the plain form sends a message, and a refusal shows under the field", async ({ page, context, site }) => {
    const email = `plain-${Date.now()}@example.com`;
    const client = seed(site, "customerWithBooking", email, { time: "free" });
    seed(site, "caseMessageOf", client.reference, "business", "Please tell us the best time to call you.");
    await context.addCookies([{ name: "pi_session", value: client.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
    await page.goto(roomPath(client.reference));
    await expect(page.getByLabel("Add photos or documents")).toBeHidden();
    await expect(page.getByText("To add photos or documents, turn on JavaScript")).toBeVisible();

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.locator("#case-message-error")).toHaveText(caseRoomMessages.messageRequired);
    await expect(page.getByLabel("Your message")).toHaveAttribute("aria-invalid", "true");
    if (shots) await page.screenshot({ path: `${shots}/C-nojs-refused-360.png`, fullPage: true });

    await page.getByLabel("Your message").fill("After 6 pm on weekdays, please.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("case-notice")).toContainText("Your message is sent.");
    await expect(page.getByTestId("case-message").filter({ hasText: "After 6 pm on weekdays, please." })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/C-nojs-sent-360.png`, fullPage: true });
  });
});

test("a closed room says so and when its files go, with no form", async ({ page, context, site }) => {
  await page.setViewportSize(phone);
  const client = await roomWithNews(context, site, `closed-${Date.now()}@example.com`);
  seed(site, "caseUpdateOf", client.reference, "closed", "Our work is complete. Thank you for trusting us.");
  await page.goto(roomPath(client.reference));
  await islandsHydrated(page);
  await expect(page.getByText("This case is closed")).toBeVisible();
  await expect(page.getByText(/Its files will be deleted on/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toHaveCount(0);
  await noSideways(page, phone.width);
  expect(await axeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/C-room-closed-360.png`, fullPage: true });
});
