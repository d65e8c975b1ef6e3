import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.close());

test("the counter starts at 3333; POST counts a visit, GET reads it", async () => {
  expect(await (await t.request("/api/visitor-count")).json()).toEqual({ count: 3333 });
  const res = await t.request("/api/visitor-count", { method: "POST" });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ count: 3334 });
  expect(await (await t.request("/api/visitor-count")).json()).toEqual({ count: 3334 });
});

test("simultaneous visits are each counted once", async () => {
  const results = await Promise.all(
    Array.from({ length: 100 }, () => t.request("/api/visitor-count", { method: "POST" }).then((r) => r.json() as Promise<{ count: number }>)),
  );
  const counts = results.map((r) => r.count).sort((a, b) => a - b);
  expect(new Set(counts).size).toBe(100);
  expect(counts[99]).toBe(3433);
  const day = new Date().toISOString().slice(0, 10);
  expect(t.db.$client.query("SELECT visits FROM visit_log WHERE day = ?").get(day)).toEqual({ visits: 100 });
});
