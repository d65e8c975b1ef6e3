/**
 * Fixed-window rate limiting in memory, per key (usually the client address). One process serves
 * the site, so memory is the right place; counters reset when the window passes. Every new key
 * costs memory, and keys are chosen by clients, so the memory is bounded, but a lock is never
 * given up to make room (decision 023): a window that reached the limit moves to `locks`, which
 * nothing evicts; open windows make room by dropping the expired, then the oldest. When `locks`
 * is full of live locks, every new key is refused until one expires: a flood can delay honest
 * clients, but never unlock an account.
 */
import type { Context, MiddlewareHandler } from "hono";
import { tooManyRequests } from "../errors";
import { clientIp } from "../client-ip";

type Window = { count: number; resetAt: number };

export class RateLimiter {
  // Insertion order is window-start order (a new window is re-inserted), so the first entries
  // are always the oldest: expiring and evicting only ever look at the front.
  private windows = new Map<string, Window>();
  // Windows that reached the limit, until they expire. Never evicted.
  private locks = new Map<string, Window>();
  // No lock expires before this moment, so a full `locks` is not swept again until then.
  private nextLockExpiry = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    /** Open windows kept at most. */
    readonly maxKeys = 10_000,
    /** Locked keys kept at most; past this every key is refused until a lock expires. */
    readonly maxLocks = 10_000,
  ) {}

  /** Counts one hit for `key`; returns seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    let w = this.current(key, now);
    if (!w) {
      if (this.locksFull(now)) return Math.max(1, Math.ceil((this.nextLockExpiry - now) / 1000));
      this.expire(now);
      for (const oldest of this.windows.keys()) {
        if (this.windows.size < this.maxKeys) break;
        this.windows.delete(oldest);
      }
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count >= this.max && this.windows.delete(key)) this.lock(key, w);
    return w.count > this.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  /** Seconds until `key` may try again, without counting a hit; 0 when not limited. */
  retryAfter(key: string, now = Date.now()): number {
    const w = this.current(key, now);
    if (!w || w.count < this.max) return 0;
    return Math.ceil((w.resetAt - now) / 1000);
  }

  /** Gives back one hit counted for `key` (an attempt reserved up front that turned out fine). */
  release(key: string) {
    const w = this.windows.get(key) ?? this.locks.get(key);
    if (!w || w.count === 0) return;
    w.count--;
    // Below the limit again: an open window, which may make room like any other.
    if (w.count < this.max && this.locks.delete(key)) this.windows.set(key, w);
  }

  /** Forgets `key` (after a successful sign-in, for example). */
  clear(key: string) {
    this.windows.delete(key);
    this.locks.delete(key);
  }

  reset() {
    this.windows.clear();
    this.locks.clear();
    this.nextLockExpiry = 0;
  }

  /** How many keys are held (for tests and health checks). */
  get size() {
    return this.windows.size + this.locks.size;
  }

  /** `key`'s window while it lasts; an expired one is dropped. */
  private current(key: string, now: number): Window | undefined {
    const w = this.windows.get(key) ?? this.locks.get(key);
    if (w && w.resetAt <= now) {
      this.windows.delete(key);
      this.locks.delete(key);
      return undefined;
    }
    return w;
  }

  private lock(key: string, w: Window) {
    this.locks.set(key, w);
    this.nextLockExpiry = this.nextLockExpiry === 0 ? w.resetAt : Math.min(this.nextLockExpiry, w.resetAt);
  }

  /** True when `locks` holds `maxLocks` live locks; sweeps the expired ones first, at most once per expiry. */
  private locksFull(now: number): boolean {
    if (this.locks.size < this.maxLocks) return false;
    if (now < this.nextLockExpiry) return true;
    let next = 0;
    for (const [k, w] of this.locks) {
      if (w.resetAt <= now) this.locks.delete(k);
      else next = next === 0 ? w.resetAt : Math.min(next, w.resetAt);
    }
    this.nextLockExpiry = next;
    return this.locks.size >= this.maxLocks;
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
