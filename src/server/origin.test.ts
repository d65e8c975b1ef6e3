import { afterEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { createUser } from "../db/users.server";
import { publicUrlWarning, siteOrigin } from "./origin";

let t: TestApp | undefined;
afterEach(() => t?.close());

const forged = { Host: "evil.tld", "X-Forwarded-Host": "evil.tld", "X-Forwarded-Proto": "https" };

function mailTexts(app: TestApp) {
  return (app.db.$client.query("SELECT text FROM outbox").all() as { text: string }[]).map((r) => r.text);
}

test("a reset e-mail asked for with a forged Host and X-Forwarded-Host links to PUBLIC_URL", async () => {
  t = createTestApp({ PUBLIC_URL: "https://pi.example", TRUST_PROXY: "1" });
  createUser(t.db, { email: "ann@example.com" });
  const res = await t.request("http://evil.tld/forgot-password", {
    method: "POST",
    headers: { ...forged, Origin: "https://pi.example" },
    body: new URLSearchParams({ email: "ann@example.com" }),
  });
  expect(res.status).toBe(200);
  const [text] = mailTexts(t).filter((m) => m.includes("reset-password"));
  expect(text).toContain("https://pi.example/reset-password?token=");
  expect(text).not.toContain("evil.tld");
});

test("without PUBLIC_URL, a forged Host still gets links to localhost:PORT", async () => {
  t = createTestApp({ PUBLIC_URL: "", PORT: "4321" });
  createUser(t.db, { email: "ann@example.com" });
  // A matching Origin passes the cross-site check (nothing to compare with), but builds no link.
  const res = await t.request("http://evil.tld/forgot-password", {
    method: "POST",
    headers: { ...forged, Origin: "http://evil.tld" },
    body: new URLSearchParams({ email: "ann@example.com" }),
  });
  expect(res.status).toBe(200);
  const [text] = mailTexts(t).filter((m) => m.includes("reset-password"));
  expect(text).toContain("http://localhost:4321/reset-password?token=");
  expect(text).not.toContain("evil.tld");
});

test("a cached page first rendered for a forged Host carries the configured canonical link", async () => {
  t = createTestApp({ PUBLIC_URL: "https://pi.example", TRUST_PROXY: "1" });
  const first = await (await t.request("http://evil.tld/about", { headers: forged })).text();
  expect(first).toContain(`<link rel="canonical" href="https://pi.example/about">`);
  const later = await (await t.request("/about")).text();
  expect(later).toContain(`<link rel="canonical" href="https://pi.example/about">`);
  expect(later).not.toContain("evil.tld");
  const sitemap = await (await t.request("http://evil.tld/sitemap.xml", { headers: forged })).text();
  expect(sitemap).toContain("https://pi.example/");
  expect(sitemap).not.toContain("evil.tld");
});

test("the fallback origin is localhost:PORT, with a warning only when PUBLIC_URL is missing", () => {
  expect(siteOrigin({ env: { PUBLIC_URL: undefined, PORT: 8080 } })).toBe("http://localhost:8080");
  expect(siteOrigin({ env: { PUBLIC_URL: "https://pi.example/some/path", PORT: 8080 } })).toBe("https://pi.example");
  expect(publicUrlWarning({ PUBLIC_URL: undefined, PORT: 8080 })).toContain("PUBLIC_URL");
  expect(publicUrlWarning({ PUBLIC_URL: "https://pi.example", PORT: 8080 })).toBeNull();
});
