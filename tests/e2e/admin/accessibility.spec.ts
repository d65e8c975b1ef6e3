/**
 * axe-core over every page of the admin portal, at 1280 px and at 360 px, signed in, with records
 * to show (a customer with an order, a booking, an enquiry and case notes): every room of the menu,
 * the product editor (new and edit), each record's address with its dialog open, and the sign-in
 * page, and the reviews' reject and reply dialogs. Any violation, of any impact, fails, listed with its nodes.
 */
import type { Page } from "@playwright/test";
import { adminRooms } from "../../../src/shared/admin-rooms";
import { expect, ownSiteTest, seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();

/** Waits until the page's islands are hydrated and their first requests answered, nothing left loading. */
async function settled(page: Page) {
  await islandsHydrated(page);
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".skeleton")).toHaveCount(0);
}

// axe goes in as an inline script, which the strict CSP would block; a record that is gone answers 404.
test.use({ bypassCSP: true });
let records: { userId: string; bookingId: string; orderNumber: string; enquiryId: string } | undefined;
const stamp = Date.now();

// Once per worker (again after a failure restarts it), so each seeding has names of its own.
test.beforeAll(({ ownSite }) => {
  const run = `${stamp}${Math.floor(Math.random() * 1e6)}`;
  records = seed(ownSite, "customerWithRecords", `axe-${run}@example.com`, "Axel");
  seed(ownSite, "caseNote", "orders", records.orderNumber, "Asked to ring after 5 pm.", `staff${run}`);
  seed(ownSite, "reviewsToModerate", `axe${run}`);
});

let admins = 0;

const pages: { path: () => string; name: string; dialog?: RegExp }[] = [
  ...adminRooms.map((r) => ({ path: () => r.href, name: r.label })),
  { path: () => "/admin/products/new", name: "New product" },
  { path: () => "/admin/products/1/edit", name: "Edit product" },
  { path: () => `/admin/orders/${records!.orderNumber.toLowerCase()}`, name: "An order's record", dialog: /^Order / },
  { path: () => `/admin/bookings/${records!.bookingId}`, name: "A booking's record", dialog: /Partner Check/ },
  { path: () => `/admin/contacts/${records!.enquiryId}`, name: "An enquiry's record", dialog: /^Enquiry from/ },
  { path: () => `/admin/users/${records!.userId}`, name: "A customer's record", dialog: /Axel/ },
];

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const p of pages) {
      test(`${p.name} has no axe violations`, async ({ page, signInAdmin }) => {
        await signInAdmin(`axe${stamp}n${++admins}${Math.floor(Math.random() * 1e6)}`);
        await page.goto(p.path());
        await settled(page);
        if (p.dialog) await expect(page.getByRole("dialog", { name: p.dialog })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test("the reviews' reject and reply dialogs have no axe violations", async ({ page, signInAdmin }) => {
      await signInAdmin(`axe${stamp}n${++admins}${Math.floor(Math.random() * 1e6)}`);
      await page.goto("/admin/reviews?status=pending");
      await settled(page);
      const card = page.getByTestId("review-card").first();
      await card.getByRole("button", { name: "Reject..." }).click();
      await expect(page.getByRole("dialog", { name: "Reject this review?" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await card.getByRole("button", { name: "Reply..." }).click();
      await expect(page.getByRole("dialog", { name: "Reply to this review" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test("the sign-in page has no axe violations", async ({ page }) => {
      await page.goto("/admin/login");
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
