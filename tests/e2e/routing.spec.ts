/**
 * Routing and HTTP behaviour: 404 page, canonical lowercase redirects, robots.txt, sitemap.xml,
 * security headers and the health check.
 */
import { test, expect } from "./fixtures";
import { serverPage } from "./helpers";

test.describe("unknown paths", () => {
  // Chromium logs every 404 document load as a console error; that one is expected here.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("show 'Page Not Found' with HTTP 404", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find out the truth, discreetly");
  });

  test("nested unknown paths and the server HTML are 404 too", async ({ request }) => {
    for (const path of ["/services/nothing-here", "/about/team/x", "/.env"]) {
      const { status, text } = await serverPage(request, path);
      expect(status, path).toBe(404);
      expect(text, path).toContain("Page Not Found");
    }
  });

  test("unknown API paths answer JSON 404, not the page", async ({ request }) => {
    const res = await request.get("/api/no-such-endpoint");
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
    const body = (await res.json()) as { error?: { code?: string } };
    expect(body.error?.code).toBe("not_found");
  });
});

test.describe("canonical lowercase URLs", () => {
  test("/ABOUT/ redirects to /about and renders it", async ({ page, request, site }) => {
    const raw = await request.get("/ABOUT/", { maxRedirects: 0 });
    expect(raw.status()).toBe(301);
    expect(raw.headers().location).toBe("/about");

    const res = await page.goto("/ABOUT/");
    expect(res?.status()).toBe(200);
    expect(page.url()).toBe(`${site.url}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  });

  test("/Services redirects to /services and renders it", async ({ page, request, site }) => {
    const raw = await request.get("/Services", { maxRedirects: 0 });
    expect(raw.status()).toBe(301);
    expect(raw.headers().location).toBe("/services");

    await page.goto("/Services");
    expect(page.url()).toBe(`${site.url}/services`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Infidelity Investigation Services");
  });

  test("a trailing slash redirects and the query string survives", async ({ page, request, site }) => {
    const raw = await request.get("/contact/?service=partner", { maxRedirects: 0 });
    expect(raw.status()).toBe(301);
    expect(raw.headers().location).toBe("/contact?service=partner");

    await page.goto("/Contact/?service=partner");
    expect(page.url()).toBe(`${site.url}/contact?service=partner`);
    await expect(page.getByLabel("Service of interest")).toHaveValue("partner");
  });
});

test.describe("search engines", () => {
  test("/robots.txt keeps crawlers out of /admin, /dashboard and /api and points to the sitemap", async ({ request, site }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    const lines = (await res.text()).split(/\r?\n/).map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    for (const path of ["/admin", "/dashboard", "/api"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  test("/sitemap.xml lists the public pages, and each of them answers 200", async ({ request, site }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ["/", "/services", "/about", "/contact", "/privacy"]) {
      expect(locs).toContain(`${site.url}${path}`);
      expect((await request.get(`${site.url}${path}`)).status(), path).toBe(200);
    }
    // Private areas never appear in the sitemap.
    expect(locs.filter((l) => /\/(admin|dashboard|api)(\/|$)/.test(new URL(l!).pathname))).toEqual([]);
  });
});

test.describe("security headers and health", () => {
  for (const path of ["/", "/contact", "/no-such-page", "/robots.txt", "/api/visitor-count", "/healthz"]) {
    test(`${path} carries a Content-Security-Policy with script-src 'self' and X-Content-Type-Options`, async ({ request }) => {
      const res = await request.get(path);
      const csp = res.headers()["content-security-policy"];
      expect(csp, "Content-Security-Policy header").toBeTruthy();
      const scriptSrc = csp!
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("script-src"));
      expect(scriptSrc).toBe("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    });
  }

  test("hashed assets also carry the security headers", async ({ request }) => {
    // The portal links the stylesheet (a signed-out visitor's page carries its rules inline, decision 092).
    const { html } = await serverPage(request, "/admin/login");
    const css = html.match(/href="(\/assets\/app-[^"]+\.css)"/)?.[1];
    expect(css, "stylesheet link in the portal's sign-in page").toBeTruthy();
    const res = await request.get(css!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("/healthz answers ok", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
