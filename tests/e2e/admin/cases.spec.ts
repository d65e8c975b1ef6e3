/**
 * The portal's case rooms in Chromium against the binary, at 1280 and at 360 px: the list puts the
 * room with something new from the client first and marks it; the room shows the booking, the
 * timeline, the client's message and its own reply, takes a status update with a note, adds a
 * report through the chunked uploader (stopped part-way and resumed) with its SHA-256 shown, gathers
 * another booking of the customer, and for the owner lists who downloaded what; staff work the same
 * room without the download log. A booking's record links to its room. axe finds nothing on any of it.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { pdfBytes } from "../../helpers/case-media";
import { expect, ownSiteTest, seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();
// axe goes in as an inline script, which the strict CSP would block; the held chunk fails on purpose.
test.use({ bypassCSP: true, acceptDownloads: true, allowConsoleErrors: [/net::ERR_(FAILED|ABORTED)/] });

const shots = process.env.SHOTS_DIR;
const stamp = Date.now();

async function settled(page: Page) {
  await islandsHydrated(page);
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".skeleton")).toHaveCount(0);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const width of [1280, 360]) {
  test(`at ${width} px the owner works a case room from the list to the download log`, async ({ page, ownSite, signInAdmin }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    const run = `${stamp}-${width}`;
    const client = seed(ownSite, "customerWithBooking", `case-${run}@example.com`, { paid: true, time: "free", serviceName: "Partner Check" });
    const ref = client.reference;
    const question = `Did you see the blue car on Tuesday? (${run})`;
    seed(ownSite, "caseUpdateOf", ref, "in_progress", "We started watching the address on Monday.");
    seed(ownSite, "caseMessageOf", ref, "client", question);
    const other = seed(ownSite, "anotherBookingOf", client.userId, `case-${run}@example.com`, 9);
    await signInAdmin(`cases${run}`);

    // The list: the room with the client's question first, marked new.
    await page.goto("/admin/cases");
    await settled(page);
    const first = page.getByTestId(width >= 768 ? "case-row" : "case-card").first();
    await expect(first).toContainText(ref);
    await expect(first.getByTestId("case-new")).toBeVisible();
    expect(await fitsWidth(page)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/D-list-${width}.png`, fullPage: true });

    // The room, from the list.
    await first.getByRole("link", { name: new RegExp(ref) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/cases/${ref.toLowerCase()}$`));
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Case room ${ref}`);
    await expect(page.getByText(question)).toBeVisible();
    await expect(page.getByText("We started watching the address on Monday.")).toBeVisible();
    await expect(page.getByRole("link", { name: ref, exact: true })).toHaveAttribute("href", `/admin/bookings/${ref.toLowerCase()}`);

    // The reply.
    const reply = `Yes, twice: the photos follow (${run})`;
    await page.getByLabel("Reply to the client").fill(reply);
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByTestId("case-message").filter({ hasText: reply })).toBeVisible();
    await expect(page.getByLabel("Reply to the client")).toHaveValue("");

    // A status update with a note: on the timeline at once; the form offers the next step.
    await page.getByLabel("Status").selectOption({ label: "Report ready" });
    await page.getByLabel("Note for the client (optional)").fill("The report is in Files.");
    await page.getByRole("button", { name: "Update status" }).click();
    await expect(page.getByTestId("case-history").filter({ hasText: "The report is in Files." })).toContainText("Report ready");
    await expect(page.getByRole("button", { name: "Update status" })).toBeEnabled();

    // A report of three chunks, stopped while its second chunk is held back, then resumed.
    const report = new Uint8Array(9 * 1024 * 1024 + 123);
    report.set(pdfBytes(`Report ${run}`));
    const dir = mkdtempSync(join(tmpdir(), "admin-cases-"));
    const name = `report-${run}.pdf`;
    writeFileSync(join(dir, name), report);
    let chunks = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/admin\/cases\/[^/]+\/uploads\/\d+\?offset=/, async (route) => {
      chunks++;
      if (chunks === 2) {
        await held;
        // The page gave up on it already (Cancel): there may be nothing left to answer.
        await route.abort("failed").catch(() => undefined);
        return;
      }
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel("Add files").setInputFiles(join(dir, name));
    const upload = page.getByTestId("case-upload").filter({ hasText: name });
    await expect(upload).toContainText("Uploading");
    await expect.poll(() => chunks, { timeout: 30_000 }).toBe(2);
    await upload.getByRole("button", { name: `Cancel ${name}` }).click();
    release();
    await expect(upload).toContainText("Stopped");
    if (shots) await page.screenshot({ path: `${shots}/D-upload-stopped-${width}.png`, fullPage: true });
    await upload.getByRole("button", { name: `Resume ${name}` }).click();
    await expect(upload).toContainText("Added", { timeout: 60_000 });
    const file = page.getByTestId("case-file").filter({ hasText: name });
    await expect(file.getByRole("link", { name })).toBeVisible();
    await expect(file.getByTestId("case-file-sha256")).toHaveText(createHash("sha256").update(report).digest("hex"));
    await page.unroute(/\/api\/admin\/cases\/[^/]+\/uploads\/\d+\?offset=/);

    // The owner downloads it; the log says who, from where, how often.
    const [download] = await Promise.all([page.waitForEvent("download"), file.getByRole("link", { name }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    await page.reload();
    await settled(page);
    const log = page.getByTestId("case-downloads");
    await expect(log.getByTestId(width >= 768 ? "case-download-row" : "case-download-card").filter({ hasText: name })).toBeVisible();

    // Gathering another booking of the customer: both bookings are listed.
    const gather = page.getByRole("button", { name: "Add another booking of this customer" });
    await gather.click();
    const dialog = page.getByRole("dialog", { name: "Add another booking" });
    await expect(dialog.getByLabel("Booking reference")).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel("Booking reference").fill(other.toLowerCase());
    await dialog.getByRole("button", { name: "Add booking" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(gather).toBeFocused();
    await expect(page.getByTestId("case-booking")).toHaveCount(2);

    expect(await fitsWidth(page)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/D-room-${width}.png`, fullPage: true });
  });
}

test("staff work a room without the download log; a booking's record links to its room", async ({ page, ownSite, signInAdmin }) => {
  const client = seed(ownSite, "customerWithBooking", `case-staff-${stamp}@example.com`, { time: "free" });
  seed(ownSite, "caseMessageOf", client.reference, "client", `Staff can read this (${stamp})`);
  await signInAdmin(`casestaff${stamp}`, "staff");
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto(`/admin/bookings/${client.reference.toLowerCase()}`);
  await settled(page);
  await page
    .getByRole("dialog")
    .getByRole("link", { name: `Case room of ${client.reference}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/cases/${client.reference.toLowerCase()}$`));
  await settled(page);
  await expect(page.getByText(`Staff can read this (${stamp})`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Downloads" })).toHaveCount(0);
  await expect(page.getByLabel("Add files")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/D-room-staff-360.png`, fullPage: true });
});

test("the list with no rooms at a status says so", async ({ page, signInAdmin }) => {
  await signInAdmin(`casesempty${stamp}`);
  await page.goto("/admin/cases?status=closed");
  await settled(page);
  await expect(page.getByTestId("cases-list")).toContainText("No case rooms at this status.");
  await page.getByLabel("Status").selectOption({ label: "Any status" });
  await expect(page).toHaveURL(/\/admin\/cases$/);
});
