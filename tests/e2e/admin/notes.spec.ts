/**
 * Case notes in the record dialogs, in Chromium against the binary: an order's dialog shows the
 * notes newest first with their authors and times, another admin's note without Delete; an empty
 * note is refused under its field; a note is added and then deleted after its confirmation; an
 * enquiry's, a booking's and a customer's dialogs have the same panel. At 360 px nothing is wider
 * than the screen. The rules (private, audited, gone with the account) are proven by
 * src/api/admin/notes.test.ts.
 */
import type { Page } from "@playwright/test";
import { expect, seed, test } from "../fixtures";
import { islandsHydrated } from "../helpers";

const stamp = Date.now();
const toastItem = (page: Page) => page.getByTestId("toast");

test("an order's case notes: listed newest first with author and time, one added, the own one deleted after asking", async ({ page, site, signInAdmin }) => {
  test.setTimeout(60_000);
  const records = seed(site, "customerWithRecords", `notes-${stamp}@example.com`, "Nora");
  seed(site, "caseNote", "orders", records.orderNumber, "Asked for delivery to the post office.", `staff${stamp}`);
  const username = `owner${stamp}`;
  await signInAdmin(username);

  await page.goto(`/admin/orders/${records.orderNumber.toLowerCase()}`);
  await islandsHydrated(page);
  const dialog = page.getByRole("dialog", { name: `Order ${records.orderNumber}` });
  const notes = dialog.getByRole("region", { name: "Case notes" });
  await expect(notes.getByTestId("case-note")).toHaveCount(1);
  const theirs = notes.getByTestId("case-note").first();
  await expect(theirs).toContainText(`staff${stamp}`);
  await expect(theirs).toContainText("Asked for delivery to the post office.");
  await expect(theirs.getByRole("button", { name: /Delete/ })).toHaveCount(0);

  // An empty note is refused where it is typed.
  const field = notes.getByLabel("New note");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByText("Write the note")).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill("Rang her back at 3 pm.\nPrefers text messages.");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(toastItem(page)).toContainText("Note added");
  await expect(field).toHaveValue("");
  const listed = notes.getByTestId("case-note");
  await expect(listed).toHaveCount(2);
  await expect(listed.first()).toContainText(username);
  await expect(listed.first()).toContainText("Prefers text messages.");
  await expect(listed.first().locator("time")).toHaveText(/\d{4}, \d{1,2}:\d{2}\s?[ap]m/);

  await page.setViewportSize({ width: 360, height: 800 });
  await listed.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/shots/portal/notes-order-360.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: "/tmp/shots/portal/notes-order-1280.png" });

  // Reloaded, the note is still there: it was saved, not only shown.
  await page.reload();
  await islandsHydrated(page);
  await expect(notes.getByTestId("case-note")).toHaveCount(2);
  await notes
    .getByTestId("case-note")
    .first()
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(notes.getByText("Delete this note? This cannot be undone.")).toBeVisible();
  await expect(notes.getByRole("button", { name: "Yes, delete" })).toBeFocused();
  await notes.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toastItem(page)).toContainText("Note deleted");
  await expect(notes.getByTestId("case-note")).toHaveCount(1);
  await expect(notes.getByTestId("case-note").first()).toContainText(`staff${stamp}`);
});

test("the enquiry's, the booking's and the customer's dialogs keep notes too", async ({ page, site, signInAdmin }) => {
  test.setTimeout(60_000);
  const records = seed(site, "customerWithRecords", `notes2-${stamp}@example.com`, "Olga");
  await signInAdmin();
  for (const [path, dialogName] of [
    [`/admin/contacts/${records.enquiryId}`, "Enquiry from Olga"],
    [`/admin/bookings/${records.bookingId}`, /Partner Check/],
    [`/admin/users/${records.userId}`, /Olga/],
  ] as const) {
    await page.goto(path);
    await islandsHydrated(page);
    const notes = page.getByRole("dialog", { name: dialogName }).getByRole("region", { name: "Case notes" });
    await expect(notes.getByText(/No notes on this (enquiry|booking|customer) yet\./)).toBeVisible();
    await notes.getByLabel("New note").fill(`Note on ${path}`);
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(notes.getByTestId("case-note")).toHaveText([new RegExp(`Note on ${path}`)]);
  }
});
