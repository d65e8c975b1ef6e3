import { expect, test } from "bun:test";
import { RateLimiter } from "./rate-limit";

test("counts hits per key and answers the seconds to wait past the limit", () => {
  const limiter = new RateLimiter(2, 60_000);
  expect([limiter.hit("a", 0), limiter.hit("a", 0), limiter.hit("a", 0)]).toEqual([0, 0, 60]);
  expect(limiter.hit("b", 0)).toBe(0);
  expect(limiter.hit("a", 60_000)).toBe(0); // a new window
});

// Floods of 20 times the room: each new key is a write to the store, so 100k would only be slower.
test("stays bounded under 20k distinct keys, evicting the oldest", () => {
  const limiter = new RateLimiter(5, 60_000, 1_000);
  for (let i = 0; i < 20_000; i++) limiter.hit(`key-${i}`, 1_000);
  expect(limiter.size).toBe(1_000);
  expect(limiter.retryAfter("key-19999", 1_000)).toBe(0);
  for (let i = 0; i < 4; i++) limiter.hit("key-19999", 1_000);
  expect(limiter.retryAfter("key-19999", 1_000)).toBe(60); // the newest keys are the ones kept: its first hit counted
  expect(limiter.retryAfter("key-0", 1_000)).toBe(0);
}, 30_000);

test("expired windows are dropped as new keys arrive", () => {
  const limiter = new RateLimiter(5, 1_000);
  for (let i = 0; i < 500; i++) limiter.hit(`old-${i}`, 0);
  limiter.hit("new", 5_000);
  expect(limiter.size).toBe(1);
});

test("a locked key outlives a flood of new keys, and memory stays bounded", () => {
  const limiter = new RateLimiter(5, 60_000, 1_000, 1_000);
  for (let i = 0; i < 5; i++) limiter.hit("ops", 0);
  expect(limiter.retryAfter("ops", 0)).toBe(60);
  for (let i = 0; i < 20_000; i++) limiter.hit(`made-up-${i}`, 1_000);
  expect(limiter.retryAfter("ops", 1_000)).toBe(59);
  expect(limiter.hit("ops", 1_000)).toBe(59);
  expect(limiter.size).toBeLessThanOrEqual(2_000);
  expect(limiter.retryAfter("ops", 60_000)).toBe(0); // the lock ends with its window
}, 30_000);

test("when the locks fill their room, new keys are refused until a lock expires; no lock is dropped", () => {
  const limiter = new RateLimiter(2, 60_000, 100, 10);
  for (let i = 0; i < 10; i++) for (let h = 0; h < 2; h++) limiter.hit(`locked-${i}`, i * 1_000);
  expect(limiter.hit("newcomer", 20_000)).toBe(40); // until locked-0's window ends at 60 s
  expect(limiter.size).toBe(10);
  for (let i = 0; i < 10; i++) expect(limiter.retryAfter(`locked-${i}`, 20_000)).toBeGreaterThan(0);
  expect(limiter.hit("newcomer", 60_000)).toBe(0); // locked-0 expired: room again
  expect(limiter.retryAfter("locked-1", 60_000)).toBe(1);
});

test("a lock given back below the limit is an open window again, and a cleared key is forgotten", () => {
  const limiter = new RateLimiter(2, 60_000, 10, 10);
  limiter.hit("a", 0);
  limiter.hit("a", 0);
  expect(limiter.retryAfter("a", 0)).toBe(60);
  limiter.release("a");
  expect(limiter.retryAfter("a", 0)).toBe(0);
  expect(limiter.hit("a", 0)).toBe(0);
  expect(limiter.hit("a", 0)).toBe(60);
  limiter.clear("a");
  expect(limiter.size).toBe(0);
  expect(limiter.hit("a", 0)).toBe(0);
});
