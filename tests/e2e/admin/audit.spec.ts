/**
 * /admin/audit in Chromium against the binary: a price changed in /admin/products shows in the log
 * with its before and after, the kind filter (kept in the URL) narrows it, and the page at 360 px.
 * An entry names its record short and readable and links to the record's address. An admin made
 * with `pi-site admin create` and their sign-in are in the log, under Admins and Sign-ins.
 * The test changes a price, which other specs' shop would see, so it runs on a site of its own.
 */
import { cli } from "../binary-cli";
import { expect, ownSiteTest, seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();

const product = "Real-Time 4G GPS Tracker with Magnetic Case";

test("a price change shows in the audit log with its before and after; the kind filter keeps it or leaves it out", async ({ page, signInAdmin }) => {
  const username = `auditor${Date.now()}`;
  await signInAdmin(username);
  await page.goto("/admin/products?search=real-time");
  await islandsHydrated(page);
  const row = page.getByTestId("product-row").filter({ has: page.getByRole("rowheader", { name: product }) });
  await row.getByRole("button", { name: /^Edit pricing/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit pricing" });
  await dialog.getByLabel("Price (USD)", { exact: true }).fill("299");
  await dialog.getByLabel("Sale price (USD, optional)").fill("");
  await dialog.getByRole("button", { name: "Save pricing" }).click();
  await expect(dialog).toBeHidden();

  await page.goto("/admin/audit");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const entry = page.getByTestId("audit-row").filter({ hasText: `Changed the price of ${product}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(username);
  await expect(entry).toContainText("Products");
  const changes = entry.getByTestId("audit-changes");
  // The diff opens from the keyboard.
  await changes.getByText("Show changes").focus();
  await page.keyboard.press("Enter");
  const priceRow = changes.getByRole("row", { name: /^Price/ });
  await expect(priceRow).toContainText("289.00");
  await expect(priceRow).toContainText("299.00");
  const saleRow = changes.getByRole("row", { name: /^Sale price/ });
  await expect(saleRow).toContainText("249.00");
  await expect(saleRow).toContainText("none");

  await page.getByLabel("Kind of change").selectOption("orders");
  await expect(page).toHaveURL(/\/admin\/audit\?kind=orders$/);
  await expect(page.getByText("No changes recorded")).toBeVisible();
  await page.getByLabel("Kind of change").selectOption("products");
  await expect(entry).toHaveCount(1);

  // The filter survives a reload; at 360 px each entry is a card.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByLabel("Kind of change")).toHaveValue("products");
  const card = page.getByTestId("audit-card").filter({ hasText: `Changed the price of ${product}` });
  await expect(card).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test("an entry names its record short and readable and links to its address", async ({ page, ownSite, signInAdmin }) => {
  const username = `linker${Date.now()}`;
  await signInAdmin(username);
  const records = seed(ownSite, "customerWithRecords", `audit-${Date.now()}@example.com`, "Aude");
  seed(ownSite, "caseNote", "orders", records.orderNumber, "Checked the address.", username);
  seed(ownSite, "caseNote", "bookings", records.bookingId, "Confirmed by phone.", username);

  await page.goto(`/admin/audit?kind=bookings`);
  await islandsHydrated(page);
  const bookingEntry = page.getByTestId("audit-row").filter({ hasText: "Added a case note to the booking." });
  const bookingLink = bookingEntry.getByRole("link", { name: `Booking ${records.bookingId.slice(0, 8)}` });
  await expect(bookingLink).toHaveAttribute("href", `/admin/bookings/${records.bookingId}`);
  await expect(bookingLink).toHaveAttribute("title", records.bookingId);
  // One line, not an id wrapped over four.
  const box = await bookingLink.boundingBox();
  expect(box?.height ?? 99).toBeLessThan(30);
  await page.screenshot({ path: "/tmp/shots/portal/audit-1280.png" });

  await page.goto(`/admin/audit?kind=orders`);
  await islandsHydrated(page);
  const entry = page.getByTestId("audit-row").filter({ hasText: "Added a case note to the order." });
  await entry.getByRole("link", { name: records.orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${records.orderNumber.toLowerCase()}$`));
  await islandsHydrated(page);
  await expect(page.getByRole("dialog", { name: `Order ${records.orderNumber}` })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/audit?kind=orders`);
  await islandsHydrated(page);
  const card = page.getByTestId("audit-card").filter({ hasText: "Added a case note to the order." });
  await expect(card.getByRole("link", { name: records.orderNumber })).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/portal/audit-360.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe("sign-ins and the command line in the log", () => {
  // axe goes in as an inline script, which the strict CSP would block.
  test.use({ bypassCSP: true });

  test("an admin made on the command line and their sign-in are in the log, readable at 360 px", async ({ page, ownSite }) => {
    test.slow(); // an argon2 sign-in and a CLI run on a busy machine
    const username = `cli${Date.now()}`;
    const password = "the command-line owner's long passphrase";
    const created = cli(ownSite.dataDir, ["admin", "create", username, "--password-stdin"], {}, `${password}\n`);
    expect(created.code, created.stderr).toBe(0);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/admin/login");
    await islandsHydrated(page);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto("/admin/audit?kind=signins");
    await islandsHydrated(page);
    await expect(page.getByLabel("Kind of change")).toHaveValue("signins");
    const signIn = page.getByTestId("audit-card").filter({ hasText: `${username} (owner) signed in with the password` });
    await expect(signIn).toHaveCount(1);
    await expect(signIn).toContainText("Sign-ins");
    await expect(signIn).toContainText("127.0.0.1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/h/shots/C-audit-signins-360.png", fullPage: true });

    await page.getByLabel("Kind of change").selectOption("admins");
    const made = page.getByTestId("audit-card").filter({ hasText: `Added the admin ${username} as owner on the server's command line` });
    await expect(made).toHaveCount(1);
    await expect(made).toContainText("command line");
    await page.screenshot({ path: "/tmp/h/shots/C-audit-command-line-360.png", fullPage: true });
  });
});
