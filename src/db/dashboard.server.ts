/** What the customer dashboard shows: the user's own bookings and referral figures. */
import { desc, eq, sql } from "drizzle-orm";
import { type BookingStatus, bookingStatuses } from "../domain/booking";
import { type BookingPayment, bookingPayment } from "../domain/booking-payment";
import { centsToDecimal, toCents } from "../domain/pricing";
import type { ReferralStatus } from "../domain/referral";
import { paymentsOfBookings } from "./booking-payments.server";
import type { Db } from "./client.server";
import { prepared } from "./prepared.server";
import { referralEarnings } from "./referrals.server";
import { bookings, caseRoomBookings, caseRooms } from "./schema";

export type DashboardData = {
  firstName: string | null;
  isNewCustomer: boolean;
  referralCode: string | null;
  /** Every booking the customer made, whatever became of it. */
  bookingCount: number;
  /** The same bookings by status, so the dashboard says what its figure counts. */
  bookingCounts: Record<BookingStatus, number>;
  recentBookings: {
    id: string;
    serviceId: string | null;
    serviceName: string;
    servicePrice: string;
    originalPrice: string | null;
    /** The currency it was priced in. */
    currency: string;
    status: BookingStatus;
    createdAt: string;
    appointmentDate: string;
    appointmentTime: string;
    reference: string | null;
    /** Its case room: null until the room's first write (a cancelled booking's is reachable only once made). */
    caseRoomId: number | null;
    /** Something from the business in that room the client has not opened yet. */
    caseRoomNew: boolean;
    /** Whether it is paid, from the payments linked to it. */
    payment: BookingPayment;
  }[];
  /** Total is pending plus paid (void rewards leave it); count is of the rewards not void. */
  earnings: { total: string; count: number; pending: string; paid: string };
  /** The most recent rewards, newest first; instants are ISO strings. */
  rewards: { id: string; amount: string; type: string; status: ReferralStatus; createdAt: string; paidAt: string | null; voidReason: string | null }[];
};

/** How many of their rewards the dashboard lists (the totals count them all). */
export const dashboardRewardLimit = 10;

// Prepared once per connection: the dashboard is rendered on every visit.
const countQuery = (db: Db) =>
  prepared(db, "dashboard-count-by-status", (d) =>
    d
      .select({ status: bookings.status, n: sql<number>`count(*)` })
      .from(bookings)
      .where(eq(bookings.userId, sql.placeholder("userId")))
      .groupBy(bookings.status)
      .prepare(),
  );
/**
 * Whether the business added something to a booking's case room since its client last opened it: an
 * update, a message or a finished file of theirs (the client's own messages are not news to them).
 */
const caseRoomNewSql = sql<number>`coalesce(
  exists(select 1 from case_updates u where u.case_room_id = ${caseRooms.id} and u.created_at > coalesce(${caseRooms.clientSeenAt}, 0))
  or exists(select 1 from case_messages m where m.case_room_id = ${caseRooms.id} and m.side = 'business' and m.created_at > coalesce(${caseRooms.clientSeenAt}, 0))
  or exists(select 1 from case_files f where f.case_room_id = ${caseRooms.id} and f.side = 'business' and f.status = 'ready' and f.completed_at > coalesce(${caseRooms.clientSeenAt}, 0)),
  0)`;
const recentQuery = (db: Db) =>
  prepared(db, "dashboard-recent", (d) =>
    d
      .select({
        id: bookings.id,
        serviceId: bookings.serviceId,
        serviceName: bookings.serviceName,
        servicePrice: bookings.servicePrice,
        originalPrice: bookings.originalPrice,
        currency: bookings.currency,
        status: bookings.status,
        createdAt: bookings.createdAt,
        appointmentDate: bookings.appointmentDate,
        appointmentTime: bookings.appointmentTime,
        reference: bookings.reference,
        caseRoomId: caseRoomBookings.caseRoomId,
        caseRoomNew: caseRoomNewSql,
      })
      .from(bookings)
      .leftJoin(caseRoomBookings, eq(caseRoomBookings.bookingId, bookings.id))
      .leftJoin(caseRooms, eq(caseRooms.id, caseRoomBookings.caseRoomId))
      .where(eq(bookings.userId, sql.placeholder("userId")))
      .orderBy(desc(bookings.createdAt))
      .limit(5)
      .prepare(),
  );

/** The dashboard's figures for `user`, the signed-in customer as the session read them for this request. */
export function dashboardData(db: Db, user: { id: string; firstName: string | null; isNewCustomer: boolean; referralCode: string | null }): DashboardData {
  const userId = user.id;
  const byStatus = countQuery(db).all({ userId });
  const bookingCounts = Object.fromEntries(bookingStatuses.map((s) => [s, byStatus.find((r) => r.status === s)?.n ?? 0])) as Record<BookingStatus, number>;
  const recent = recentQuery(db).all({ userId });
  const earnings = referralEarnings(db, userId);
  const paid = paymentsOfBookings(
    db,
    recent.map((b) => b.id),
  );
  return {
    firstName: user.firstName,
    isNewCustomer: user.isNewCustomer,
    referralCode: user.referralCode,
    bookingCount: byStatus.reduce((sum, r) => sum + r.n, 0),
    bookingCounts,
    recentBookings: recent.map((b) => ({
      ...b,
      createdAt: b.createdAt.toISOString(),
      caseRoomNew: Boolean(b.caseRoomNew),
      payment: paid.get(b.id) ?? bookingPayment([]),
    })),
    earnings: {
      total: earnings.total,
      count: earnings.transactions.filter((t) => t.status !== "void").length,
      pending: sumOf(earnings.transactions, "pending"),
      paid: sumOf(earnings.transactions, "paid"),
    },
    rewards: earnings.transactions.slice(0, dashboardRewardLimit).map((t) => ({
      id: t.id,
      amount: t.amount,
      type: t.type,
      status: t.status,
      createdAt: t.createdAt.toISOString(),
      paidAt: t.paidAt ? t.paidAt.toISOString() : null,
      voidReason: t.voidReason,
    })),
  };
}

function sumOf(rewards: { amount: string; status: ReferralStatus }[], status: ReferralStatus): string {
  return centsToDecimal(rewards.filter((r) => r.status === status).reduce((n, r) => n + (toCents(r.amount) ?? 0), 0));
}
