/**
 * The admin portal's bookings and time slots (`/api/admin/bookings…`, `/api/admin/timeslots…`):
 * the filtered list by appointment a page at a time, the rows of the CSV export, the slot overview
 * (how full each day is) and blocking or reopening a slot. Status changes are
 * `changeBookingStatus` in bookings.server.ts.
 *
 * The list reads in appointment order straight from an index: `bookings_status_idx` (status, date,
 * time) with a status filter, `bookings_appointment_idx` (date, time) without, and a search
 * `bookings_search` (bookings-search.server.ts), so a page costs its 20 rows whatever the number of
 * bookings (admin-bookings.test.ts checks the plans).
 */
import { and, asc, between, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type BookingStatus, bookingReferencePattern, nextStatuses } from "../domain/booking";
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
import { bookingPriceLines } from "../domain/booking-price-lines";
import type { SearchedTotal } from "../shared/admin-list";
import { searchCountStatement, searchedTotal } from "./admin-search.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { paymentOfBooking, paymentsOfBookings } from "./booking-payments.server";
import { adminPlanView } from "./payment-plans.server";
import { bookingSearchCondition, bookingSearchParams, bookingsSearch, keyRange } from "./bookings-search.server";
import { type Db, immediate } from "./client.server";
import { prepared } from "./prepared.server";
import { exportBatchRows, openReadSnapshot } from "./read-snapshot.server";
import { bookingDayCounts, bookings, timeSlots, users } from "./schema";
import { generateSlots } from "./timeslots.server";

/** The list's filter; no `search` (or "") lists every booking the rest allows. */
export type AdminBookingsFilter = { search?: string; status: BookingStatus | null; from: string; to: string; when: BookingWhen; today: string };

const rowColumns = {
  id: bookings.id,
  reference: bookings.reference,
  appointmentDate: bookings.appointmentDate,
  appointmentTime: bookings.appointmentTime,
  duration: bookings.duration,
  serviceName: bookings.serviceName,
  servicePrice: bookings.servicePrice,
  originalPrice: bookings.originalPrice,
  currency: bookings.currency,
  discountApplied: bookings.discountApplied,
  bookingDetails: bookings.bookingDetails,
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
    reference: r.reference,
    appointmentDate: r.appointmentDate,
    appointmentTime: r.appointmentTime,
    duration: r.duration,
    serviceName: r.serviceName,
    servicePrice: r.servicePrice,
    originalPrice: r.originalPrice,
    currency: r.currency,
    discountApplied: r.discountApplied,
    priceLines: bookingPriceLines(r),
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
 * A search's statements within the status filter, each prepared once per connection: a page (soonest
 * or, with `descending`, latest first), the count (which stops at its `limit`) and a batch of the
 * CSV (the bookings after the key last read, soonest first). Each walks bookings_search in key
 * order within the filter's days, reading each match's booking only for its status or its row.
 */
function searchStatements(db: Db, indexed: boolean, status: boolean, descending: boolean) {
  return prepared(db, `admin-bookings-search${indexed ? "-indexed" : ""}${status ? "-status" : ""}${descending ? "-desc" : ""}`, (d) => {
    const where = and(bookingSearchCondition(indexed), status ? sql`${bookings.status} = ${sql.placeholder("status")}` : undefined);
    const matches = () =>
      d
        .select({ ...rowColumns, key: bookingsSearch.rowid })
        .from(bookingsSearch)
        .innerJoin(bookings, eq(bookings.id, bookingsSearch.bookingId));
    const withCustomer = () => matches().leftJoin(users, eq(users.id, bookings.userId));
    return {
      page: withCustomer()
        .where(where)
        .orderBy(descending ? desc(bookingsSearch.rowid) : asc(bookingsSearch.rowid))
        .limit(adminBookingsPageSize)
        .offset(sql.placeholder("offset"))
        .prepare(),
      count: searchCountStatement(d, (rows) =>
        status ? rows.from(bookingsSearch).innerJoin(bookings, eq(bookings.id, bookingsSearch.bookingId)).where(where) : rows.from(bookingsSearch).where(where),
      ),
      batch: withCustomer()
        .where(and(where, sql`${bookingsSearch.rowid} > coalesce(${sql.placeholder("after")}, -9223372036854775808)`))
        .orderBy(asc(bookingsSearch.rowid))
        .limit(sql.placeholder("limit"))
        .prepare(),
    };
  });
}

/** The placeholders' values of a search within `f` (its text, status and days). */
function searchValues(f: Omit<AdminBookingsFilter, "today"> & { today?: string }) {
  const { indexed, params } = bookingSearchParams(f.search ?? "");
  return { indexed, values: { ...params, ...keyRange(f), status: f.status } };
}

/** A searched page and its count to a limit (decision 053), in the list's order. */
function searchedPage(db: Db, f: AdminBookingsFilter, page: number): { rows: Selected[] } & SearchedTotal {
  const { indexed, values } = searchValues(f);
  const statements = searchStatements(db, indexed, f.status !== null, f.when === "past");
  const offset = (page - 1) * adminBookingsPageSize;
  const rows = statements.page.all({ ...values, offset }).map(({ key: _, ...row }) => row);
  return { rows, ...searchedTotal(offset, (limit) => statements.count.get({ ...values, limit })?.n ?? 0) };
}

/**
 * One page of bookings by appointment: upcoming (today on in the business timezone) soonest
 * first, past latest first, or all soonest first; filtered by status and appointment dates and
 * searched by reference, customer name, e-mail or phone; and how many match in all (a search counts
 * to a limit). The reads share one transaction, so they agree.
 */
export function listAdminBookings(db: Db, f: AdminBookingsFilter, page: number): AdminBookingList {
  return db.$client.transaction(() => {
    if (f.search) {
      const { rows, ...total } = searchedPage(db, f, page);
      return { bookings: withPayments(db, rows), ...total, page, pageSize: adminBookingsPageSize };
    }
    const rows = adminBookingsPageQuery(db, f, page).all();
    // The kept counts: a row per status and day, whatever the number of bookings.
    const total =
      db
        .select({ n: sql<number>`coalesce(sum(${bookingDayCounts.n}), 0)` })
        .from(bookingDayCounts)
        .where(conditions(f, { status: bookingDayCounts.status, date: bookingDayCounts.date }))
        .get()?.n ?? 0;
    return { bookings: withPayments(db, rows), total: Number(total), totalCapped: false, page, pageSize: adminBookingsPageSize };
  })();
}

/** A search's batches for the CSV, soonest first, each walking on from the key the previous one ended at. */
async function* searchedBatches(db: Db, f: AdminCsvFilter, batchSize: number): AsyncGenerator<Selected[], void, undefined> {
  const { indexed, values } = searchValues({ ...f, when: "all" });
  const batch = searchStatements(db, indexed, f.status !== null, false).batch;
  let after: number | null = null;
  for (;;) {
    const rows = batch.all({ ...values, after, limit: batchSize });
    if (rows.length > 0) yield rows.map(({ key: _, ...row }) => row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.key;
  }
}

/** The CSV's filter: the list's, without its side of today and its page. */
type AdminCsvFilter = { search?: string; status: BookingStatus | null; from: string; to: string };

/**
 * Every booking matching the CSV's filter, by appointment (soonest first), `batchSize` rows at a
 * time: each batch is one walk of the appointment index (bookings_appointment_idx, or
 * bookings_status_idx with a status; bookings_search with a search) from where the previous batch
 * stopped, read from one snapshot of the database (read-snapshot.server.ts), so the batches
 * together are the bookings as they were when the first was read, and whoever takes them may let
 * other requests run between them.
 */
export async function* adminBookingsForCsv(db: Db, f: AdminCsvFilter, batchSize = exportBatchRows): AsyncGenerator<AdminBookingRow[], void, undefined> {
  const snapshot = openReadSnapshot(db);
  try {
    if (f.search) {
      for await (const rows of searchedBatches(snapshot.db, f, batchSize)) yield withPayments(snapshot.db, rows);
      return;
    }
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

/** One booking as the list shows it, by its reference (`BK-…`, any case) or its id, or undefined. */
export function adminBookingRow(db: Db, key: string): AdminBookingRow | undefined {
  const reference = key.toUpperCase();
  const r = selectRows(db)
    .where(bookingReferencePattern.test(reference) ? eq(bookings.reference, reference) : eq(bookings.id, key))
    .get();
  // The booking's own record shows its payment plan (decision 085).
  return r ? { ...toRow(r, paymentOfBooking(db, r.id)), plan: adminPlanView(db, r.id, new Date()) } : undefined;
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
