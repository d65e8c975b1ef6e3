/**
 * /admin/dashboard as a to-do list, in Chromium against the binary: every group filled (seeded
 * through tests/factories.ts `dashboardToDo`, beside the seed's out-of-stock and low-stock
 * products) with its count and oldest items linking to their records, at 1280 px and 360 px, the
 * groups with nothing waiting in one line below them; staff see the work without the business's
 * money; the "Before you go live" checklist leads to the setting it names, and a line goes once it is set.
 * The counts, order and indexes are proven by src/api/admin/todo.test.ts; the checklist's logic by
 * src/shared/go-live.test.ts. This spec seeds orders and changes settings, so it has a site of its own.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();
test.describe.configure({ mode: "serial" });
// axe goes in as an inline script, which the strict CSP would block.
test.use({ bypassCSP: true });

const groups = [
  "Enquiries waiting",
  "Bookings to confirm",
  "Orders awaiting payment",
  "Orders waiting for an ID check",
  "Booking payments to confirm",
  "Paid orders to ship",
  "Out of stock",
  "Low stock",
  "Cancelled by customers (last 7 days)",
];

async function openDashboard(page: Page) {
  await page.goto("/admin/dashboard");
  await islandsHydrated(page);
  await expect(page.getByTestId("todo")).toHaveAttribute("aria-busy", "false");
}

test("every to-do group is filled, oldest first, each item leading to its record (1280 px)", async ({ page, ownSite, signInAdmin }) => {
  const made = seed(ownSite, "dashboardToDo", "e2e");
  await signInAdmin();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDashboard(page);

  for (const title of groups) {
    const group = page.getByRole("region", { name: title });
    await expect(group.getByTestId("todo-count"), title).not.toHaveText(/^0 /);
    await expect(group.getByTestId("todo-item").first(), title).toBeVisible();
  }
  const enquiries = page.getByRole("region", { name: "Enquiries waiting" });
  await expect(enquiries.getByTestId("todo-count")).toHaveText("3 items");
  await expect(enquiries.getByTestId("todo-item").first()).toContainText(made.enquiries[0] ?? "");
  await expect(enquiries.getByText("1 emergency", { exact: true })).toBeVisible();
  const bookings = page.getByRole("region", { name: "Bookings to confirm" });
  await expect(bookings.getByRole("link", { name: "All pending bookings" })).toHaveAttribute("href", "/admin/bookings?status=pending");
  const ship = page.getByRole("region", { name: "Paid orders to ship" });
  await expect(ship.getByTestId("todo-item").first()).toContainText(made.ship[0] ?? "");
  // The bank transfer waiting for its money and the orders waiting for an ID check are on the list.
  const payment = page.getByRole("region", { name: "Orders awaiting payment" });
  await expect(payment.getByTestId("todo-item").first()).toContainText(made.payment[0] ?? "");
  await expect(payment.getByTestId("todo-item").first()).toContainText(/by bank transfer · waiting 2 days · \d+ hours left to pay/);
  await expect(page.getByRole("region", { name: "Orders waiting for an ID check" }).getByTestId("todo-count")).toHaveText("2 items");
  // The groups with nothing waiting: one line, after the groups with work.
  await expect(page.getByRole("region", { name: "Reviews to moderate" })).toHaveCount(0);
  await expect(page.getByTestId("todo-nothing-else")).toHaveText(
    "Nothing else waiting: no case rooms with something new from the client, overdue instalments, refunds to send, reviews to moderate or failed backups.",
  );
  expect(await axeViolations(page)).toEqual([]);

  // The checklist is there on a fresh install, before the to-do list.
  const checklist = page.getByRole("region", { name: "Before you go live" });
  await expect(checklist.getByText("Enter the business's phone number", { exact: true })).toBeVisible();
  await expect(checklist.getByText("SMTP_URL")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/owner/dashboard-1280.png", fullPage: true });
  await page.screenshot({ path: "/tmp/h/shots/A-owner-dashboard-1280.png", fullPage: true });

  // The oldest order to ship opens in its record dialog, at its address.
  await ship.getByRole("link", { name: new RegExp(made.ship[0] ?? "") }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${(made.ship[0] ?? "").toLowerCase()}$`));
  await islandsHydrated(page);
  await expect(page.getByRole("dialog")).toContainText(made.ship[0] ?? "");
});

test("the dashboard at 360 px: every group readable, nothing wider than the screen", async ({ page, signInAdmin }) => {
  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 740 });
  await openDashboard(page);
  for (const title of groups) await expect(page.getByRole("region", { name: title }).getByTestId("todo-item").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "/tmp/shots/owner/dashboard-360.png", fullPage: true });
  await page.screenshot({ path: "/tmp/h/shots/A-owner-dashboard-360.png" });
  expect(await axeViolations(page)).toEqual([]);
});

test("staff at 360 px: the work at the top of the screen, no revenue and no order total anywhere", async ({ page, signInAdmin }) => {
  await signInAdmin(`staff${Date.now()}`, "staff");
  await page.setViewportSize({ width: 360, height: 740 });
  const statsAnswer = page.waitForResponse((r) => r.url().endsWith("/api/admin/stats"));
  await openDashboard(page);
  // The server does not send the figures, so there is nothing to hide.
  expect(Object.keys(await (await statsAnswer).json()).sort()).toEqual(["pendingOrders", "recentBookings", "totalProducts"]);
  const stats = page.getByTestId("admin-stats");
  await expect(stats).toContainText("Pending Orders");
  await expect(stats).not.toContainText("Revenue");
  await expect(stats).not.toContainText("Total Orders");
  // The first group with work starts within the first screen; the line of empty groups comes after every group.
  const first = page.getByTestId("todo-group").first();
  await expect(first).toHaveAttribute("data-group", "enquiries");
  const box = await first.boundingBox();
  expect(box?.y ?? 9999).toBeLessThan(740);
  const nothingElse = await page.getByTestId("todo-nothing-else").boundingBox();
  const last = await page.getByTestId("todo-group").last().boundingBox();
  expect((nothingElse?.y ?? 0) > (last?.y ?? 0)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/h/shots/A-staff-dashboard-360.png" });
  await page.screenshot({ path: "/tmp/h/shots/A-staff-dashboard-360-full.png", fullPage: true });
  await page.getByTestId("todo-nothing-else").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/h/shots/A-staff-dashboard-360-stats.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(stats).not.toContainText("Revenue");
  await page.screenshot({ path: "/tmp/h/shots/A-staff-dashboard-1280.png", fullPage: true });
});

test("a checklist line leads to its setting; once set, the line is gone", async ({ page, signInAdmin }) => {
  await signInAdmin();
  await openDashboard(page);
  const checklist = page.getByRole("region", { name: "Before you go live" });
  await checklist.getByRole("link", { name: "Set it: Enter the business's phone number" }).click();
  await expect(page).toHaveURL(/\/admin\/settings#setting-phone$/);
  await islandsHydrated(page);
  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toBeFocused();
  await page.getByRole("region", { name: "Alerts" }).screenshot({ path: "/tmp/shots/owner/settings-alerts.png" });
  await expect(page.getByLabel("E-mail me every new shop order")).toBeChecked();
  await expect(page.getByLabel("E-mail me the to-do list every day")).not.toBeChecked();
  await phone.fill("+61 8 7000 1234");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  await openDashboard(page);
  await expect(checklist.getByText("Enter the business's phone number", { exact: true })).toHaveCount(0);
  await expect(checklist.getByText("Enter the bank account for transfers", { exact: true })).toBeVisible();
});
