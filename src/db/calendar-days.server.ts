/**
 * Closed days (decision 077): the owner's word on a whole day, kept in `calendar_days`, over the
 * South Australian public holidays (closed unless reopened). `closedDays` is the one place that
 * decides whether a day is closed; `slotStates` applies it to every slot customers are offered or
 * may book. Closing a day never touches its slots or bookings: it only stops new ones.
 */
import { and, asc, between, eq, inArray, or } from "drizzle-orm";
import { activeBookingStatuses } from "../domain/booking-transitions";
import { publicHoliday } from "../domain/holidays";
import { addDays, daysBetween } from "../domain/timezone";
import type { ClosedDay, DayBooking } from "../shared/admin-calendar";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { bookingSlots, bookings, calendarDays, timeSlots, users } from "./schema";

/** Every date from `from` to `to`, in order. */
function datesBetween(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/** The days from `from` to `to` that are closed, by date: those the owner closed, and the public holidays not reopened. */
export function closedDays(db: Db, from: string, to: string): Map<string, ClosedDay> {
  const words = new Map(
    db
      .select()
      .from(calendarDays)
      .where(between(calendarDays.date, from, to))
      .all()
      .map((d) => [d.date, d]),
  );
  const closed = new Map<string, ClosedDay>();
  for (const date of datesBetween(from, to)) {
    const word = words.get(date);
    const holiday = publicHoliday(date);
    if (word ? word.closed : holiday) closed.set(date, { date, reason: word?.reason || holiday || "Closed", holiday });
  }
  return closed;
}

/** The public holidays from `from` to `to` the owner reopened, by date and name: the calendar offers to close them again. */
export function reopenedHolidays(db: Db, from: string, to: string): Map<string, string> {
  const reopened = new Map<string, string>();
  for (const d of db
    .select({ date: calendarDays.date })
    .from(calendarDays)
    .where(and(between(calendarDays.date, from, to), eq(calendarDays.closed, false)))
    .all()) {
    const holiday = publicHoliday(d.date);
    if (holiday) reopened.set(d.date, holiday);
  }
  return reopened;
}

/**
 * The active bookings on the days `from` to `to`: those starting on them and those holding one of
 * their slots (a booking of several days), by date and time.
 */
export function bookingsOnDays(db: Db, from: string, to: string): DayBooking[] {
  const holding = db
    .selectDistinct({ id: bookingSlots.bookingId })
    .from(bookingSlots)
    .innerJoin(timeSlots, eq(timeSlots.id, bookingSlots.slotId))
    .where(between(timeSlots.date, from, to));
  const rows = db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      date: bookings.appointmentDate,
      time: bookings.appointmentTime,
      duration: bookings.duration,
      serviceName: bookings.serviceName,
      phone: bookings.contactPhone,
      contactEmail: bookings.contactEmail,
      status: bookings.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(inArray(bookings.status, [...activeBookingStatuses]), or(between(bookings.appointmentDate, from, to), inArray(bookings.id, holding))))
    .orderBy(asc(bookings.appointmentDate), asc(bookings.appointmentTime))
    .all();
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    date: r.date,
    time: r.time,
    duration: r.duration,
    customerName: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || r.contactEmail || "Deleted customer",
    serviceName: r.serviceName,
    phone: r.phone,
    status: r.status,
  }));
}

/**
 * Closes the days `from` to `to` with `reason`, with the audit entry, in one IMMEDIATE transaction;
 * answers the bookings still on them, which are kept (the owner decides what to do with each).
 */
export function closeDays(db: Db, actor: AuditActor, from: string, to: string, reason: string, now = new Date()): { closed: string[]; bookings: DayBooking[] } {
  return immediate(db, () => {
    const dates = datesBetween(from, to);
    for (const date of dates) {
      db.insert(calendarDays)
        .values({ date, closed: true, reason, updatedAt: now })
        .onConflictDoUpdate({ target: calendarDays.date, set: { closed: true, reason, updatedAt: now } })
        .run();
    }
    const kept = bookingsOnDays(db, from, to);
    const days = from === to ? from : `${from} to ${to}`;
    const keptText = kept.length > 0 ? ` (${kept.length} ${kept.length === 1 ? "booking" : "bookings"} on them kept)` : "";
    recordAudit(
      db,
      actor,
      { kind: "bookings", action: "calendar.close", recordId: from, summary: `Closed ${days}: ${reason}${keptText}`, after: { from, to, reason } },
      now,
    );
    return { closed: dates, bookings: kept };
  });
}

/**
 * Opens the days `from` to `to` again (a public holiday among them is opened for customers too),
 * with the audit entry, in one IMMEDIATE transaction. A day the owner did not close and that is no
 * holiday keeps no row.
 */
export function reopenDays(db: Db, actor: AuditActor, from: string, to: string, now = new Date()): string[] {
  return immediate(db, () => {
    const dates = datesBetween(from, to);
    const holidays = dates.filter((d) => publicHoliday(d));
    const others = dates.filter((d) => !publicHoliday(d));
    for (const date of holidays) {
      db.insert(calendarDays)
        .values({ date, closed: false, reason: null, updatedAt: now })
        .onConflictDoUpdate({ target: calendarDays.date, set: { closed: false, reason: null, updatedAt: now } })
        .run();
    }
    if (others.length > 0) db.delete(calendarDays).where(inArray(calendarDays.date, others)).run();
    const days = from === to ? from : `${from} to ${to}`;
    recordAudit(db, actor, { kind: "bookings", action: "calendar.reopen", recordId: from, summary: `Reopened ${days}`, after: { from, to } }, now);
    return dates;
  });
}
