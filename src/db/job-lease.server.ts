/**
 * The lease that lets one running instance at a time do the background work (decision 050): while
 * an upgrade runs two binaries on one data directory, only the holder drains the outbox and runs
 * the repeating jobs, so no e-mail goes out twice. A row per lease names its holder and when it
 * expires; it is taken or renewed in one immediate transaction, released when the holder stops,
 * and taken over by another instance once it has expired (the holder was killed).
 */
import { and, eq } from "drizzle-orm";
import { immediate, type Db } from "./client.server";
import { jobLeases } from "./schema";

/**
 * Takes the lease `name` for `holder` until `now + ttlMs` when it is free, expired or already
 * this holder's; answers whether `holder` holds it now.
 */
export function takeLease(db: Db, name: string, holder: string, ttlMs: number, now = new Date()): boolean {
  return immediate(db, () => {
    const row = db.select().from(jobLeases).where(eq(jobLeases.name, name)).get();
    if (row && row.holder !== holder && row.expiresAt.getTime() > now.getTime()) return false;
    const expiresAt = new Date(now.getTime() + ttlMs);
    db.insert(jobLeases).values({ name, holder, expiresAt }).onConflictDoUpdate({ target: jobLeases.name, set: { holder, expiresAt } }).run();
    return true;
  });
}

/** Gives the lease up when `holder` holds it, so another instance takes it at once. */
export function releaseLease(db: Db, name: string, holder: string): void {
  db.delete(jobLeases)
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
    .run();
}

/** The lease's holder and expiry, or null when nobody holds it (for logs and tests). */
export function leaseHolder(db: Db, name: string): { holder: string; expiresAt: Date } | null {
  return db.select({ holder: jobLeases.holder, expiresAt: jobLeases.expiresAt }).from(jobLeases).where(eq(jobLeases.name, name)).get() ?? null;
}
