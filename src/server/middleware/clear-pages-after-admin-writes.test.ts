import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { Hono } from "hono";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { AppEnv } from "../deps";
import { clearPagesAfterAdminWrites } from "./clear-pages-after-admin-writes";

let t: TestApp;
let app: Hono<AppEnv>;
beforeAll(() => {
  t = createTestApp();
  app = new Hono<AppEnv>().use("/api/admin/*", clearPagesAfterAdminWrites(t.deps));
  app.all("/api/admin/ok", (c) => c.json({ ok: true }));
  app.all("/api/admin/refused", (c) => c.json({ error: { code: "validation_error", message: "no" } }, 400));
  app.all("/api/elsewhere", (c) => c.json({ ok: true }));
});
afterAll(() => t.close());

/** Warms the public page cache with the home page, as an anonymous visitor would. */
beforeEach(async () => {
  await t.request("/");
  expect(t.deps.pageCache.size).toBeGreaterThan(0);
});

test("a successful admin write clears the public page cache", async () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    await t.request("/");
    await app.request("/api/admin/ok", { method });
    expect(t.deps.pageCache.size).toBe(0);
  }
});

test("admin reads, refused admin writes and writes elsewhere keep it", async () => {
  const before = t.deps.pageCache.size;
  await app.request("/api/admin/ok");
  await app.request("/api/admin/refused", { method: "POST" });
  await app.request("/api/elsewhere", { method: "POST" });
  expect(t.deps.pageCache.size).toBe(before);
});
