import { expect, setSystemTime, test } from "bun:test";
import { localDate } from "../domain/timezone";
import { testAppPerTest } from "../../tests/helpers/per-test";

const t = testAppPerTest();

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
  const day = localDate(new Date(), "Australia/Adelaide");
  expect(t.db.$client.query("SELECT visits FROM visit_log WHERE day = ?").get(day)).toEqual({ visits: 100 });
});

test("a visit counts on the business's day, not the server's UTC day", async () => {
  // 20:00 UTC on 1 March is already 2 March in Adelaide (UTC+10:30 in summer) and still 1 March in Los Angeles.
  setSystemTime(new Date("2026-03-01T20:00:00Z"));
  try {
    await t.request("/api/visitor-count", { method: "POST" });
    t.db.$client.run("INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES ('timezone', ?, 0)", [JSON.stringify("America/Los_Angeles")]);
    await t.request("/api/visitor-count", { method: "POST" });
  } finally {
    setSystemTime();
  }
  expect(t.db.$client.query("SELECT day, visits FROM visit_log ORDER BY day").all()).toEqual([
    { day: "2026-03-01", visits: 1 },
    { day: "2026-03-02", visits: 1 },
  ]);
});
