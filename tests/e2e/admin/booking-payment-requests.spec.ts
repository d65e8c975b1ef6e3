/**
 * /admin/payments in Chromium against the binary, for a booking's payment requests: a request
 * replaced by a later one reads "Cancelled" with nothing to do, the open one offers "Mark paid",
 * and the request of a booking since cancelled is closed with it; at 1280 and 360 px, axe clean.
 * Every rule is proven by src/api/booking-payment-rules.test.ts; this looks at the screen.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, ownSiteTest, type SiteServer, seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();
// axe is injected as a script, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

/** A screenshot to look at, named by the page's width. */
const shot = async (page: Page, name: string) => {
  const shots = process.env.SHOTS_DIR;
  if (shots) await page.screenshot({ path: `${shots}/P-${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

/** The customer with `cookie` asks how to pay for their booking, as the payment dialog does; answers the reference. */
async function requestPayment(request: APIRequestContext, site: SiteServer, cookie: string, bookingId: string, method: "instructions" | "cash") {
  const res = await request.post(`${site.url}/api/payment-requests`, { headers: { Cookie: cookie, Origin: site.url }, data: { bookingId, method } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { referenceCode: string }).referenceCode;
}

for (const width of [1280, 360]) {
  test(`at ${width} px: a replaced request reads Cancelled, only the open one can be marked paid, a cancelled booking's request cannot`, async ({
    page,
    request,
    ownSite,
    signInAdmin,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const ann = seed(ownSite, "customerWithBooking", `ann${width}@example.com`, { time: "free" });
    const replaced = await requestPayment(request, ownSite, ann.cookie, ann.bookingId, "instructions");
    const open = await requestPayment(request, ownSite, ann.cookie, ann.bookingId, "cash");
    const bob = seed(ownSite, "customerWithBooking", `bob${width}@example.com`, { time: "free" });
    const orphan = await requestPayment(request, ownSite, bob.cookie, bob.bookingId, "instructions");
    const cancelled = await request.post(`${ownSite.url}/api/bookings/${bob.bookingId}/cancel`, { headers: { Cookie: bob.cookie, Origin: ownSite.url } });
    expect(cancelled.status()).toBe(200);

    await signInAdmin();
    await page.goto("/admin/payments");
    await islandsHydrated(page);
    const list = page.getByTestId("payments-list");
    const entry = (reference: string) =>
      list
        .getByTestId(width === 360 ? "payment-card" : "payment-row")
        .filter({ hasText: reference })
        .filter({ visible: true });
    await expect(entry(replaced)).toContainText("Cancelled");
    await expect(entry(replaced).getByRole("button")).toHaveCount(0);
    await expect(entry(open)).toContainText("Requested");
    await expect(entry(open).getByRole("button", { name: `Mark paid: ${open}` })).toBeVisible();
    // Cancelling the booking closed its open request (decision 087): nothing is left to mark paid.
    await expect(entry(orphan)).toContainText("Cancelled");
    await expect(entry(orphan).getByRole("button")).toHaveCount(0);
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, "payments");
    expect(await axeViolations(page)).toEqual([]);
  });
}
