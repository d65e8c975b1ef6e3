/**
 * Retention of case files (decision 082): `caseFileRetentionDays` after a case closes its files are
 * destroyed (the row keeps its name, size and SHA-256 for the record, loses its sealed key, and the
 * file leaves the disk), the client warned a week before, once per closing. Deleting a customer's
 * account deletes their rooms with everything in them. The files themselves are removed by the
 * caller once the transaction has committed: a row that says "deleted" never points at a file that
 * is still readable, since its key went first.
 */
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { caseFilesDeleteOn, closedNoLaterThanForDeletion, closedNoLaterThanForWarning } from "../domain/case-retention";
import { recordSiteChange } from "./audit.server";
import { caseRoomReference } from "./case-rooms.server";
import { immediate, type Db } from "./client.server";
import { caseFiles, caseRooms } from "./schema";

/** A room still holds a file that retention has not deleted. */
const holdsFiles = sql`exists (select 1 from ${caseFiles} where ${caseFiles.caseRoomId} = ${caseRooms.id} and ${caseFiles.status} <> 'deleted')`;

/** Closed rooms whose client is due the week's warning at `now`: files still there, not warned since this closing, not yet due for deletion. */
export function caseRoomsToWarn(db: Db, retentionDays: number, now: Date): number[] {
  return db
    .select({ id: caseRooms.id })
    .from(caseRooms)
    .where(
      and(
        eq(caseRooms.status, "closed"),
        lte(caseRooms.closedAt, closedNoLaterThanForWarning(now, retentionDays)),
        gt(caseRooms.closedAt, closedNoLaterThanForDeletion(now, retentionDays)),
        isNull(caseRooms.retentionWarnedAt),
        isNull(caseRooms.filesDeletedAt),
        holdsFiles,
      ),
    )
    .orderBy(asc(caseRooms.closedAt))
    .all()
    .map((r) => r.id);
}

/**
 * Warns room `caseRoomId`'s client once for this closing: inside one transaction it checks the room
 * is still due (closed, not warned, not reopened), runs `queue` with the day the files go (it queues
 * the e-mail and answers whether it did), and marks the room warned when it did.
 */
export function claimRetentionWarning(db: Db, caseRoomId: number, retentionDays: number, now: Date, queue: (deleteOn: Date) => boolean): boolean {
  return immediate(db, () => {
    const room = db
      .select({ id: caseRooms.id, closedAt: caseRooms.closedAt })
      .from(caseRooms)
      .where(and(eq(caseRooms.id, caseRoomId), eq(caseRooms.status, "closed"), isNull(caseRooms.retentionWarnedAt), isNull(caseRooms.filesDeletedAt)))
      .get();
    if (!room?.closedAt) return false;
    if (!queue(caseFilesDeleteOn(room.closedAt, retentionDays))) return false;
    db.update(caseRooms).set({ retentionWarnedAt: now, updatedAt: now }).where(eq(caseRooms.id, caseRoomId)).run();
    return true;
  });
}

/** Closed rooms whose files are due for deletion at `now` (closed `retentionDays` ago or more, not yet deleted). */
export function caseRoomsDueForDeletion(db: Db, retentionDays: number, now: Date): number[] {
  return db
    .select({ id: caseRooms.id })
    .from(caseRooms)
    .where(and(eq(caseRooms.status, "closed"), lte(caseRooms.closedAt, closedNoLaterThanForDeletion(now, retentionDays)), isNull(caseRooms.filesDeletedAt)))
    .orderBy(asc(caseRooms.closedAt))
    .all()
    .map((r) => r.id);
}

/**
 * Deletes room `caseRoomId`'s files, in one transaction, if it is still due: every file's row turns
 * "deleted" without its sealed key (name, size and SHA-256 stay for the record), the room is marked
 * `filesDeletedAt`, and the deletion is audited as the site's, naming the booking and how many
 * files, never what they were. Answers the files to remove from the disk once committed, or null
 * when the room was no longer due (reopened, or done by an earlier run).
 */
export function deleteClosedCaseFiles(db: Db, caseRoomId: number, retentionDays: number, now: Date): string[] | null {
  return immediate(db, () => {
    const room = db
      .select({ id: caseRooms.id })
      .from(caseRooms)
      .where(
        and(
          eq(caseRooms.id, caseRoomId),
          eq(caseRooms.status, "closed"),
          lte(caseRooms.closedAt, closedNoLaterThanForDeletion(now, retentionDays)),
          isNull(caseRooms.filesDeletedAt),
        ),
      )
      .get();
    if (!room) return null;
    const files = db
      .update(caseFiles)
      .set({ status: "deleted", sealedKey: "", deletedAt: now, updatedAt: now })
      .where(and(eq(caseFiles.caseRoomId, caseRoomId), ne(caseFiles.status, "deleted")))
      .returning({ storageName: caseFiles.storageName })
      .all();
    db.update(caseRooms).set({ filesDeletedAt: now, updatedAt: now }).where(eq(caseRooms.id, caseRoomId)).run();
    if (files.length > 0) {
      const reference = caseRoomReference(db, caseRoomId);
      recordSiteChange(
        db,
        {
          kind: "cases",
          action: "case.files_deleted",
          recordId: reference ?? caseRoomId,
          summary: `Deleted the ${files.length === 1 ? "file" : `${files.length} files`} of case ${reference ?? `room ${caseRoomId}`}, ${retentionDays} days after it closed`,
        },
        now,
      );
    }
    return files.map((f) => f.storageName);
  });
}

/**
 * Deletes every room of customer `userId` with all it holds (timeline, messages, files' rows,
 * download log), inside the account deletion's transaction. Answers the files to remove from the
 * disk once that transaction has committed.
 */
export function deleteCaseRoomsOfCustomer(db: Db, userId: string): string[] {
  const rooms = db.select({ id: caseRooms.id }).from(caseRooms).where(eq(caseRooms.userId, userId)).all();
  if (rooms.length === 0) return [];
  const ids = rooms.map((r) => r.id);
  const files = db.select({ storageName: caseFiles.storageName }).from(caseFiles).where(inArray(caseFiles.caseRoomId, ids)).all();
  // The rooms' own rows go with them (foreign keys cascade); said here so no row is left to chance.
  db.delete(caseRooms).where(inArray(caseRooms.id, ids)).run();
  return files.map((f) => f.storageName);
}

/** The storage names of every file the site still keeps (uploading or ready): anything else in the folder is left over. */
export function keptCaseFileNames(db: Db): Set<string> {
  return new Set(
    db
      .select({ storageName: caseFiles.storageName })
      .from(caseFiles)
      .where(ne(caseFiles.status, "deleted"))
      .all()
      .map((f) => f.storageName),
  );
}

/** Ready files not yet handed to the off-site command (with the backups), oldest first. */
export function caseFilesNotOffsite(db: Db): { id: number; storageName: string }[] {
  return db
    .select({ id: caseFiles.id, storageName: caseFiles.storageName })
    .from(caseFiles)
    .where(and(eq(caseFiles.status, "ready"), isNull(caseFiles.offsiteAt)))
    .orderBy(asc(caseFiles.id))
    .all();
}

/** Whether file `id` is still ready (retention may have deleted it while it was being copied). */
export function caseFileStillReady(db: Db, id: number): boolean {
  return (
    db
      .select({ id: caseFiles.id })
      .from(caseFiles)
      .where(and(eq(caseFiles.id, id), eq(caseFiles.status, "ready")))
      .get() !== undefined
  );
}

/** The off-site command took file `id`: it is not handed again. */
export function markCaseFileOffsite(db: Db, id: number, now: Date): void {
  db.update(caseFiles).set({ offsiteAt: now }).where(eq(caseFiles.id, id)).run();
}
