/**
 * The daily digest's claim on its day: one row per business day, written in the same immediate
 * transaction as the digest's outbox message, so however many times the job runs (two processes,
 * a restart, a slow run) the digest of a day is queued at most once.
 */
import { eq } from "drizzle-orm";
import { enqueueMail, type MailMessage } from "../mail/outbox.server";
import { immediate, type Db } from "./client.server";
import { dailyDigests } from "./schema";

/** Whether the digest of `day` (YYYY-MM-DD, business timezone) was already done. */
export function dailyDigestDone(db: Db, day: string): boolean {
  return db.select({ day: dailyDigests.day }).from(dailyDigests).where(eq(dailyDigests.day, day)).get() !== undefined;
}

/**
 * Claims `day` and queues `message` (none when null: a day with nothing to do is done without
 * mail). Answers "queued", "nothing" or "already" when the day was claimed before.
 */
export function claimDailyDigest(db: Db, day: string, message: MailMessage | null, now = new Date()): "queued" | "nothing" | "already" {
  return immediate(db, () => {
    const claimed = db.insert(dailyDigests).values({ day, doneAt: now }).onConflictDoNothing().returning({ day: dailyDigests.day }).get();
    if (!claimed) return "already";
    if (!message) return "nothing";
    const outboxId = enqueueMail(db, message);
    db.update(dailyDigests).set({ outboxId }).where(eq(dailyDigests.day, day)).run();
    return "queued";
  });
}
