/**
 * The background jobs of the binary (order expiry, the payment check, auth housekeeping, the
 * outbox ...) run the same way: once now and then every `intervalMs`, never two runs of one job at
 * once, a failure logged and the next run tried as usual, and a timer that never keeps the process
 * alive. When the process has a job lease (`runJobsUnder`, main.ts does), a job runs only while this
 * instance holds it, so two instances on one data directory (an upgrade) never both run it
 * (decision 050); the moment the lease is taken over, every job runs once.
 */
import { hostname } from "node:os";
import type { Db } from "../db/client.server";
import { releaseLease, takeLease } from "../db/job-lease.server";
import { log } from "./log.server";

/** The one lease all background work runs under. */
export const jobLeaseName = "background-jobs";
/** How long a taken lease lasts without renewal: how long jobs pause after their holder was killed. */
export const jobLeaseTtlMs = 15_000;
/** How often the lease is renewed by its holder, or tried by an instance waiting for it. */
export const jobLeaseRenewMs = 5_000;

/**
 * This process's claim on the background work. It holds the lease while the last renewal's expiry
 * is more than a renewal period away, so work never starts in the last seconds before another
 * instance could take the lease over.
 */
export class JobLease {
  readonly holder = `${hostname()}/${process.pid}/${crypto.randomUUID().slice(0, 8)}`;
  private expiresAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = jobLeaseTtlMs,
    private readonly renewMs = jobLeaseRenewMs,
  ) {}

  /** Tries to take the lease now (synchronously) and keeps renewing or trying every renewal period. */
  start(): this {
    this.renew();
    this.timer ??= setInterval(() => this.renew(), this.renewMs);
    this.timer.unref?.();
    return this;
  }

  /** True while this instance may run background work. */
  held(now = Date.now()): boolean {
    return this.expiresAt - now > this.renewMs;
  }

  /** Calls `listener` each time this instance takes the lease (not on renewals); answers a function that removes it. */
  onTaken(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops renewing and gives the lease up, so the next instance takes it at once. */
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const had = this.expiresAt > Date.now();
    this.expiresAt = 0;
    if (!had) return;
    try {
      releaseLease(this.db, jobLeaseName, this.holder);
      log.info("job lease released", { holder: this.holder });
    } catch (err) {
      // It expires by itself; the next holder only waits longer.
      log.warn("job lease not released", { error: err instanceof Error ? err.message : String(err) });
    }
  }

  private renew() {
    const wasHeld = this.held();
    const now = Date.now();
    let taken: boolean;
    try {
      taken = takeLease(this.db, jobLeaseName, this.holder, this.ttlMs, new Date(now));
    } catch (err) {
      // A full disk or a long lock: keep what we had; it lapses by itself if this goes on.
      log.warn("job lease not renewed", { error: err instanceof Error ? err.message : String(err) });
      return;
    }
    this.expiresAt = taken ? now + this.ttlMs : 0;
    if (taken && !wasHeld) {
      log.info("job lease taken", { holder: this.holder });
      for (const listener of this.listeners) listener();
    }
  }
}

let lease: JobLease | null = null;

/**
 * Makes every repeating job (and the outbox) of this process run only under `l` (null: always,
 * as in tests of one job). main.ts sets it before it starts any job.
 */
export function runJobsUnder(l: JobLease | null) {
  lease = l;
}

/** The process's job lease, if it has one. */
export function currentJobLease(): JobLease | null {
  return lease;
}

/** A stopped job: resolves once a run that was under way has finished. */
export type StopJob = () => Promise<void>;

/** Starts `job`; answers a function that stops it. `name` is what a failure is logged as. */
export function startRepeatingJob(name: string, job: () => unknown, intervalMs: number): StopJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const underLease = lease;
  const run = () => {
    if (running || stopped) return;
    if (underLease && !underLease.held()) return;
    running = (async () => {
      try {
        await job();
      } catch (err) {
        log.error(`${name} failed`, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      } finally {
        running = null;
      }
    })();
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const forget = underLease?.onTaken(run);
  return async () => {
    stopped = true;
    clearInterval(timer);
    forget?.();
    await running;
  };
}
