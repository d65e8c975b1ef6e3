import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { withCachedPages } from "./fast-path";

let t: TestApp;
let handle: ReturnType<typeof withCachedPages>;
const server = { requestIP: () => ({ address: "203.0.113.9", family: "IPv4", port: 1 }) };
beforeAll(() => {
  t = createTestApp({ PAYPAL_CLIENT_ID: "client", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_API_BASE: "http://127.0.0.1:9" });
  handle = withCachedPages(t.deps.pageCache, t.app);
});
afterAll(() => t.close());

const get = async (path: string, headers: Record<string, string> = {}) => await handle(new Request(`http://localhost${path}`, { headers }), server);

test("a cached anonymous page is answered with exactly the headers and bytes the app gives", async () => {
  const viaApp = await t.request("/about", { headers: { "Accept-Encoding": "br" } }); // fills the cache
  const fast = await get("/about", { "Accept-Encoding": "br" });
  expect(fast.status).toBe(200);
  expect(Object.fromEntries(fast.headers)).toEqual(Object.fromEntries(viaApp.headers));
  expect(new Uint8Array(await fast.arrayBuffer())).toEqual(new Uint8Array(await viaApp.arrayBuffer()));
  expect(fast.headers.get("content-security-policy")).toContain("script-src 'self'");
  const again = await get("/about", { "If-None-Match": fast.headers.get("etag")! });
  expect(again.status).toBe(304);
});

test("a page's own relaxed policy survives the shortcut (the services page with PayPal)", async () => {
  const viaApp = await t.request("/services");
  const fast = await get("/services");
  expect(fast.headers.get("content-security-policy")).toBe(viaApp.headers.get("content-security-policy"));
  expect(fast.headers.get("content-security-policy")).toContain("paypal.com");
  expect(fast.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  expect((await get("/about")).headers.get("content-security-policy")).not.toContain("paypal");
});

test("signed-in, query-carrying and non-canonical requests go through the app", async () => {
  await t.request("/contact");
  // Cached under its canonical path, the page is not what another spelling gets: the app redirects.
  expect((await get("/Contact")).status).toBe(301);
  expect((await get("//contact")).status).toBe(301);
  t.deps.pageCache.clear();
  // Nothing cached now: a request must reach the app and render, not fail.
  expect((await get("/contact")).status).toBe(200);
  expect((await get("/Contact")).status).toBe(301);
  const signedIn = await get("/contact", { Cookie: "pi_session=not-a-real-token" });
  expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("pi_session=;"))).toBe(true); // the app cleared it
  expect((await get("/contact?sent=1")).headers.get("cache-control")).toBe("private, no-store");
});

test("each encoding and a matching ETag answer from the shortcut exactly what the app answers", async () => {
  t.deps.pageCache.clear();
  for (const accept of ["br, gzip", "gzip", "identity", ""]) {
    const viaApp = await t.request("/about", { headers: { "Accept-Encoding": accept } });
    const appBody = new Uint8Array(await viaApp.arrayBuffer());
    // Twice: the first builds the ready answer for this encoding, the second clones it.
    for (let i = 0; i < 2; i++) {
      const fast = await get("/about", { "Accept-Encoding": accept });
      expect(Object.fromEntries(fast.headers)).toEqual(Object.fromEntries(viaApp.headers));
      expect(new Uint8Array(await fast.arrayBuffer())).toEqual(appBody);
    }
  }
  const etag = (await get("/about")).headers.get("etag")!;
  const appNotModified = await t.request("/about", { headers: { "If-None-Match": etag } });
  expect(appNotModified.status).toBe(304);
  for (let i = 0; i < 2; i++) {
    const fast = await get("/about", { "If-None-Match": etag, "Accept-Encoding": "br" });
    expect(fast.status).toBe(304);
    expect(Object.fromEntries(fast.headers)).toEqual(Object.fromEntries(appNotModified.headers));
    expect(await fast.text()).toBe("");
  }
});
