/** What the customer dashboard shows: the user's own bookings and referral figures. */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { referralEarnings } from "./referrals.server";
import { bookings, users } from "./schema";

export type DashboardData = {
  firstName: string | null;
  isNewCustomer: boolean;
  referralCode: string | null;
  bookingCount: number;
  recentBookings: { id: string; serviceName: string; servicePrice: string; status: string; createdAt: string; appointmentDate: string; appointmentTime: string }[];
  earnings: { total: string; count: number };
};

export function dashboardData(db: Db, userId: string): DashboardData {
  const user = db.select({ firstName: users.firstName, isNewCustomer: users.isNewCustomer, referralCode: users.referralCode }).from(users).where(eq(users.id, userId)).get();
  const count = db.select({ n: sql<number>`count(*)` }).from(bookings).where(eq(bookings.userId, userId)).get();
  const recent = db
    .select({ id: bookings.id, serviceName: bookings.serviceName, servicePrice: bookings.servicePrice, status: bookings.status, createdAt: bookings.createdAt, appointmentDate: bookings.appointmentDate, appointmentTime: bookings.appointmentTime })
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt))
    .limit(5)
    .all();
  const earnings = referralEarnings(db, userId);
  return {
    firstName: user?.firstName ?? null,
    isNewCustomer: user?.isNewCustomer ?? true,
    referralCode: user?.referralCode ?? null,
    bookingCount: count?.n ?? 0,
    recentBookings: recent.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    earnings: { total: earnings.total, count: earnings.transactions.filter((t) => t.status !== "void").length },
  };
}
