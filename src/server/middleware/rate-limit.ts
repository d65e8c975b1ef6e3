/**
 * Fixed-window rate limiting in memory, per key (usually the client address). One process serves
 * the site, so memory is the right place; counters reset when the window passes. Every new key
 * costs memory, and keys are chosen by clients, so the map is bounded: expired windows go first,
 * then the oldest windows once `maxKeys` is reached.
 */
import type { Context, MiddlewareHandler } from "hono";
import { tooManyRequests } from "../errors";
import { clientIp } from "../client-ip";

type Window = { count: number; resetAt: number };

export class RateLimiter {
  // Insertion order is window-start order (a new window is re-inserted), so the first entries
  // are always the oldest: expiring and evicting only ever look at the front.
  private windows = new Map<string, Window>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly maxKeys = 10_000,
  ) {}

  /** Counts one hit for `key`; returns seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.delete(key);
      this.expire(now);
      for (const oldest of this.windows.keys()) {
        if (this.windows.size < this.maxKeys) break;
        this.windows.delete(oldest);
      }
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count > this.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  /** Seconds until `key` may try again, without counting a hit; 0 when not limited. */
  retryAfter(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now || w.count < this.max) return 0;
    return Math.ceil((w.resetAt - now) / 1000);
  }

  /** Gives back one hit counted for `key` (an attempt reserved up front that turned out fine). */
  release(key: string) {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count--;
  }

  /** Forgets `key` (after a successful sign-in, for example). */
  clear(key: string) {
    this.windows.delete(key);
  }

  reset() {
    this.windows.clear();
  }

  /** How many keys are held (for tests and health checks). */
  get size() {
    return this.windows.size;
  }

  private expire(now: number) {
    for (const [k, w] of this.windows) {
      if (w.resetAt > now) return;
      this.windows.delete(k);
    }
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
