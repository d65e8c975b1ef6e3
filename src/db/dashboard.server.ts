/** What the customer dashboard shows: the user's own bookings and referral figures. */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { prepared } from "./prepared.server";
import { referralEarnings } from "./referrals.server";
import { bookings, users } from "./schema";

export type DashboardData = {
  firstName: string | null;
  isNewCustomer: boolean;
  referralCode: string | null;
  bookingCount: number;
  recentBookings: {
    id: string;
    serviceName: string;
    servicePrice: string;
    status: string;
    createdAt: string;
    appointmentDate: string;
    appointmentTime: string;
  }[];
  earnings: { total: string; count: number };
};

// Prepared once per connection: the dashboard is rendered on every visit.
const userQuery = (db: Db) =>
  prepared(db, "dashboard-user", (d) =>
    d
      .select({ firstName: users.firstName, isNewCustomer: users.isNewCustomer, referralCode: users.referralCode })
      .from(users)
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare(),
  );
const countQuery = (db: Db) =>
  prepared(db, "dashboard-count", (d) =>
    d
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(eq(bookings.userId, sql.placeholder("userId")))
      .prepare(),
  );
const recentQuery = (db: Db) =>
  prepared(db, "dashboard-recent", (d) =>
    d
      .select({
        id: bookings.id,
        serviceName: bookings.serviceName,
        servicePrice: bookings.servicePrice,
        status: bookings.status,
        createdAt: bookings.createdAt,
        appointmentDate: bookings.appointmentDate,
        appointmentTime: bookings.appointmentTime,
      })
      .from(bookings)
      .where(eq(bookings.userId, sql.placeholder("userId")))
      .orderBy(desc(bookings.createdAt))
      .limit(5)
      .prepare(),
  );

export function dashboardData(db: Db, userId: string): DashboardData {
  const user = userQuery(db).get({ userId });
  const count = countQuery(db).get({ userId });
  const recent = recentQuery(db).all({ userId });
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
