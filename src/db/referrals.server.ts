/** Referral codes and rewards in the database. Reward writes join the caller's transaction. */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { newReferralCode } from "../domain/referral";
import { cancelledBookingVoidReason, referralReward } from "../domain/referral";
import { centsToDecimal, toCents } from "../domain/pricing";
import { immediate, type Db } from "./client.server";
import { prepared } from "./prepared.server";
import { centsOf } from "./money-sql.server";
import { referralTransactions, users } from "./schema";

/** The user's referral code, created on first request (unique; retried on the rare collision). */
export function ensureReferralCode(db: Db, userId: string): string {
  return immediate(db, () => {
    const existing = db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).get();
    if (!existing) throw new Error("user not found");
    if (existing.code) return existing.code;
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = newReferralCode();
      const taken = db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).get();
      if (taken) continue;
      db.update(users).set({ referralCode: code }).where(eq(users.id, userId)).run();
      return code;
    }
    throw new Error("could not allocate a referral code");
  });
}

/** The user id owning `code`, if any. */
export function referrerForCode(db: Db, code: string): string | null {
  return db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).get()?.id ?? null;
}

/** Sets the user's `totalReferralEarnings` to the sum of their rewards that are not void. Call inside the change's transaction. */
export function refreshEarnings(db: Db, userId: string) {
  const row = db
    .select({ cents: sql<number>`coalesce(sum(${centsOf(referralTransactions.amount)}), 0)` })
    .from(referralTransactions)
    .where(and(eq(referralTransactions.referrerId, userId), ne(referralTransactions.status, "void")))
    .get();
  db.update(users)
    .set({ totalReferralEarnings: centsToDecimal(row?.cents ?? 0) })
    .where(eq(users.id, userId))
    .run();
}

/**
 * Records the referrer's reward for a booking by a referred customer. Call inside the booking's
 * immediate transaction; returns the reward written, or null when none is due.
 */
export function recordReferralReward(db: Db, booking: { id: string; userId: string }) {
  const booker = db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, booking.userId)).get();
  if (!booker?.referredBy) return null;
  const earlier = db
    .select({ n: sql<number>`count(*)` })
    .from(referralTransactions)
    .where(and(eq(referralTransactions.referredUserId, booking.userId), ne(referralTransactions.status, "void")))
    .get();
  const reward = referralReward({ referrerId: booker.referredBy, bookerId: booking.userId, earlierRewardedBookings: earlier?.n ?? 0 });
  if (!reward) return null;
  const row = db
    .insert(referralTransactions)
    .values({
      referrerId: booker.referredBy,
      referredUserId: booking.userId,
      bookingId: booking.id,
      amount: centsToDecimal(toCents(reward.amount) ?? 0),
      type: reward.type,
    })
    .returning()
    .get();
  refreshEarnings(db, booker.referredBy);
  return row;
}

/**
 * Voids the reward a booking earned (the booking was cancelled), unless it is already paid out or
 * void (paid is final: docs/product.md#referrals). Call inside the same transaction.
 */
export function voidReferralReward(db: Db, bookingId: string, now = new Date()) {
  const rows = db
    .update(referralTransactions)
    .set({ status: "void", voidedAt: now, voidReason: cancelledBookingVoidReason })
    .where(and(eq(referralTransactions.bookingId, bookingId), eq(referralTransactions.status, "pending")))
    .returning()
    .all();
  for (const r of rows) refreshEarnings(db, r.referrerId);
  return rows.length;
}

/** The referrer's earnings: total of rewards not voided, and the transactions, newest first. */
export function referralEarnings(db: Db, userId: string) {
  // Prepared once: the dashboard runs it on every visit.
  const transactions = prepared(db, "referral-earnings", (d) =>
    d
      .select({
        id: referralTransactions.id,
        amount: referralTransactions.amount,
        type: referralTransactions.type,
        status: referralTransactions.status,
        createdAt: referralTransactions.createdAt,
        paidAt: referralTransactions.paidAt,
        voidedAt: referralTransactions.voidedAt,
        voidReason: referralTransactions.voidReason,
      })
      .from(referralTransactions)
      .where(eq(referralTransactions.referrerId, sql.placeholder("userId")))
      .orderBy(desc(referralTransactions.createdAt))
      .prepare(),
  ).all({ userId });
  const cents = transactions.filter((t) => t.status !== "void").reduce((n, t) => n + (toCents(t.amount) ?? 0), 0);
  return { total: centsToDecimal(cents), transactions };
}
