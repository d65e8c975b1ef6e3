/** Public caching is a page's explicit choice, and never for /admin, a signed-in viewer or a query; a page rendered per request is compressed only when it is large. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { adminWithToken } from "../../tests/factories";
import { customerWithSession } from "../../tests/factories";
import { aboutPage } from "../pages/about";
import { withCachedPages } from "./fast-path";
import { clearPagesAfterAdminWrites } from "./middleware/clear-pages-after-admin-writes";
import { compressPage } from "./page-cache";
import { freshPageCompressedFrom, servePage } from "./render-page";
import { brotliDecompressSync } from "node:zlib";

let t: TestApp;
let handle: ReturnType<typeof withCachedPages>;
const server = { requestIP: () => ({ address: "203.0.113.9", family: "IPv4", port: 1 }) };
beforeAll(() => {
  t = createTestApp();
  // Routes this test adds to the real app, as an admin shell or a page without a choice would be.
  t.app.get("/admin/test-shell", (c) => servePage(t.deps, c, (site) => ({ ...aboutPage(site), path: "/admin/test-shell" }), { cache: "public" }));
  t.app.get("/admin/other-shell", (c) => servePage(t.deps, c, (site) => ({ ...aboutPage(site), path: "/admin/other-shell" }), { cache: "public" }));
  t.app.get("/no-choice", (c) => servePage(t.deps, c, aboutPage));
  // A page rendered per request and larger than the first flight: the about page with a long paragraph.
  t.app.get("/large-fresh", (c) =>
    servePage(t.deps, c, (site) => {
      const def = aboutPage(site);
      return {
        ...def,
        body: (
          <>
            {def.body}
            <p>{"Ünïcode filler. ".repeat(1000)}</p>
          </>
        ),
      };
    }),
  );
  t.app.use("/api/admin/*", clearPagesAfterAdminWrites(t.deps));
  t.app.post("/api/admin/thing", (c) => c.json({ ok: true }));
  t.app.post("/api/admin/refused", (c) => c.json({ error: { code: "validation_error", message: "no" } }, 400));
  handle = withCachedPages(t.deps.pageCache, t.app);
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => handle(new Request(`http://localhost${path}`, { headers }), server);

test("a page is rendered per request unless its route chooses public caching", async () => {
  t.deps.pageCache.clear();
  const res = await get("/no-choice");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(t.deps.pageCache.size).toBe(0);
  const about = await get("/about");
  expect(about.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  expect(t.deps.pageCache.get("/about")).toBeDefined();
});

test("/admin is never cached, even when a route asks", async () => {
  t.deps.pageCache.clear();
  for (const path of ["/admin/test-shell", "/admin/other-shell"]) {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(t.deps.pageCache.get(path)).toBeUndefined();
  }
});

test("the fast path never serves /admin: the cache refuses to keep such a page, whatever asks", async () => {
  const planted = compressPage("<!doctype html><p>planted admin page</p>", 200, {});
  for (const path of ["/admin", "/admin/products", "/Admin/anything"]) t.deps.pageCache.set(path, planted);
  for (const path of ["/admin", "/admin/products", "/Admin/anything"]) expect(t.deps.pageCache.get(path)).toBeUndefined();
  t.deps.pageCache.set("/about", planted); // proves the shortcut is live for other paths
  expect(await (await get("/about")).text()).toContain("planted admin page");
  for (const path of ["/admin", "/admin/products", "/Admin/anything"]) expect(await (await get(path)).text()).not.toContain("planted admin page");
  t.deps.pageCache.clear();
});

test("signed-in and query-carrying requests are never cached", async () => {
  t.deps.pageCache.clear();
  const { cookie } = customerWithSession(t.db, "ann@example.com");
  expect((await get("/about", { Cookie: cookie })).headers.get("cache-control")).toBe("private, no-store");
  expect((await get("/about?x=1")).headers.get("cache-control")).toBe("private, no-store");
  expect(t.deps.pageCache.size).toBe(0);
});

test("a successful admin API write clears the cache; a refused one does not", async () => {
  const headers = { Origin: "http://localhost", Authorization: adminWithToken(t.db, "owner").authorization };
  await get("/about");
  expect(t.deps.pageCache.size).toBeGreaterThan(0);
  await t.request("/api/admin/refused", { method: "POST", headers });
  expect(t.deps.pageCache.size).toBeGreaterThan(0);
  const ok = await t.request("/api/admin/thing", { method: "POST", headers });
  expect(ok.status).toBe(200);
  expect(t.deps.pageCache.size).toBe(0);
});

test("a page rendered per request is compressed only when it is larger than TCP's first flight", async () => {
  // Signed in: the page links the stylesheet (a signed-out one carries its styles inline, decision
  // 092, which makes it larger than the first flight).
  const { cookie } = customerWithSession(t.db, "small-page@example.com");
  const small = await get("/no-choice", { "Accept-Encoding": "br, gzip", Cookie: cookie });
  expect(small.headers.get("content-encoding")).toBeNull();
  const smallHtml = await small.text();
  expect(Buffer.byteLength(smallHtml)).toBeLessThan(freshPageCompressedFrom);
  expect(smallHtml).toContain("Our Story");

  const plain = await (await get("/large-fresh")).text();
  expect(Buffer.byteLength(plain)).toBeGreaterThan(freshPageCompressedFrom);
  const gz = await get("/large-fresh", { "Accept-Encoding": "br, gzip" });
  expect(gz.headers.get("content-encoding")).toBe("gzip");
  expect(gz.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  const gzBytes = new Uint8Array(await gz.arrayBuffer());
  expect(gzBytes.length).toBeLessThan(Buffer.byteLength(plain) / 4);
  expect(new TextDecoder().decode(Bun.gunzipSync(gzBytes))).toBe(plain);
  const br = await get("/large-fresh", { "Accept-Encoding": "br" });
  expect(br.headers.get("content-encoding")).toBe("br");
  expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString("utf8")).toBe(plain);
  const none = await get("/large-fresh", { "Accept-Encoding": "identity" });
  expect(none.headers.get("content-encoding")).toBeNull();
});
