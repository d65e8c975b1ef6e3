import { expect, test } from "bun:test";
import { countRows } from "../../../tests/helpers/test-app";
import { testAppPerTest } from "../../../tests/helpers/per-test";
import { browser, testOrigin } from "../../../tests/helpers/browser";

const t = testAppPerTest();

async function signedIn(email = "ann@example.com") {
  const b = browser(t);
  await b.signUp(email);
  expect(countRows(t, "sessions")).toBe(1);
  return b;
}

test("a cross-site GET /api/logout signs nobody out and offers a same-site Sign out button", async () => {
  const b = await signedIn();
  const res = await b.get("/api/logout", { "Sec-Fetch-Site": "cross-site" });
  expect(res.status).toBe(403);
  const html = await res.text();
  expect(html).toMatch(/<form[^>]*action="\/api\/logout" method="post"><button type="submit"[^>]*>Sign out<\/button>/);
  expect(countRows(t, "sessions")).toBe(1);
  // The button's POST, from our page, signs out.
  const done = await b.post("/api/logout", {});
  expect(done.status).toBe(303);
  expect(countRows(t, "sessions")).toBe(0);
});

test("without Sec-Fetch-Site, another site's Referer or no evidence at all is refused", async () => {
  const b = await signedIn();
  expect((await b.get("/api/logout", { Referer: "https://evil.tld/page" })).status).toBe(403);
  expect((await b.get("/api/logout")).status).toBe(403);
  expect(countRows(t, "sessions")).toBe(1);
  const ok = await b.get("/api/logout", { Referer: `${testOrigin}/dashboard` });
  expect(ok.status).toBe(302);
  expect(countRows(t, "sessions")).toBe(0);
});

test("the navigation's link (same-origin) and a typed address sign out", async () => {
  const b = await signedIn();
  const res = await b.get("/api/logout", { "Sec-Fetch-Site": "same-origin" });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/");
  expect(countRows(t, "sessions")).toBe(0);
  const c = await signedIn("bob@example.com");
  expect((await c.get("/api/logout", { "Sec-Fetch-Site": "none" })).status).toBe(302);
  expect(countRows(t, "sessions")).toBe(0);
});

test("a POST /api/logout from another site is refused", async () => {
  const b = await signedIn();
  expect((await b.post("/api/logout", {}, { Origin: "https://evil.tld" })).status).toBe(403);
  expect(countRows(t, "sessions")).toBe(1);
});
