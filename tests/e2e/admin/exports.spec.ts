/**
 * The portal's exports in Chromium against the binary (decision 073): each list offers "Export CSV"
 * and "Export Excel", reachable from the keyboard, named `<list>-<date>`; the workbook opens with
 * the phone's leading 0 and the reference as text; the links download with JavaScript off too;
 * the lists' headers fit 1280 and 360 px and axe finds nothing. The columns, types and roles are
 * proven by src/api/admin/exports.test.ts and src/server/exports.test.ts.
 */
import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { expect, ownSiteTest, seed, signInAsAdmin } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();
test.describe.configure({ mode: "serial" });
// axe is added to the page as a script of its own, which the portal's policy would refuse.
test.use({ bypassCSP: true });

const stamp = Date.now();
const datedName = (list: string, ext: string) => new RegExp(`^${list}-\\d{4}-\\d{2}-\\d{2}\\.${ext}$`);

async function workbookOf(download: Download): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet;
}

/** The data row of the sheet whose cell under `header` is `value`, as header → cell. */
function rowWhere(sheet: ExcelJS.Worksheet, header: string, value: string): Map<string, ExcelJS.Cell> {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (row.getCell(headers.indexOf(header) + 1).value === value) return new Map(headers.map((h, i) => [h, row.getCell(i + 1)]));
  }
  throw new Error(`no row with ${header} ${value}`);
}

async function downloadBy(page: Page, name: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name, exact: true }).click()]);
  return download;
}

test("bookings and orders: Export Excel opens with the phone's 0 and the reference as text; Export CSV beside it, same name", async ({
  page,
  ownSite,
  signInAdmin,
}) => {
  const booked = seed(ownSite, "customerWithBooking", `export-${stamp}@example.com`, { daysAhead: 6, time: "free" });
  const orderNumber = seed(ownSite, "bankTransferOrder", booked.userId);
  await signInAdmin();

  await page.goto("/admin/bookings?when=all");
  await islandsHydrated(page);
  const excel = page.getByRole("link", { name: "Export Excel", exact: true });
  await expect(excel).toHaveAttribute("href", /^\/api\/admin\/bookings\.xlsx(\?|$)/);
  // Reachable from the keyboard: tabbing from "Export CSV" lands on "Export Excel".
  await page.getByRole("link", { name: "Export CSV", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(excel).toBeFocused();
  const [workbook] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(workbook.suggestedFilename()).toMatch(datedName("bookings", "xlsx"));
  const booking = rowWhere(await workbookOf(workbook), "Reference", booked.reference);
  expect(booking.get("Phone")?.value).toBe("0400 000 000");
  expect(booking.get("Phone")?.type).toBe(ExcelJS.ValueType.String);
  expect(booking.get("Appointment")?.type).toBe(ExcelJS.ValueType.Date);
  expect(booking.get("Price")?.type).toBe(ExcelJS.ValueType.Number);

  const csv = await downloadBy(page, "Export CSV");
  expect(csv.suggestedFilename()).toBe(workbook.suggestedFilename().replace(/\.xlsx$/, ".csv"));
  expect(readFileSync((await csv.path()) ?? "", "utf8")).toContain(`${booked.reference},`);

  await page.goto("/admin/orders");
  await islandsHydrated(page);
  const orders = await downloadBy(page, "Export Excel");
  expect(orders.suggestedFilename()).toMatch(datedName("orders", "xlsx"));
  const order = rowWhere(await workbookOf(orders), "Order number", orderNumber);
  expect(order.get("Phone")?.value).toBe("0412 345 678");
  expect(order.get("Items")?.value).toBe("1 × 4K Covert Dual Dash Cam");
  expect(order.get("Total")?.type).toBe(ExcelJS.ValueType.Number);
});

test("with JavaScript off the export links still download the files", async ({ browser, ownSite }) => {
  const context = await browser.newContext({ baseURL: ownSite.url, javaScriptEnabled: false, acceptDownloads: true });
  await signInAsAdmin(context, ownSite, `nojs${stamp}`);
  const page = await context.newPage();
  for (const [path, list] of [
    ["/admin/orders", "orders"],
    ["/admin/contacts", "enquiries"],
  ] as const) {
    await page.goto(path);
    expect((await downloadBy(page, "Export Excel")).suggestedFilename()).toMatch(datedName(list, "xlsx"));
    expect((await downloadBy(page, "Export CSV")).suggestedFilename()).toMatch(datedName(list, "csv"));
  }
  await context.close();
});

test("each list's export links fit 1280 and 360 px and axe finds nothing", async ({ page, signInAdmin }) => {
  // Eight screens, each checked by axe: more than the default time on a busy two-core machine.
  test.slow();
  await signInAdmin();
  for (const path of ["/admin/bookings", "/admin/orders", "/admin/contacts", "/admin/analytics"]) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await islandsHydrated(page);
      const excel = page.getByRole("link", { name: "Export Excel", exact: true });
      await expect(excel).toBeVisible();
      await expect(page.getByRole("link", { name: "Export CSV", exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeViolations(page)).toEqual([]);
    }
  }
});
