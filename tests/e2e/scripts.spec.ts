/**
 * What JavaScript each page loads: pages without islands load none, the home page only the small
 * visitor-counter script, and the contact page loads React only once the form is scrolled into view.
 * (The services page loads React only on the first press of a Select button: payment-dialog.spec.ts.)
 */
import { test, expect, collectScripts } from "./fixtures";
import { afterTwoFrames, contactForm, contactIsland } from "./helpers";

test.describe("pages without islands", () => {
  for (const path of ["/about", "/privacy"]) {
    test(`${path} loads no script at all`, async ({ page, request }) => {
      const scripts = collectScripts(page);
      await page.goto(path, { waitUntil: "load" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(scripts).toEqual([]);
      // Nothing in the HTML could load one later either.
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<script(?![^>]*type="application\/(ld\+)?json")[^>]*>/);
      expect(html).not.toContain("modulepreload");
    });
  }

  test.describe("404", () => {
    test.use({ allowConsoleErrors: [/status of 404/] });
    test("the 404 page loads no script at all", async ({ page }) => {
      const scripts = collectScripts(page);
      const res = await page.goto("/no-such-page", { waitUntil: "load" });
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
      expect(scripts).toEqual([]);
    });
  });
});

test.describe("home page visitor counter", () => {
  const counter = (page: import("@playwright/test").Page) => page.getByText(/^Total visits:/);
  const readCount = async (page: import("@playwright/test").Page) => {
    await expect(counter(page)).toHaveText(/^Total visits: [\d,]+$/);
    return Number((await counter(page).textContent())!.replace(/\D/g, ""));
  };

  test("/ loads only the counter script", async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto("/", { waitUntil: "load" });
    await expect(counter(page)).toBeVisible();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/counter-[^/]+\.js$/);
  });

  test("the footer shows the total from 3333 up, and a reload counts one more visit", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(/^Total visits:/)).toBeVisible();
    const first = await readCount(page);
    expect(first).toBeGreaterThanOrEqual(3333);

    await page.reload();
    await expect.poll(() => readCount(page)).toBe(first + 1);
  });

  test.describe("when counting fails", () => {
    // A 500 from the (intercepted) API is logged by Chromium as a console error; the page itself only warns.
    test.use({ allowConsoleErrors: [/status of 500/] });

    test("a failed POST falls back to GET and still shows the count", async ({ page, request }) => {
      const current = ((await (await request.get("/api/visitor-count")).json()) as { count: number }).count;
      await page.route("**/api/visitor-count", (route) =>
        route.request().method() === "POST" ? route.fulfill({ status: 500, body: "boom" }) : route.fallback(),
      );
      const fallback = page.waitForRequest((r) => r.url().endsWith("/api/visitor-count") && r.method() === "GET");
      await page.goto("/");
      await fallback;
      await expect.poll(() => readCount(page)).toBe(current);
    });

    test("when both POST and GET fail the counter stays hidden", async ({ page }) => {
      await page.route("**/api/visitor-count", (route) => route.fulfill({ status: 500, body: "boom" }));
      const gaveUp = page.waitForEvent("console", (m) => m.text().includes("Failed to get visitor count"));
      await page.goto("/");
      await gaveUp;
      await expect(counter(page)).toBeHidden();
    });
  });

  test("no other page counts a visit or shows the counter", async ({ page }) => {
    const counts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/visitor-count")) counts.push(r.method());
    });
    for (const path of ["/services", "/about", "/contact"]) {
      await page.goto(path);
      await expect(page.getByRole("contentinfo")).not.toContainText("Total visits");
    }
    expect(counts).toEqual([]);
  });
});

test.describe("contact page hydration", () => {
  // A short window, so the form is well below the fold (and outside the observer's margin) at load.
  test.use({ viewport: { width: 1280, height: 600 } });

  test("React loads only once the form is scrolled into view, then the island is hydrated", async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto("/contact", { waitUntil: "load" });
    const island = contactIsland(page);
    await expect(island).toHaveAttribute("data-state", "pending");
    await afterTwoFrames(page);

    expect(
      scripts.some((s) => s.startsWith("/assets/entry-")),
      "the small island entry script",
    ).toBe(true);
    expect(scripts.filter((s) => s.startsWith("/assets/hydrate-") || s.startsWith("/assets/ContactForm-"))).toEqual([]);
    await expect(island).toHaveAttribute("data-state", "pending");

    await contactForm(page).scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute("data-state", "hydrated");
    expect(scripts.some((s) => s.startsWith("/assets/hydrate-"))).toBe(true);
    expect(scripts.some((s) => s.startsWith("/assets/ContactForm-"))).toBe(true);
  });

  test("opening /contact#contact-form hydrates the form straight away", async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto("/contact#contact-form");
    await expect(contactIsland(page)).toHaveAttribute("data-state", "hydrated");
    expect(scripts.some((s) => s.startsWith("/assets/hydrate-"))).toBe(true);
  });
});
