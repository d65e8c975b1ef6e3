/**
 * A package's booking address opened directly (a bookmark, a shared link, or a tap on Book Now
 * before the page's script has run) shows that package's calendar with no error in the page.
 * The fixture fails the test on any uncaught error, such as React's "could not finish this
 * Suspense boundary" (#419) when the server tries to render the lazily loaded form.
 */
import { expect, test } from "./fixtures";

test("opening /booking?service=partner directly shows the Partner Check calendar, with no error", async ({ page, signIn }) => {
  await signIn("direct@example.com");
  await page.goto("/booking?service=partner");
  await expect(page.locator('pi-island[data-island="BookingFlow"]')).toHaveAttribute("data-state", "hydrated");
  await expect(page.getByLabel("Service")).toHaveValue("Partner Check");
  await expect(page.locator("[data-day][data-today]")).toHaveCount(1);
  await expect(page.getByRole("link", { name: /Back to Services/ })).toBeVisible();
});
