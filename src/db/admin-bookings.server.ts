/**
 * The admin portal's bookings and time slots (`/api/admin/bookings…`, `/api/admin/timeslots…`):
 * the filtered list by appointment a page at a time, the rows of the CSV export, the slot overview
 * (how full each day is) and blocking or reopening a slot. Status changes are
 * `changeBookingStatus` in bookings.server.ts.
 *
 * The list reads in appointment order straight from an index: `bookings_status_idx` (status, date,
 * time) with a status filter, `bookings_appointment_idx` (date, time) without, so a page costs
 * its 20 rows whatever the number of bookings (admin-bookings.test.ts checks the plan).
 */
import { and, asc, between, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type BookingStatus, nextStatuses } from "../domain/booking";
import type { BusinessHours } from "../domain/slots";
import {
  type AdminBookingList,
  type AdminBookingRow,
  type AdminSlot,
  type AdminSlotDay,
  type BookingWhen,
  adminBookingsPageSize,
} from "../shared/admin-bookings";
import type { BookingPayment } from "../domain/booking-payment";
import { type AuditActor, recordAudit } from "./audit.server";
import { paymentOfBooking, paymentsOfBookings } from "./booking-payments.server";
import { type Db, immediate } from "./client.server";
import { exportBatchRows, openReadSnapshot } from "./read-snapshot.server";
import { bookingDayCounts, bookings, timeSlots, users } from "./schema";
import { generateSlots } from "./timeslots.server";

export type AdminBookingsFilter = { status: BookingStatus | null; from: string; to: string; when: BookingWhen; today: string };

const rowColumns = {
  id: bookings.id,
  appointmentDate: bookings.appointmentDate,
  appointmentTime: bookings.appointmentTime,
  duration: bookings.duration,
  serviceName: bookings.serviceName,
  servicePrice: bookings.servicePrice,
  originalPrice: bookings.originalPrice,
  discountApplied: bookings.discountApplied,
  status: bookings.status,
  location: bookings.location,
  notes: bookings.notes,
  contactPhone: bookings.contactPhone,
  contactEmail: bookings.contactEmail,
  createdAt: bookings.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Bookings with their customer's account, if it still exists. */
const selectRows = (db: Db) => db.select(rowColumns).from(bookings).leftJoin(users, eq(users.id, bookings.userId));
type Selected = ReturnType<ReturnType<typeof selectRows>["all"]>[number];

/**
 * The conditions of a filter: the status, the date range, and today's side of it; on the bookings
 * themselves, or on their kept counts per status and date (`booking_day_counts`, migration 0038).
 */
function conditions(
  f: Omit<AdminBookingsFilter, "today"> & { today?: string },
  columns: { status: SQLiteColumn; date: SQLiteColumn } = { status: bookings.status, date: bookings.appointmentDate },
): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.status) parts.push(eq(columns.status, f.status));
  if (f.from && f.to) parts.push(between(columns.date, f.from, f.to));
  else if (f.from) parts.push(gte(columns.date, f.from));
  else if (f.to) parts.push(lte(columns.date, f.to));
  if (f.today && f.when === "upcoming") parts.push(gte(columns.date, f.today));
  if (f.today && f.when === "past") parts.push(lt(columns.date, f.today));
  return and(...parts);
}

/** Appointment order; the rowid breaks ties in the index's own order, so no sort is needed. */
function ordering(descending: boolean): SQL[] {
  const dir = descending ? sql`desc` : sql`asc`;
  return [sql`${bookings.appointmentDate} ${dir}`, sql`${bookings.appointmentTime} ${dir}`, sql`${bookings}.rowid ${dir}`];
}

/** The customer's account name, else the e-mail the booking gives; `payment` from `paymentsOfBookings`. */
function toRow(r: Selected, payment: BookingPayment): AdminBookingRow {
  return {
    id: r.id,
    appointmentDate: r.appointmentDate,
    appointmentTime: r.appointmentTime,
    duration: r.duration,
    serviceName: r.serviceName,
    servicePrice: r.servicePrice,
    originalPrice: r.originalPrice,
    discountApplied: r.discountApplied,
    status: r.status,
    location: r.location,
    notes: r.notes,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    customerName: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || r.contactEmail || "Deleted customer",
    customerEmail: r.email,
    createdAt: r.createdAt.toISOString(),
    next: nextStatuses(r.status),
    payment,
  };
}

/** The rows with each booking's payment status (one query for all of them). */
function withPayments(db: Db, rows: Selected[]): AdminBookingRow[] {
  const paid = paymentsOfBookings(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRow(r, paid.get(r.id) ?? paymentOfBooking(db, r.id)));
}

/** The page's SELECT, for the list and for the plan test. */
export function adminBookingsPageQuery(db: Db, f: AdminBookingsFilter, page: number) {
  return selectRows(db)
    .where(conditions(f))
    .orderBy(...ordering(f.when === "past"))
    .limit(adminBookingsPageSize)
    .offset((page - 1) * adminBookingsPageSize);
}

/**
 * One page of bookings by appointment: upcoming (today on in the business timezone) soonest
 * first, past latest first, or all soonest first; filtered by status and appointment dates; and
 * how many match in all. Both reads share one transaction, so they agree.
 */
export function listAdminBookings(db: Db, f: AdminBookingsFilter, page: number): AdminBookingList {
  return db.$client.transaction(() => {
    const rows = adminBookingsPageQuery(db, f, page).all();
    // The kept counts: a row per status and day, whatever the number of bookings.
    const total =
      db
        .select({ n: sql<number>`coalesce(sum(${bookingDayCounts.n}), 0)` })
        .from(bookingDayCounts)
        .where(conditions(f, { status: bookingDayCounts.status, date: bookingDayCounts.date }))
        .get()?.n ?? 0;
    return { bookings: withPayments(db, rows), total: Number(total), page, pageSize: adminBookingsPageSize };
  })();
}

/**
 * Every booking matching the CSV's filter, by appointment (soonest first), `batchSize` rows at a
 * time: each batch is one walk of the appointment index (bookings_appointment_idx, or
 * bookings_status_idx with a status) from where the previous batch stopped, read from one snapshot
 * of the database (read-snapshot.server.ts), so the batches together are the bookings as they were
 * when the first was read, and whoever takes them may let other requests run between them.
 */
export async function* adminBookingsForCsv(
  db: Db,
  f: { status: BookingStatus | null; from: string; to: string },
  batchSize = exportBatchRows,
): AsyncGenerator<AdminBookingRow[], void, undefined> {
  const snapshot = openReadSnapshot(db);
  try {
    const rowid = sql<number>`${bookings}.rowid`;
    let after: SQL | undefined;
    for (;;) {
      const rows = snapshot.db
        .select({ ...rowColumns, rowid })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.userId))
        .where(and(conditions({ ...f, when: "all" }), after))
        .orderBy(...ordering(false))
        .limit(batchSize)
        .all();
      if (rows.length > 0)
        yield withPayments(
          snapshot.db,
          rows.map(({ rowid: _, ...row }) => row),
        );
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      after = sql`(${bookings.appointmentDate}, ${bookings.appointmentTime}, ${rowid}) > (${last.appointmentDate}, ${last.appointmentTime}, ${last.rowid})`;
    }
  } finally {
    snapshot.end();
  }
}

/** One booking as the list shows it, or undefined. */
export function adminBookingRow(db: Db, id: string): AdminBookingRow | undefined {
  const r = selectRows(db).where(eq(bookings.id, id)).get();
  return r ? toRow(r, paymentOfBooking(db, r.id)) : undefined;
}

const slotOf = (s: typeof timeSlots.$inferSelect): AdminSlot => ({
  id: s.id,
  time: s.time,
  maxBookings: s.maxBookings,
  currentBookings: s.currentBookings,
  available: s.isAvailable,
});

/** Every day from `from` to `to` that has slots, with its slots by time and how full it is. */
export function slotOverview(db: Db, from: string, to: string): AdminSlotDay[] {
  const rows = db
    .select()
    .from(timeSlots)
    .where(between(timeSlots.date, from, to))
    .orderBy(asc(timeSlots.date), asc(timeSlots.time))
    .all();
  const days = new Map<string, AdminSlotDay>();
  for (const s of rows) {
    let day = days.get(s.date);
    if (!day) {
      day = { date: s.date, capacity: 0, booked: 0, blocked: 0, slots: [] };
      days.set(s.date, day);
    }
    day.slots.push(slotOf(s));
    day.booked += s.currentBookings;
    if (s.isAvailable) day.capacity += s.maxBookings;
    else {
      day.blocked++;
      // A blocked slot's bookings still happen: they count towards the day's places.
      day.capacity += s.currentBookings;
    }
  }
  return [...days.values()];
}

export type SlotAvailabilityResult = { ok: true; slot: AdminSlot & { date: string }; changed: boolean } | { ok: false };

/**
 * Blocks (no longer offered to customers) or reopens a slot, with its audit entry, in one
 * IMMEDIATE transaction. Bookings already in a blocked slot are kept. Setting what is already
 * set changes nothing and records nothing.
 */
export function setSlotAvailability(db: Db, id: number, available: boolean, actor: AuditActor, now = new Date()): SlotAvailabilityResult {
  return immediate(db, () => {
    const slot = db.select().from(timeSlots).where(eq(timeSlots.id, id)).get();
    if (!slot) return { ok: false };
    if (slot.isAvailable === available) return { ok: true, slot: { ...slotOf(slot), date: slot.date }, changed: false };
    const updated = db.update(timeSlots).set({ isAvailable: available, updatedAt: now }).where(eq(timeSlots.id, id)).returning().get();
    if (!updated) return { ok: false };
    const kept = updated.currentBookings > 0 ? ` (its ${updated.currentBookings} ${updated.currentBookings === 1 ? "booking is" : "bookings are"} kept)` : "";
    recordAudit(
      db,
      actor,
      {
        kind: "bookings",
        action: available ? "timeslot.reopen" : "timeslot.block",
        recordId: updated.id,
        summary: `${available ? "Reopened" : "Blocked"} the time slot ${updated.date} at ${updated.time}${available ? "" : kept}`,
        before: { available: slot.isAvailable },
        after: { available: updated.isAvailable },
      },
      now,
    );
    return { ok: true, slot: { ...slotOf(updated), date: updated.date }, changed: true };
  });
}

/**
 * Makes the missing slots from `from` to `to` by the business hours for the owner and, when any
 * were made, their audit entry, in one IMMEDIATE transaction; returns how many were made.
 */
export function generateSlotsByAdmin(db: Db, actor: AuditActor, from: string, to: string, hours: BusinessHours, timeZone: string): number {
  return immediate(db, () => {
    const created = generateSlots(db, from, to, hours, timeZone);
    if (created > 0) recordSlotGeneration(db, actor, from, to, created);
    return created;
  });
}

/** Records a slot generation in the audit log (inside the transaction that made the slots). */
function recordSlotGeneration(db: Db, actor: AuditActor, from: string, to: string, created: number, now = new Date()): void {
  recordAudit(
    db,
    actor,
    {
      kind: "bookings",
      action: "timeslot.generate",
      recordId: null,
      summary: `Generated ${created} ${created === 1 ? "time slot" : "time slots"} from ${from} to ${to}`,
      after: { from, to, created },
    },
    now,
  );
}
