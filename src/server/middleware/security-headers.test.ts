import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import type { AppEnv } from "../deps";
import { contentSecurityPolicy, extendSecurityHeaders, securityHeaders } from "./security-headers";

const strict =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe("content security policy", () => {
  test("the site's policy allows only our own scripts, styles and images", () => {
    expect(contentSecurityPolicy(false)).toBe(strict);
    expect(contentSecurityPolicy(true)).toBe(`${strict}; upgrade-insecure-requests`);
  });

  test("an extension adds sources beside 'self', and a new directive keeps 'self'", () => {
    const csp = contentSecurityPolicy(false, { "script-src": ["https://*.example.com"], "frame-src": ["https://pay.example.com"] });
    expect(csp).toContain("script-src 'self' https://*.example.com;");
    expect(csp).toContain("frame-src 'self' https://pay.example.com;");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp.indexOf("frame-src")).toBeLessThan(csp.indexOf("object-src"));
  });

  test("only the route that extends them gets the wider policy and popups that keep their opener", async () => {
    const app = new Hono<AppEnv>();
    app.use(securityHeaders(false));
    app.get("/pay", (c) => {
      extendSecurityHeaders(c, { csp: { "connect-src": ["https://api.example.com"] }, allowPopups: true });
      return c.text("pay");
    });
    app.get("/sources-only", (c) => {
      extendSecurityHeaders(c, { csp: { "img-src": ["https://img.example.com"] } });
      return c.text("img");
    });
    app.get("/other", (c) => c.text("other"));
    const pay = (await app.request("/pay")).headers;
    expect(pay.get("content-security-policy")).toContain("connect-src 'self' https://api.example.com;");
    expect(pay.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect((await app.request("/sources-only")).headers.get("cross-origin-opener-policy")).toBe("same-origin");
    // The extension does not leak into the next response.
    const other = (await app.request("/other")).headers;
    expect(other.get("content-security-policy")).toBe(strict);
    expect(other.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
