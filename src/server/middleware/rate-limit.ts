/**
 * Fixed-window rate limiting per key (usually the client address), counted where every worker
 * process sees it: the limits' file in the data directory (src/db/limits.server.ts, decision 090).
 * A guess through one worker counts in all of them, and a lock taken in one refuses in every other.
 * Counters reset when the window passes. Every new key costs a row, and keys are chosen by clients,
 * so the rows are bounded, but a lock is never given up to make room (decision 023): a window that
 * reached the limit becomes a lock, which nothing evicts; open windows make room by dropping the
 * expired, then the oldest. When the locks are full of live ones, every new key is refused until one
 * expires: a flood can delay honest clients, but never unlock an account.
 *
 * Every method is synchronous (bun:sqlite is), so a caller still takes its hit before its first
 * await: the reservation is the count.
 */
import type { Context, MiddlewareHandler } from "hono";
import { type Hit, type LimitRule, LimitStore } from "../../db/limits.server";
import { tooManyRequests } from "../errors";
import { clientIp } from "../client-ip";

/** Where a limiter counts: the shared store and its name there (the same in every worker). */
export type LimitPlace = { store: LimitStore; name: string };

export class RateLimiter {
  readonly #store: LimitStore;
  readonly #rule: LimitRule;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    /** Open windows kept at most. */
    readonly maxKeys = 10_000,
    /** Locked keys kept at most; past this every key is refused until a lock expires. */
    readonly maxLocks = 10_000,
    /** Alone (a test's own limiter) it counts in a store of its own, in this process's memory. */
    place: LimitPlace = { store: new LimitStore(), name: "limiter" },
  ) {
    this.#store = place.store;
    this.#rule = { name: place.name, max, windowMs, maxKeys, maxLocks };
    this.#store.register(place.name);
  }

  /** Counts one hit for `key`; returns seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    return this.#store.hit(this.#rule, key, now).wait;
  }

  /**
   * `hit`, also answering the window's count with this hit, read in the same step: another worker's
   * hit may come between a hit and a later `retryAfter`, so "this attempt reached the limit" is
   * `count === max` here, never a second look.
   */
  take(key: string, now = Date.now()): Hit {
    return this.#store.hit(this.#rule, key, now);
  }

  /** Seconds until `key` may try again, without counting a hit; 0 when not limited. */
  retryAfter(key: string, now = Date.now()): number {
    return this.#store.retryAfter(this.#rule, key, now);
  }

  /** Gives back one hit counted for `key` (an attempt reserved up front that turned out fine). */
  release(key: string) {
    this.#store.release(this.#rule, key);
  }

  /** Forgets `key` (after a successful sign-in, for example). */
  clear(key: string) {
    this.#store.clear(this.#rule, key);
  }

  reset() {
    this.#store.reset(this.#rule);
  }

  /** How many keys are held (for tests and health checks). */
  get size() {
    return this.#store.size(this.#rule);
  }
}

/** Middleware answering 429 (JSON error shape, Retry-After) past `limiter`'s limit per address. */
export function rateLimit(limiter: RateLimiter, message: string, key: (c: Context) => string = clientIp): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.hit(key(c));
    if (wait > 0) throw tooManyRequests(message, wait);
    await next();
  };
}
