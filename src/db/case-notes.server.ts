/**
 * Case notes (decision 041): the back office's private notes on an enquiry, a booking, an order or
 * a customer. Adding and deleting one is audited in its transaction; the audit entry names the
 * record, never the note's words, so the append-only log keeps nothing a deleted account takes
 * along. Only the admin who wrote a note may delete it.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { AuditKind } from "../domain/audit";
import { type CaseNote, type CaseNoteList, caseNoteRecordNames } from "../shared/admin-notes";
import { type AuditActor, recordAudit } from "./audit.server";
import { type Db, immediate } from "./client.server";
import { bookings, caseNotes, contacts, orders, users } from "./schema";

/** The audit log's kind for a note on each list. */
const auditKindOf: Record<CaseNoteList, AuditKind> = { contacts: "enquiries", bookings: "bookings", orders: "orders", users: "users" };

/** Whether the record a note would be kept on exists. */
function recordExists(db: Db, list: CaseNoteList, key: string): boolean {
  switch (list) {
    case "contacts":
      return db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, key)).get() !== undefined;
    case "bookings":
      return db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, key)).get() !== undefined;
    case "orders":
      return db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, key)).get() !== undefined;
    case "users":
      return db.select({ id: users.id }).from(users).where(eq(users.id, key)).get() !== undefined;
  }
}

type NoteRow = typeof caseNotes.$inferSelect;

const asCaseNote = (row: NoteRow, viewer: AuditActor): CaseNote => ({
  id: row.id,
  adminUsername: row.adminUsername,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  mine: row.adminId === viewer.id,
});

/** A record's notes, newest first, or null when there is no such record. */
export function caseNotesOf(db: Db, list: CaseNoteList, key: string, viewer: AuditActor): CaseNote[] | null {
  if (!recordExists(db, list, key)) return null;
  return db
    .select()
    .from(caseNotes)
    .where(and(eq(caseNotes.recordList, list), eq(caseNotes.recordKey, key)))
    .orderBy(desc(caseNotes.createdAt), desc(caseNotes.id))
    .all()
    .map((row) => asCaseNote(row, viewer));
}

/** Adds a note by `actor` to a record and audits it, or answers null when there is no such record. */
export function addCaseNote(db: Db, list: CaseNoteList, key: string, body: string, actor: AuditActor, now = new Date()): CaseNote | null {
  return immediate(db, () => {
    if (!recordExists(db, list, key)) return null;
    const row = db
      .insert(caseNotes)
      .values({ recordList: list, recordKey: key, adminId: actor.id, adminUsername: actor.username, body, createdAt: now })
      .returning()
      .get();
    recordAudit(
      db,
      actor,
      { kind: auditKindOf[list], action: "note.add", recordId: key, summary: `Added a case note to the ${caseNoteRecordNames[list]}.` },
      now,
    );
    return asCaseNote(row, actor);
  });
}

export type DeleteCaseNoteResult = { ok: true } | { ok: false; reason: "not_found" | "not_yours" };

/** Deletes `actor`'s own note and audits it; another admin's note is refused, nothing changes. */
export function deleteCaseNote(db: Db, id: number, actor: AuditActor, now = new Date()): DeleteCaseNoteResult {
  return immediate(db, () => {
    const note = db.select().from(caseNotes).where(eq(caseNotes.id, id)).get();
    if (!note) return { ok: false, reason: "not_found" } as const;
    if (note.adminId !== actor.id) return { ok: false, reason: "not_yours" } as const;
    db.delete(caseNotes).where(eq(caseNotes.id, id)).run();
    recordAudit(
      db,
      actor,
      {
        kind: auditKindOf[note.recordList],
        action: "note.delete",
        recordId: note.recordKey,
        summary: `Deleted a case note from the ${caseNoteRecordNames[note.recordList]}.`,
      },
      now,
    );
    return { ok: true } as const;
  });
}

/** Deletes the notes on one record (the record itself is being deleted). Call inside its transaction. */
export function deleteCaseNotesOfRecord(db: Db, list: CaseNoteList, key: string): void {
  db.delete(caseNotes)
    .where(and(eq(caseNotes.recordList, list), eq(caseNotes.recordKey, key)))
    .run();
}

/**
 * Deletes every note about a customer whose account is being deleted: on the customer, on their
 * bookings and orders, and on enquiries sent from their addresses (lower-cased). Call inside the
 * deletion's transaction, before the bookings and orders are detached from the account.
 */
export function deleteCaseNotesOfCustomer(db: Db, userId: string, addresses: readonly string[]): void {
  const bookingIds = db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId));
  const orderNumbers = db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.userId, userId));
  const enquiryIds = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(inArray(sql`lower(${contacts.email})`, addresses.length > 0 ? [...addresses] : [""]));
  db.delete(caseNotes)
    .where(
      or(
        and(eq(caseNotes.recordList, "users"), eq(caseNotes.recordKey, userId)),
        and(eq(caseNotes.recordList, "bookings"), inArray(caseNotes.recordKey, bookingIds)),
        and(eq(caseNotes.recordList, "orders"), inArray(caseNotes.recordKey, orderNumbers)),
        and(eq(caseNotes.recordList, "contacts"), inArray(caseNotes.recordKey, enquiryIds)),
      ),
    )
    .run();
}
