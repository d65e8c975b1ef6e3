/**
 * Case rooms (decision 079): one room per booking, reached by any of its bookings' references, made
 * by its first write (an update, a message or a file). Every write here runs inside one `immediate`
 * transaction that also moves the room's `lastActivityAt` on (`touchCaseRoom`).
 */
import { and, asc, count, desc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import { type CaseRoomRefusal, caseMessageRefusal, caseStatusChange, mayAddToCaseRoom } from "../domain/case-room";
import { caseFilesDeleteOn } from "../domain/case-retention";
import { type AdminCaseRoomList, type AdminCasesQuery, adminCasesPageSize } from "../shared/admin-cases";
import {
  adminCaseFilePath,
  type CaseFileView,
  type CaseRoomView,
  type CaseSide,
  type CaseStatus,
  type CaseTimelineEntry,
  caseFilePath,
  caseStatusLabels,
  caseZipPath,
} from "../shared/case-room";
import { type AuditActor, recordAudit } from "./audit.server";
import { type Db, immediate } from "./client.server";
import { bookings, caseDownloads, caseFiles, caseMessages, caseRoomBookings, caseRooms, caseUpdates, users } from "./schema";

/** What a write or a read of a room starts from: the booking it was reached by and its room, if made yet. */
export type CaseRoomTarget = {
  bookingId: string;
  bookingReference: string;
  /** The client of the room: the booking's customer. */
  userId: string;
  /** Null until the room's first write. */
  caseRoomId: number | null;
  status: CaseStatus;
  closedAt: Date | null;
  filesDeletedAt: Date | null;
};

type TargetRow = {
  bookingId: string;
  bookingReference: string | null;
  userId: string | null;
  bookingStatus: string;
  caseRoomId: number | null;
  status: CaseStatus | null;
  closedAt: Date | null;
  filesDeletedAt: Date | null;
};

/** Routing lowercases paths and references are stored in capitals: any spelling reaches the booking. */
function targetRow(db: Db, reference: string): TargetRow | undefined {
  return db
    .select({
      bookingId: bookings.id,
      bookingReference: bookings.reference,
      userId: bookings.userId,
      bookingStatus: bookings.status,
      caseRoomId: caseRooms.id,
      status: caseRooms.status,
      closedAt: caseRooms.closedAt,
      filesDeletedAt: caseRooms.filesDeletedAt,
    })
    .from(bookings)
    .leftJoin(caseRoomBookings, eq(caseRoomBookings.bookingId, bookings.id))
    .leftJoin(caseRooms, eq(caseRooms.id, caseRoomBookings.caseRoomId))
    .where(eq(bookings.reference, reference.trim().toUpperCase()))
    .get();
}

function asTarget(row: TargetRow): CaseRoomTarget | null {
  // A booking whose customer's account was deleted has no client, so no room (the room went with the account).
  if (row.userId === null || row.bookingReference === null) return null;
  return {
    bookingId: row.bookingId,
    bookingReference: row.bookingReference,
    userId: row.userId,
    caseRoomId: row.caseRoomId,
    status: row.status ?? "scheduled",
    closedAt: row.closedAt,
    filesDeletedAt: row.filesDeletedAt,
  };
}

/**
 * The room a signed-in customer reaches by `reference`: only through their own booking, and a
 * cancelled booking's room only if it was already made. Null answers 404 (never 403: whether a room
 * exists is nobody else's business).
 */
export function caseRoomTargetForClient(db: Db, reference: string, userId: string): CaseRoomTarget | null {
  const row = targetRow(db, reference);
  if (!row || row.userId !== userId) return null;
  if (row.bookingStatus === "cancelled" && row.caseRoomId === null) return null;
  return asTarget(row);
}

/** The room the business reaches by `reference` (any booking that still has its customer). */
export function caseRoomTargetForBusiness(db: Db, reference: string): CaseRoomTarget | null {
  const row = targetRow(db, reference);
  return row ? asTarget(row) : null;
}

/**
 * The target's room id, making the room (status "scheduled") for its booking if it has none yet.
 * Call inside the writing `immediate` transaction: it reads again, so two first writes make one room.
 */
export function ensureCaseRoom(db: Db, target: CaseRoomTarget, now: Date): number {
  if (target.caseRoomId !== null) return target.caseRoomId;
  const existing = db.select({ id: caseRoomBookings.caseRoomId }).from(caseRoomBookings).where(eq(caseRoomBookings.bookingId, target.bookingId)).get();
  if (existing) return existing.id;
  const room = db
    .insert(caseRooms)
    .values({ userId: target.userId, status: "scheduled", lastActivityAt: now, createdAt: now, updatedAt: now })
    .returning({ id: caseRooms.id })
    .get();
  db.insert(caseRoomBookings).values({ bookingId: target.bookingId, caseRoomId: room.id }).run();
  return room.id;
}

/**
 * Something new in the room: the portal's list puts it first. Written `by` the business, the
 * business has seen its own write, so the list shows nothing unseen and the business may be told of
 * the client's next one (the client's room is marked seen when their page opens it). Call inside
 * the writing transaction.
 */
export function touchCaseRoom(db: Db, caseRoomId: number, now: Date, by?: CaseSide): void {
  db.update(caseRooms)
    .set({ lastActivityAt: now, updatedAt: now, ...(by === "business" ? { businessSeenAt: now } : {}) })
    .where(eq(caseRooms.id, caseRoomId))
    .run();
}

/** Why a write found nothing to write to, or was refused by the room's state (`domain/case-room.ts`). */
export type CaseWriteResult<T> = { ok: true; value: T } | { ok: false; reason: "not_found" | CaseRoomRefusal };

/** What a write's caller does inside its transaction once the row is in (the notices): told the room and how it was reached. */
export type CaseWriteEffects = (written: { id: number; caseRoomId: number; target: CaseRoomTarget }) => void;

/**
 * The business moves the room's timeline on (or adds a note at the same step): the room made if
 * need be, its status and closing set as `caseStatusChange` says, the update kept, the room
 * touched and the change audited without the note's words; `effects` then runs in the transaction.
 */
export function addCaseUpdate(
  db: Db,
  reference: string,
  input: { status: CaseStatus; note: string | null; notify: boolean },
  actor: AuditActor,
  effects: CaseWriteEffects,
  now: Date,
): CaseWriteResult<{ id: number; caseRoomId: number }> {
  return immediate(db, () => {
    const target = caseRoomTargetForBusiness(db, reference);
    if (!target) return { ok: false, reason: "not_found" } as const;
    const decided = caseStatusChange(target, input.status, now);
    if (!decided.ok) return decided;
    const caseRoomId = ensureCaseRoom(db, target, now);
    const { change } = decided;
    db.update(caseRooms)
      .set({ status: change.status, closedAt: change.closedAt, ...(change.clearRetentionWarning ? { retentionWarnedAt: null } : {}), updatedAt: now })
      .where(eq(caseRooms.id, caseRoomId))
      .run();
    const row = db
      .insert(caseUpdates)
      .values({
        caseRoomId,
        status: change.status,
        note: input.note || null,
        adminId: actor.id,
        adminUsername: actor.username,
        notified: false,
        createdAt: now,
      })
      .returning({ id: caseUpdates.id })
      .get();
    touchCaseRoom(db, caseRoomId, now, "business");
    recordAudit(
      db,
      actor,
      {
        kind: "cases",
        action: "case.update",
        recordId: target.bookingReference,
        summary: `Set the case room to "${caseStatusLabels[change.status]}"${input.note ? " with a note" : ""}${input.notify ? ", telling the client" : ""}.`,
        before: { status: target.status },
        after: { status: change.status },
      },
      now,
    );
    effects({ id: row.id, caseRoomId, target });
    return { ok: true, value: { id: row.id, caseRoomId } } as const;
  });
}

/** Marks an update as told to the client (its notice was queued). Call inside the update's transaction. */
export function markCaseUpdateNotified(db: Db, updateId: number): void {
  db.update(caseUpdates).set({ notified: true }).where(eq(caseUpdates.id, updateId)).run();
}

/** Who writes a message: the room's client, or an admin for the business. */
export type CaseMessageAuthor = { side: "client"; userId: string } | { side: "business"; actor: AuditActor };

/**
 * A message in the room's thread from either side: reached as that side reaches rooms, refused
 * when the room takes no more from that side, the room made if need be and touched; the business's
 * audited (never the words). `effects` then runs in the transaction.
 */
export function addCaseMessage(
  db: Db,
  reference: string,
  author: CaseMessageAuthor,
  body: string,
  effects: CaseWriteEffects,
  now: Date,
): CaseWriteResult<{ id: number; caseRoomId: number }> {
  return immediate(db, () => {
    const target = author.side === "client" ? caseRoomTargetForClient(db, reference, author.userId) : caseRoomTargetForBusiness(db, reference);
    if (!target) return { ok: false, reason: "not_found" } as const;
    const refusal = caseMessageRefusal(author.side, target);
    if (refusal) return { ok: false, reason: refusal } as const;
    const caseRoomId = ensureCaseRoom(db, target, now);
    const row = db
      .insert(caseMessages)
      .values({
        caseRoomId,
        side: author.side,
        adminId: author.side === "business" ? author.actor.id : null,
        adminUsername: author.side === "business" ? author.actor.username : null,
        body,
        createdAt: now,
      })
      .returning({ id: caseMessages.id })
      .get();
    touchCaseRoom(db, caseRoomId, now, author.side);
    if (author.side === "business") {
      recordAudit(
        db,
        author.actor,
        { kind: "cases", action: "case.message", recordId: target.bookingReference, summary: "Wrote a message in the case room." },
        now,
      );
    }
    effects({ id: row.id, caseRoomId, target });
    return { ok: true, value: { id: row.id, caseRoomId } } as const;
  });
}

export type GatherResult = { ok: true; caseRoomId: number } | { ok: false; reason: "not_found" | "other_not_found" | "already_gathered" };

/**
 * Gathers the customer's booking `otherReference` into the room reached by `reference`: when that
 * booking already had a room, everything in it (its bookings, updates, messages, files and download
 * log) moves over and the emptied room is deleted, all in one transaction, audited. Another
 * customer's booking is "other_not_found", so nothing says whose it is.
 */
export function gatherCaseBooking(db: Db, reference: string, otherReference: string, actor: AuditActor, now: Date): GatherResult {
  return immediate(db, () => {
    const target = caseRoomTargetForBusiness(db, reference);
    if (!target) return { ok: false, reason: "not_found" } as const;
    const other = caseRoomTargetForBusiness(db, otherReference);
    if (!other || other.userId !== target.userId) return { ok: false, reason: "other_not_found" } as const;
    if (other.bookingId === target.bookingId || (other.caseRoomId !== null && other.caseRoomId === target.caseRoomId)) {
      return { ok: false, reason: "already_gathered" } as const;
    }
    const caseRoomId = ensureCaseRoom(db, target, now);
    if (other.caseRoomId === null) {
      db.insert(caseRoomBookings).values({ bookingId: other.bookingId, caseRoomId }).run();
    } else {
      const from = other.caseRoomId;
      db.update(caseRoomBookings).set({ caseRoomId }).where(eq(caseRoomBookings.caseRoomId, from)).run();
      db.update(caseUpdates).set({ caseRoomId }).where(eq(caseUpdates.caseRoomId, from)).run();
      db.update(caseMessages).set({ caseRoomId }).where(eq(caseMessages.caseRoomId, from)).run();
      db.update(caseFiles).set({ caseRoomId }).where(eq(caseFiles.caseRoomId, from)).run();
      db.update(caseDownloads).set({ caseRoomId }).where(eq(caseDownloads.caseRoomId, from)).run();
      db.delete(caseRooms).where(eq(caseRooms.id, from)).run();
    }
    touchCaseRoom(db, caseRoomId, now, "business");
    recordAudit(
      db,
      actor,
      {
        kind: "cases",
        action: "case.gather",
        recordId: target.bookingReference,
        summary: `Gathered booking ${other.bookingReference} into the case room${other.caseRoomId === null ? "" : ", with what its own case room held"}.`,
      },
      now,
    );
    return { ok: true, caseRoomId } as const;
  });
}

/** Who opens a room: its client, or the business. */
export type CaseRoomViewer = { side: "client"; userId: string } | { side: "business" };

/**
 * `viewer` opened the room reached by `reference` at `now` (one notice until then,
 * `mail/case-room-mail.server.ts`). Answers whether the viewer reaches it; a room with no row
 * yet has nothing to mark.
 */
export function markCaseRoomSeenBy(db: Db, reference: string, viewer: CaseRoomViewer, now: Date): boolean {
  return immediate(db, () => {
    const target = viewer.side === "client" ? caseRoomTargetForClient(db, reference, viewer.userId) : caseRoomTargetForBusiness(db, reference);
    if (!target) return false;
    if (target.caseRoomId !== null) {
      db.update(caseRooms)
        .set(viewer.side === "client" ? { clientSeenAt: now } : { businessSeenAt: now })
        .where(eq(caseRooms.id, target.caseRoomId))
        .run();
    }
    return true;
  });
}

/** What the view needs from settings: the business's name (the client reads it on the business's messages) and how long files are kept. */
export type CaseViewSettings = { businessName: string; retentionDays: number };

const iso = (d: Date) => d.toISOString();
const personName = (u: { firstName: string | null; lastName: string | null; email: string | null } | undefined) =>
  (u ? [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.email : null) || "Customer";

/** What the room shows of each booking it gathers. */
const roomBookingColumns = {
  reference: bookings.reference,
  serviceName: bookings.serviceName,
  appointmentDate: bookings.appointmentDate,
  appointmentTime: bookings.appointmentTime,
  status: bookings.status,
  createdAt: bookings.createdAt,
};

/**
 * The room reached through `target` as `side` sees it: the timeline oldest first (each booking's
 * "booked", the updates, the messages with their files, files added alone), the files, and what
 * the side may still do. A file the other side is still uploading is not shown.
 */
export function caseRoomViewOf(db: Db, target: CaseRoomTarget, side: CaseSide, settings: CaseViewSettings): CaseRoomView {
  const room = target.caseRoomId === null ? undefined : db.select().from(caseRooms).where(eq(caseRooms.id, target.caseRoomId)).get();
  const bookingRows = room
    ? db
        .select(roomBookingColumns)
        .from(caseRoomBookings)
        .innerJoin(bookings, eq(bookings.id, caseRoomBookings.bookingId))
        .where(eq(caseRoomBookings.caseRoomId, room.id))
        .orderBy(asc(bookings.createdAt), asc(bookings.id))
        .all()
    : db.select(roomBookingColumns).from(bookings).where(eq(bookings.id, target.bookingId)).all();
  const reference = bookingRows.find((b) => b.reference)?.reference ?? target.bookingReference;
  const state = room
    ? { status: room.status, closedAt: room.closedAt, filesDeletedAt: room.filesDeletedAt }
    : { status: "scheduled" as const, closedAt: null, filesDeletedAt: null };

  const timeline: { entry: CaseTimelineEntry; at: number; order: number }[] = bookingRows.map((b, i) => ({
    entry: { kind: "booked", at: iso(b.createdAt), bookingReference: b.reference ?? "" },
    at: b.createdAt.getTime(),
    order: i,
  }));
  const files: CaseFileView[] = [];
  if (room) {
    const client = db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, room.userId)).get();
    const clientName = personName(client);
    const fileRows = db
      .select()
      .from(caseFiles)
      .where(and(eq(caseFiles.caseRoomId, room.id), or(ne(caseFiles.status, "uploading"), eq(caseFiles.side, side))))
      .orderBy(asc(caseFiles.createdAt), asc(caseFiles.id))
      .all();
    const fileView = (f: (typeof fileRows)[number]): CaseFileView => ({
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      size: f.size,
      sha256: f.sha256,
      side: f.side,
      status: f.status,
      addedAt: iso(f.completedAt ?? f.createdAt),
      messageId: f.messageId,
      url: f.status !== "ready" ? null : side === "client" ? caseFilePath(reference, f.id) : adminCaseFilePath(reference, f.id),
    });
    const filesOfMessage = new Map<number, CaseFileView[]>();
    for (const f of fileRows) {
      const view = fileView(f);
      files.push(view);
      if (f.messageId !== null) filesOfMessage.set(f.messageId, [...(filesOfMessage.get(f.messageId) ?? []), view]);
      else timeline.push({ entry: { kind: "file", at: view.addedAt, file: view }, at: (f.completedAt ?? f.createdAt).getTime(), order: 3 });
    }
    for (const u of db.select().from(caseUpdates).where(eq(caseUpdates.caseRoomId, room.id)).orderBy(asc(caseUpdates.createdAt), asc(caseUpdates.id)).all()) {
      timeline.push({ entry: { kind: "update", id: u.id, at: iso(u.createdAt), status: u.status, note: u.note }, at: u.createdAt.getTime(), order: 1 });
    }
    for (const m of db
      .select()
      .from(caseMessages)
      .where(eq(caseMessages.caseRoomId, room.id))
      .orderBy(asc(caseMessages.createdAt), asc(caseMessages.id))
      .all()) {
      // The client reads the business's name on its messages, never which admin wrote them.
      const author = m.side === "client" ? clientName : side === "client" ? settings.businessName : (m.adminUsername ?? settings.businessName);
      timeline.push({
        entry: { kind: "message", id: m.id, at: iso(m.createdAt), side: m.side, author, body: m.body, files: filesOfMessage.get(m.id) ?? [] },
        at: m.createdAt.getTime(),
        order: 2,
      });
    }
  }
  timeline.sort((a, b) => a.at - b.at || a.order - b.order);
  const filesDeleteOn = state.closedAt ? caseFilesDeleteOn(state.closedAt, settings.retentionDays) : null;
  return {
    reference,
    status: state.status,
    closedAt: state.closedAt ? iso(state.closedAt) : null,
    filesDeleteOn: state.filesDeletedAt ? iso(state.filesDeletedAt) : filesDeleteOn ? iso(filesDeleteOn) : null,
    filesDeletedAt: state.filesDeletedAt ? iso(state.filesDeletedAt) : null,
    bookings: bookingRows.map((b) => ({
      reference: b.reference ?? "",
      serviceName: b.serviceName,
      appointmentDate: b.appointmentDate,
      appointmentTime: b.appointmentTime,
      status: b.status,
    })),
    timeline: timeline.map((t) => t.entry),
    files,
    canAdd: mayAddToCaseRoom(side, state),
    zipUrl: side === "client" && files.some((f) => f.status === "ready") ? caseZipPath(reference) : null,
  };
}

/**
 * Something from the client (a message, or a file that finished) the business has not opened since:
 * the list's mark and the dashboard's to-do group read this one predicate.
 */
export const caseRoomUnseenByBusiness = sql<number>`(
  exists (select 1 from ${caseMessages} where ${caseMessages.caseRoomId} = ${caseRooms.id} and ${caseMessages.side} = 'client'
          and ${caseMessages.createdAt} > coalesce(${caseRooms.businessSeenAt}, 0))
  or exists (select 1 from ${caseFiles} where ${caseFiles.caseRoomId} = ${caseRooms.id} and ${caseFiles.side} = 'client' and ${caseFiles.status} = 'ready'
          and coalesce(${caseFiles.completedAt}, ${caseFiles.createdAt}) > coalesce(${caseRooms.businessSeenAt}, 0))
)`;

/**
 * The reference a room is reached by, for a query over `case_rooms` joined to another table (the
 * portal's lists): its earliest booking's. Drizzle writes columns unqualified in a one-table query,
 * so there `caseRoomReference` is the way.
 */
export const caseRoomReferenceSql = sql<
  string | null
>`(select ${bookings.reference} from ${caseRoomBookings} join ${bookings} on ${bookings.id} = ${caseRoomBookings.bookingId}
  where ${caseRoomBookings.caseRoomId} = ${caseRooms.id} and ${bookings.reference} is not null order by ${bookings.createdAt}, ${bookings.id} limit 1)`;

/** The reference room `caseRoomId` is reached by (its earliest booking's), or null when none has one. */
export function caseRoomReference(db: Db, caseRoomId: number): string | null {
  return (
    db
      .select({ reference: bookings.reference })
      .from(caseRoomBookings)
      .innerJoin(bookings, eq(bookings.id, caseRoomBookings.bookingId))
      .where(and(eq(caseRoomBookings.caseRoomId, caseRoomId), isNotNull(bookings.reference)))
      .orderBy(asc(bookings.createdAt), asc(bookings.id))
      .get()?.reference ?? null
  );
}

/** One page of the portal's rooms: something unseen from the client first, then the most recently active. */
export function listAdminCaseRooms(db: Db, query: AdminCasesQuery): AdminCaseRoomList {
  const where = query.status ? eq(caseRooms.status, query.status) : undefined;
  const total = db.select({ n: count() }).from(caseRooms).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      id: caseRooms.id,
      userId: caseRooms.userId,
      status: caseRooms.status,
      lastActivityAt: caseRooms.lastActivityAt,
      unseen: caseRoomUnseenByBusiness,
      files: sql<number>`(select count(*) from ${caseFiles} where ${caseFiles.caseRoomId} = ${caseRooms.id} and ${caseFiles.status} = 'ready')`,
      reference: caseRoomReferenceSql,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(caseRooms)
    .innerJoin(users, eq(users.id, caseRooms.userId))
    .where(where)
    .orderBy(desc(caseRoomUnseenByBusiness), desc(caseRooms.lastActivityAt), desc(caseRooms.id))
    .limit(adminCasesPageSize)
    .offset((query.page - 1) * adminCasesPageSize)
    .all();
  return {
    rooms: rows.map((r) => ({
      reference: r.reference ?? "",
      customerName: personName(r),
      customerId: r.userId,
      status: r.status,
      files: Number(r.files),
      lastActivityAt: iso(r.lastActivityAt),
      unseen: Boolean(r.unseen),
    })),
    total,
    page: query.page,
    pageSize: adminCasesPageSize,
  };
}
