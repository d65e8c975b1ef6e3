/**
 * Booking reminders: some hours before a confirmed booking, one e-mail reminds its customer of it.
 * A booking is due when the transition table counts it as confirmed, its start is within the
 * setting's hours and still ahead, it was not already reminded of this start (`remindedFor`;
 * domain/booking-reminders.ts), and its customer's address is confirmed, their account not
 * suspended and their switch (`users.bookingReminders`) on. Each booking is claimed in one
 * immediate transaction that checks all that again, records the start it reminds of and queues
 * the message, so no start is reminded twice however the job runs, and a booking moved to another
 * start is reminded once more, at its new time. Cancelled bookings are never due.
 */
import { and, asc, between, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { remindedBookingStatuses } from "../domain/booking";
import { reminderDates, reminderStart } from "../domain/booking-reminders";
import { enqueueMail, type MailMessage } from "../mail/outbox.server";
import type { Booking } from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { bookings, users } from "./schema";

/** Bookings claimed per run, so one run stays short. */
const batchSize = 50;

/** The reminder setting as it stands: how many hours before (0 sends none), in the business timezone the appointments' times are in. */
export type ReminderRule = { hours: number; timeZone: string };

/** What a reminder is made from: the booking as it stands, the start it reminds of, and its customer at their confirmed address. */
export type BookingReminderFacts = {
  booking: Booking;
  start: Date;
  userId: string;
  /** The account's address, confirmed: the only one a reminder goes to. */
  to: string;
  firstName: string | null;
};

/** Confirmed bookings of customers who want reminders at a confirmed address, on the dates a booking due at `now` may fall on. */
function remindable(db: Db, rule: ReminderRule, now: Date, bookingId?: string) {
  const { from, to } = reminderDates(now, rule.hours, rule.timeZone);
  return db
    .select({ booking: bookings, email: users.email, firstName: users.firstName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        bookingId === undefined ? undefined : eq(bookings.id, bookingId),
        inArray(bookings.status, [...remindedBookingStatuses]),
        between(bookings.appointmentDate, from, to),
        isNotNull(users.emailVerifiedAt),
        eq(users.bookingReminders, true),
        isNull(users.suspendedAt),
      ),
    );
}

/** The ids of up to `batchSize` bookings due a reminder at `now`, soonest first; none when the rule's hours are 0. */
export function dueBookingReminders(db: Db, rule: ReminderRule, now = new Date()): string[] {
  if (rule.hours <= 0) return [];
  return remindable(db, rule, now)
    .orderBy(asc(bookings.appointmentDate), asc(bookings.appointmentTime), asc(bookings.id))
    .all()
    .filter((row) => reminderStart(row.booking, now, rule.hours, rule.timeZone) !== null)
    .slice(0, batchSize)
    .map((row) => row.booking.id);
}

/**
 * Claims the booking `bookingId` for its reminder if it is still due: records the start it reminds
 * of and queues `mail(facts)`, in one transaction. The business owes this message (it is about the
 * customer's own booking, to the address they proved), so it is queued with `enqueueMail`. Answers
 * "queued", or "not_due" when the booking changed since it was found (nothing done).
 */
export function claimBookingReminder(
  db: Db,
  bookingId: string,
  rule: ReminderRule,
  mail: (facts: BookingReminderFacts) => MailMessage,
  now = new Date(),
): "queued" | "not_due" {
  if (rule.hours <= 0) return "not_due";
  return immediate(db, () => {
    const due = remindable(db, rule, now, bookingId).get();
    const start = due ? reminderStart(due.booking, now, rule.hours, rule.timeZone) : null;
    if (!due?.booking.userId || !start) return "not_due";
    const booking = db.update(bookings).set({ remindedFor: start }).where(eq(bookings.id, bookingId)).returning().get();
    if (!booking) return "not_due";
    enqueueMail(db, mail({ booking, start, userId: due.booking.userId, to: due.email, firstName: due.firstName }));
    return "queued";
  });
}

/** Turns the customer's booking reminders on or off; false when there is no such customer. */
export function setBookingReminders(db: Db, userId: string, on: boolean): boolean {
  return db.update(users).set({ bookingReminders: on, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id }).all().length > 0;
}
