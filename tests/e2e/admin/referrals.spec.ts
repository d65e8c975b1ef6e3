/**
 * /admin/referrals in Chromium against the binary: a referred customer's bookings earn their
 * referrer rewards; the owner marks one paid and voids the other with a reason; the referrer's
 * dashboard shows both; the changes are in the audit log; and, at 360 px, the cards, the dialog
 * and pay all pending. Every refusal (400, 404, 409) is proven by src/api/admin/referrals.test.ts.
 * Rewards change a referrer's earnings, so this runs on a site of its own.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, ownSiteTest, type SiteServer, seed } from "../fixtures";
import { islandsHydrated } from "../helpers";
import { bookingForm } from "../../helpers/booking-form";

const test = ownSiteTest();

async function customerContext(context: BrowserContext, site: SiteServer, token: string) {
  await context.addCookies([{ name: "pi_session", value: token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** The friend books through the site's own APIs, as the booking page does (the site makes the slots itself). */
async function book(context: BrowserContext, site: SiteServer, date: string, time: string) {
  const res = await context.request.post(`${site.url}/api/bookings/calendar`, {
    headers: { Origin: site.url },
    // Two bookings of one day on purpose: the answer to the site's question about a second one.
    data: bookingForm(date, time, { contactEmail: "fred@example.com", confirmDuplicate: true }),
  });
  expect(res.status(), await res.text()).toBe(201);
}

const toastItem = (page: Page) => page.getByTestId("toast");

test("the owner pays one reward and voids another; the referrer's dashboard and the audit log show it", async ({ page, browser, ownSite, signInAdmin }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const referrerEmail = `rita-${stamp}@example.com`;
  const { referrer, friend, bookableDate } = seed(ownSite, "referrerAndFriend", referrerEmail, `fred-${stamp}@example.com`);

  const friendContext = await customerContext(await browser.newContext({ baseURL: ownSite.url }), ownSite, friend.token);
  await book(friendContext, ownSite, bookableDate, "10:00");
  await book(friendContext, ownSite, bookableDate, "14:00");
  await friendContext.close();

  const referrerContext = await customerContext(await browser.newContext({ baseURL: ownSite.url }), ownSite, referrer.token);
  const dashboard = await referrerContext.newPage();
  await dashboard.goto("/dashboard");
  await expect(dashboard.getByTestId("referral-total")).toHaveText("$40");
  await expect(dashboard.getByTestId("referral-split")).toHaveText("$40 pending · $0 paid");
  await expect(dashboard.getByTestId("reward")).toHaveCount(2);

  await signInAdmin();
  await page.goto("/admin/referrals");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Referrals", level: 1 })).toBeVisible();
  await page.getByLabel("Search by referrer name or e-mail").fill(referrerEmail);
  await expect(page).toHaveURL(/\/admin\/referrals\?search=/);
  const row = page.getByTestId("referrer-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(referrer.code);
  await expect(row).toContainText("$40 (2)");

  const openButton = row.getByRole("button", { name: "Rewards of Rita" });
  await openButton.click();
  const dialog = page.getByRole("dialog", { name: "Referral rewards of Rita" });
  await expect(dialog).toBeVisible();
  const rewards = dialog.getByTestId("reward");
  await expect(rewards).toHaveCount(2);
  const first = rewards.filter({ hasText: "$30" });
  const later = rewards.filter({ hasText: "$10" });
  await expect(first).toContainText("Fred");
  await expect(first).toContainText("Discreet Check Up");
  await expect(first).toContainText("Pending");

  await first.getByRole("button", { name: "Mark paid" }).click();
  await expect(toastItem(page)).toContainText("Reward marked paid");
  await expect(first).toContainText("Paid");
  await expect(first).toContainText("paid ");
  await expect(first.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

  await later.getByRole("button", { name: "Void" }).click();
  const reason = dialog.getByLabel("Why is this reward void?");
  await expect(reason).toBeFocused();
  await dialog.getByRole("button", { name: "Void the reward" }).click();
  await expect(dialog.getByText("Give the reason in 3 to 300 characters")).toBeVisible();
  await reason.fill("Booked by mistake, refunded");
  await dialog.getByRole("button", { name: "Void the reward" }).click();
  await expect(toastItem(page)).toContainText("Reward voided");
  await expect(later).toContainText("Void");
  await expect(later).toContainText("Reason: Booked by mistake, refunded");
  await expect(dialog.getByTestId("referrer-tallies")).toContainText("$30 (1)");
  await expect(dialog.getByRole("button", { name: /^Pay all pending/ })).toHaveCount(0);

  // Escape closes the dialog and focus goes back to the referrer's button; the list is up to date.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(openButton).toBeFocused();
  await expect(row).toContainText("$0 (0)");

  await dashboard.reload();
  await expect(dashboard.getByTestId("referral-total")).toHaveText("$30");
  await expect(dashboard.getByTestId("referral-split")).toHaveText("$0 pending · $30 paid");
  await expect(dashboard.getByTestId("reward").filter({ hasText: "$30" })).toContainText(/Paid on \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(dashboard.getByTestId("reward").filter({ hasText: "$10" })).toContainText("Void: Booked by mistake, refunded");
  await referrerContext.close();

  await page.goto("/admin/audit?kind=referrals");
  await islandsHydrated(page);
  await expect(page.getByTestId("audit-row").filter({ hasText: "Marked the $30.00 referral reward of Rita paid" })).toHaveCount(1);
  await expect(page.getByTestId("audit-row").filter({ hasText: "Voided the $10.00 referral reward of Rita: Booked by mistake, refunded" })).toHaveCount(1);
});

test("at 360 px the referrers are cards, the dialog fits, and pay all pending pays both rewards", async ({ page, browser, ownSite, signInAdmin }) => {
  const stamp = Date.now();
  const referrerEmail = `rita-narrow-${stamp}@example.com`;
  const { friend, bookableDate } = seed(ownSite, "referrerAndFriend", referrerEmail, `fred-narrow-${stamp}@example.com`);
  const friendContext = await customerContext(await browser.newContext({ baseURL: ownSite.url }), ownSite, friend.token);
  await book(friendContext, ownSite, bookableDate, "11:00");
  await book(friendContext, ownSite, bookableDate, "15:00");
  await friendContext.close();

  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/admin/referrals?search=${encodeURIComponent(referrerEmail)}`);
  await islandsHydrated(page);
  const card = page.getByTestId("referrer-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("$40 pending");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await card.getByRole("button", { name: "Rewards of Rita" }).click();
  const dialog = page.getByRole("dialog", { name: "Referral rewards of Rita" });
  await expect(dialog.getByTestId("reward")).toHaveCount(2);
  const box = await dialog.locator(".modal-box").boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Pay all pending, after a confirmation that takes the focus.
  await dialog.getByRole("button", { name: "Pay all pending ($40)" }).click();
  const confirm = dialog.getByRole("button", { name: "Yes, mark them paid" });
  await expect(confirm).toBeFocused();
  await expect(dialog).toContainText("Mark all 2 pending rewards paid, $40 in all?");
  await confirm.click();
  await expect(page.getByTestId("toast")).toContainText("2 rewards marked paid, $40 in all");
  await expect(dialog.getByTestId("reward").filter({ hasText: "Paid" })).toHaveCount(2);
  await expect(dialog.getByRole("button", { name: /^Pay all pending/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(card).toContainText("$0 pending");
});
