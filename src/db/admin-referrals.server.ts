/**
 * The admin portal's referral rewards (`/api/admin/referrals`): the referrers a page at a time with
 * their pending, paid and void totals; one referrer's rewards; and the owner's changes to a reward
 * (pay one, pay all of a referrer's pending ones, void one with a reason). Each change follows the
 * rule table in domain/referral.ts, runs in one immediate transaction with its audit entry, and a
 * void takes the reward out of the referrer's earnings (refreshEarnings).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { BookingStatus } from "../domain/booking";
import { centsToDecimal, toCents } from "../domain/pricing";
import { type ReferralStatus, referralChangeRefusal } from "../domain/referral";
import {
  type AdminPayAllResult,
  type AdminReferrerDetail,
  type AdminReferrerList,
  type AdminReferrerRow,
  type AdminReferralsQuery,
  type AdminReward,
  adminReferralsPageSize,
} from "../shared/admin-referrals";
import { searchTerms } from "./admin-search.server";
import { customerIdsMatching } from "./admin-users.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { type Db, immediate } from "./client.server";
import { refreshEarnings } from "./referrals.server";
import { bookings, referralTransactions, referrerTotals, users } from "./schema";

type TallyRow = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  referralCode: string | null;
  referredCount: number;
  pendingCents: number;
  pendingCount: number;
  paidCents: number;
  paidCount: number;
  voidCents: number;
  voidCount: number;
};

const displayName = (r: { firstName: string | null; lastName: string | null; email: string }) => [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email;

function toRow(r: TallyRow): AdminReferrerRow {
  return {
    userId: r.userId,
    name: displayName(r),
    email: r.email,
    referralCode: r.referralCode,
    referredCount: Number(r.referredCount),
    pending: { amount: centsToDecimal(Number(r.pendingCents)), count: Number(r.pendingCount) },
    paid: { amount: centsToDecimal(Number(r.paidCents)), count: Number(r.paidCount) },
    void: { amount: centsToDecimal(Number(r.voidCents)), count: Number(r.voidCount) },
  };
}

/**
 * The referrers (anyone with a reward or a customer who signed up with their code) and their
 * tallies, as a subquery `t`; `where` narrows it. The tallies are kept in referrer_totals by
 * triggers (decision 047), so a page reads one row per referrer and never a reward.
 */
function talliesSql(where: ReturnType<typeof sql> | null) {
  return sql`
    select r.user_id as userId, u.first_name as firstName, u.last_name as lastName, u.email as email, u.referral_code as referralCode,
      r.user_created_at as createdAt,
      r.referred_count as referredCount,
      r.pending_cents as pendingCents, r.pending_count as pendingCount,
      r.paid_cents as paidCents, r.paid_count as paidCount,
      r.void_cents as voidCents, r.void_count as voidCount
    from ${referrerTotals} r join ${users} u on u.id = r.user_id
    ${where ? sql`where ${where}` : sql``}`;
}

const statusCondition: Record<ReferralStatus, ReturnType<typeof sql>> = {
  pending: sql`r.pending_count > 0`,
  paid: sql`r.paid_count > 0`,
  void: sql`r.void_count > 0`,
};

/**
 * One page of referrers, most pending money first (then the most paid, then the newest account),
 * optionally only those with a reward in `status`, searched by name or e-mail; and how many match.
 */
export function listAdminReferrers(db: Db, query: AdminReferralsQuery): AdminReferrerList {
  const { page, search } = query;
  const conditions: ReturnType<typeof sql>[] = [];
  if (query.status) conditions.push(statusCondition[query.status]);
  if (search) {
    const ids = customerIdsMatching(db, search);
    if (ids) conditions.push(sql`u.id in (select value from json_each(${JSON.stringify(ids)}))`);
    else {
      const { pattern } = searchTerms(search);
      conditions.push(
        sql`(u.email like ${pattern} escape '\\' or (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ${pattern} escape '\\')`,
      );
    }
  }
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : null;
  const offset = (page - 1) * adminReferralsPageSize;
  return db.$client.transaction(() => {
    const rows = db.all<TallyRow>(
      sql`select * from (${talliesSql(where)}) order by pendingCents desc, paidCents desc, createdAt desc, userId limit ${adminReferralsPageSize} offset ${offset}`,
    );
    // Without a search the count needs no customer: every kept row is a customer's (deleting one deletes it).
    const [total] = search
      ? db.all<{ n: number }>(sql`select count(*) as n from (${talliesSql(where)})`)
      : db.all<{ n: number }>(sql`select count(*) as n from ${referrerTotals} r ${query.status ? sql`where ${statusCondition[query.status]}` : sql``}`);
    return { referrers: rows.map(toRow), total: Number(total?.n ?? 0), page, pageSize: adminReferralsPageSize };
  })();
}

/** One user's tallies as a referrer (all zero for a user who never referred anyone), or null for an unknown user. */
export function referrerRow(db: Db, userId: string): AdminReferrerRow | null {
  const user = db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, referralCode: users.referralCode })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) return null;
  // db.all answers rows as objects (db.get would answer bare values).
  const [tally] = db.all<TallyRow>(sql`select * from (${talliesSql(sql`u.id = ${userId}`)})`);
  if (tally) return toRow(tally);
  return toRow({ ...user, referredCount: 0, pendingCents: 0, pendingCount: 0, paidCents: 0, paidCount: 0, voidCents: 0, voidCount: 0 });
}

type RewardRow = typeof referralTransactions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The referrer and every reward they earned, newest first, or null for an unknown user. */
export function adminReferrerDetail(db: Db, userId: string): AdminReferrerDetail | null {
  return db.$client.transaction(() => {
    const referrer = referrerRow(db, userId);
    if (!referrer) return null;
    const rows = db
      .select({
        reward: referralTransactions,
        customerFirst: users.firstName,
        customerLast: users.lastName,
        customerEmail: users.email,
        bookingId: bookings.id,
        serviceName: bookings.serviceName,
        appointmentDate: bookings.appointmentDate,
        appointmentTime: bookings.appointmentTime,
        bookingStatus: bookings.status,
      })
      .from(referralTransactions)
      .leftJoin(users, eq(users.id, referralTransactions.referredUserId))
      .leftJoin(bookings, eq(bookings.id, referralTransactions.bookingId))
      .where(eq(referralTransactions.referrerId, userId))
      .orderBy(desc(referralTransactions.createdAt), desc(referralTransactions.id))
      .all();
    const rewards = rows.map(
      (r): AdminReward => ({
        ...rewardView(r.reward),
        referredCustomer: r.customerEmail
          ? { name: displayName({ firstName: r.customerFirst, lastName: r.customerLast, email: r.customerEmail }), email: r.customerEmail }
          : null,
        booking:
          r.bookingId && r.serviceName && r.appointmentDate && r.appointmentTime && r.bookingStatus
            ? {
                id: r.bookingId,
                serviceName: r.serviceName,
                appointmentDate: r.appointmentDate,
                appointmentTime: r.appointmentTime,
                status: r.bookingStatus as BookingStatus,
              }
            : null,
      }),
    );
    return { referrer, rewards };
  })();
}

function rewardView(r: RewardRow) {
  return {
    id: r.id,
    amount: r.amount,
    type: r.type,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    paidAt: iso(r.paidAt),
    voidedAt: iso(r.voidedAt),
    voidReason: r.voidReason,
  };
}

export type RewardChange =
  | { ok: true; reward: ReturnType<typeof rewardView> }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_allowed"; message: string };

/** Who the reward is for, as the audit log's sentence names them. */
function referrerName(db: Db, userId: string): string {
  const u = db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).get();
  return u ? displayName(u) : "a deleted customer";
}

/** Marks one pending reward paid (the business has paid it out), with its audit entry. */
export function payReward(db: Db, rewardId: string, actor: AuditActor, now = new Date()): RewardChange {
  return immediate(db, () => {
    const reward = db.select().from(referralTransactions).where(eq(referralTransactions.id, rewardId)).get();
    if (!reward) return { ok: false, reason: "not_found" };
    const refusal = referralChangeRefusal(reward.status, "paid");
    if (refusal) return { ok: false, reason: "not_allowed", message: refusal };
    const updated = db.update(referralTransactions).set({ status: "paid", paidAt: now }).where(eq(referralTransactions.id, rewardId)).returning().get();
    recordAudit(
      db,
      actor,
      {
        kind: "referrals",
        action: "referral.paid",
        recordId: rewardId,
        summary: `Marked the $${reward.amount} referral reward of ${referrerName(db, reward.referrerId)} paid`,
        before: { status: reward.status, amount: reward.amount },
        after: { status: "paid", amount: updated.amount },
      },
      now,
    );
    return { ok: true, reward: rewardView(updated) };
  });
}

/** Voids one pending reward with the owner's reason; it leaves the referrer's earnings. */
export function voidReward(db: Db, rewardId: string, reason: string, actor: AuditActor, now = new Date()): RewardChange {
  return immediate(db, () => {
    const reward = db.select().from(referralTransactions).where(eq(referralTransactions.id, rewardId)).get();
    if (!reward) return { ok: false, reason: "not_found" };
    const refusal = referralChangeRefusal(reward.status, "void");
    if (refusal) return { ok: false, reason: "not_allowed", message: refusal };
    const updated = db
      .update(referralTransactions)
      .set({ status: "void", voidedAt: now, voidReason: reason })
      .where(eq(referralTransactions.id, rewardId))
      .returning()
      .get();
    refreshEarnings(db, reward.referrerId);
    recordAudit(
      db,
      actor,
      {
        kind: "referrals",
        action: "referral.void",
        recordId: rewardId,
        summary: `Voided the $${reward.amount} referral reward of ${referrerName(db, reward.referrerId)}: ${reason}`,
        before: { status: reward.status, amount: reward.amount },
        after: { status: "void", amount: updated.amount, reason },
      },
      now,
    );
    return { ok: true, reward: rewardView(updated) };
  });
}

export type PayAllChange = { ok: true; result: AdminPayAllResult } | { ok: false; reason: "not_found" } | { ok: false; reason: "nothing_pending" };

/**
 * Marks every pending reward of the referrer paid, in one immediate transaction with one audit
 * entry; answers how many and how much. Paid and void rewards are left as they are.
 */
export function payAllRewards(db: Db, userId: string, actor: AuditActor, now = new Date()): PayAllChange {
  return immediate(db, () => {
    const user = db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
    if (!user) return { ok: false, reason: "not_found" };
    const paid = db
      .update(referralTransactions)
      .set({ status: "paid", paidAt: now })
      .where(and(eq(referralTransactions.referrerId, userId), eq(referralTransactions.status, "pending")))
      .returning({ id: referralTransactions.id, amount: referralTransactions.amount })
      .all();
    if (paid.length === 0) return { ok: false, reason: "nothing_pending" };
    const totalCents = paid.reduce((n, r) => n + (toCents(r.amount) ?? 0), 0);
    const paidAmount = centsToDecimal(totalCents);
    const count = `${paid.length} pending referral reward${paid.length === 1 ? "" : "s"}`;
    recordAudit(
      db,
      actor,
      {
        kind: "referrals",
        action: "referral.pay_all",
        recordId: userId,
        summary: `Marked ${count} of ${referrerName(db, userId)} paid, $${paidAmount} in all`,
        before: { status: "pending", amount: paidAmount, rewards: paid.length },
        after: { status: "paid", amount: paidAmount, rewards: paid.length },
      },
      now,
    );
    const referrer = referrerRow(db, userId);
    if (!referrer) return { ok: false, reason: "not_found" };
    return { ok: true, result: { paidCount: paid.length, paidAmount, referrer } };
  });
}
