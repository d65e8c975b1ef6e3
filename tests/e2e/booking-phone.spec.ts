/**
 * Booking on a small phone (360×740): the time chips stay on one line and the chosen one is
 * plainly chosen (pressed, in the primary colour like the confirm button), not greyed out.
 */
import { expect, seed, test } from "./fixtures";
import { businessDayAfter } from "./helpers";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test("the time chips fit on one line each and the chosen time looks chosen", async ({ page, site, signIn }) => {
  await signIn("chips@example.com");
  await page.goto("/booking");
  await page.getByRole("link", { name: /Book Now.*Discreet Check Up/ }).tap();
  await expect(page).toHaveURL(/service=checkup/);
  const today = await page.locator("[data-day][data-today]").getAttribute("data-day");
  const day = businessDayAfter(today!);
  seed(site, "openSlots", day, day);
  const dayButton = page.locator(`[data-day="${day}"]:not([data-outside]) button`);
  for (let i = 0; i < 2 && !(await dayButton.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).click();
  await dayButton.tap();

  const chips = page.getByRole("group", { name: "Available times" }).getByRole("button");
  await expect(chips.first()).toBeVisible();
  expect(await chips.count()).toBeGreaterThan(3);
  // One line each: the text of every chip lies on a single line box.
  const lines = await chips.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [el.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
    }),
  );
  expect(lines.filter(([, n]) => n !== 1)).toEqual([]);

  const chosen = page.getByRole("button", { name: "10:00 am" });
  await chosen.tap();
  await expect(chosen).toHaveAttribute("aria-pressed", "true");
  await expect(chosen).toBeEnabled();
  const confirm = page.getByRole("button", { name: "Confirm Booking" });
  await expect(confirm).toBeEnabled();
  const style = (el: Element) => {
    const s = getComputedStyle(el);
    return { buttonColour: s.getPropertyValue("--btn-color"), background: s.backgroundColor, color: s.color, opacity: s.opacity };
  };
  // Colours are read away from the finger (no hover) once their transitions have run.
  await page.getByRole("heading", { level: 1 }).tap();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await chosen.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/booking-chips-360.png" });
  const chosenStyle = await chosen.evaluate(style);
  const otherStyle = await page.getByRole("button", { name: "11:00 am" }).evaluate(style);
  const confirmStyle = await confirm.evaluate(style);
  // The primary colour and its text colour, as on the confirm button (pressed, so a shade darker), at full opacity.
  expect(chosenStyle.buttonColour).toBe(confirmStyle.buttonColour);
  expect(chosenStyle.color).toBe(confirmStyle.color);
  expect(chosenStyle.opacity).toBe("1");
  expect(chosenStyle.background).not.toBe(otherStyle.background);
  expect(otherStyle.buttonColour).not.toBe(confirmStyle.buttonColour);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
