import { expect, test } from "bun:test";
import { RateLimiter } from "./rate-limit";

test("counts hits per key and answers the seconds to wait past the limit", () => {
  const limiter = new RateLimiter(2, 60_000);
  expect([limiter.hit("a", 0), limiter.hit("a", 0), limiter.hit("a", 0)]).toEqual([0, 0, 60]);
  expect(limiter.hit("b", 0)).toBe(0);
  expect(limiter.hit("a", 60_000)).toBe(0); // a new window
});

test("stays bounded under 100k distinct keys, evicting the oldest", () => {
  const limiter = new RateLimiter(5, 60_000, 1_000);
  for (let i = 0; i < 100_000; i++) limiter.hit(`key-${i}`, 1_000);
  expect(limiter.size).toBe(1_000);
  expect(limiter.retryAfter("key-99999", 1_000)).toBe(0);
  for (let i = 0; i < 5; i++) limiter.hit("key-99999", 1_000);
  expect(limiter.retryAfter("key-99999", 1_000)).toBe(60); // the newest keys are the ones kept
});

test("expired windows are dropped as new keys arrive", () => {
  const limiter = new RateLimiter(5, 1_000);
  for (let i = 0; i < 500; i++) limiter.hit(`old-${i}`, 0);
  limiter.hit("new", 5_000);
  expect(limiter.size).toBe(1);
});
