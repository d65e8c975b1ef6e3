/**
 * Case files' rows (decision 080): an upload's row is made when it starts (status "uploading", its
 * announced size counted against the quota at once), moves on chunk by chunk, and becomes "ready"
 * with its SHA-256 when the last chunk lands. The bytes live in `server/case-files/`.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { type CaseRoomRefusal, caseFileRefusal } from "../domain/case-room";
import { type CaseRoomTarget, caseRoomTargetForBusiness, caseRoomTargetForClient, ensureCaseRoom, touchCaseRoom } from "./case-rooms.server";
import { type Db, immediate } from "./client.server";
import { caseFileUploading, caseFiles, caseMessages } from "./schema";

export type CaseFileRow = typeof caseFiles.$inferSelect;

/** The file `fileId` if it belongs to room `caseRoomId`, else undefined. */
export function caseFileById(db: Db, caseRoomId: number, fileId: number): CaseFileRow | undefined {
  return db
    .select()
    .from(caseFiles)
    .where(and(eq(caseFiles.id, fileId), eq(caseFiles.caseRoomId, caseRoomId)))
    .get();
}

/** Bytes the case files take, for the quota: the announced size of uploads under way and of ready files. */
export function caseFilesUsedBytes(db: Db): number {
  const row = db
    .select({ bytes: sql<number>`coalesce(sum(${caseFiles.size}), 0)` })
    .from(caseFiles)
    .where(inArray(caseFiles.status, ["uploading", "ready"]))
    .get();
  return Number(row?.bytes ?? 0);
}

/** Who adds a file: the client (their user id) or someone of the business (the admin). */
export type CaseFileUploader = { side: "client"; userId: string } | { side: "business"; adminId: number; adminUsername: string };

/** The room `reference` as `who` reaches it (null: 404 for them). */
export function caseRoomTargetFor(db: Db, who: CaseFileUploader, reference: string): CaseRoomTarget | null {
  return who.side === "client" ? caseRoomTargetForClient(db, reference, who.userId) : caseRoomTargetForBusiness(db, reference);
}

/** An upload of `who`'s side in the room `reference` reaches, with that room; null when there is none for them (404). */
export function caseUploadFor(db: Db, who: CaseFileUploader, reference: string, fileId: number): { target: CaseRoomTarget; file: CaseFileRow } | null {
  const target = caseRoomTargetFor(db, who, reference);
  if (!target || target.caseRoomId === null) return null;
  const file = caseFileById(db, target.caseRoomId, fileId);
  if (!file || file.side !== who.side || file.status === "deleted") return null;
  return { target, file };
}

export type NewCaseUpload = {
  uploader: CaseFileUploader;
  name: string;
  contentType: string;
  size: number;
  storageName: string;
  sealedKey: string;
  messageId: number | null;
};

export type StartCaseUploadResult = { ok: true; file: CaseFileRow; caseRoomId: number } | { ok: false; reason: "quota" | "message" | CaseRoomRefusal | "gone" };

/**
 * Records an upload's start in one transaction: the room (made now if this is its first write), the
 * message it attaches to (one of its own side in this room), the quota (`quotaBytes`, with every
 * other upload counted), then the row.
 */
export function startCaseUpload(db: Db, reference: string, upload: NewCaseUpload, quotaBytes: number, now: Date): StartCaseUploadResult {
  return immediate(db, (): StartCaseUploadResult => {
    // The room as it is now, inside the lock: it may have been closed or gathered since the request began.
    const target = caseRoomTargetFor(db, upload.uploader, reference);
    if (!target) return { ok: false, reason: "gone" };
    const refusal = caseFileRefusal(upload.uploader.side, target);
    if (refusal) return { ok: false, reason: refusal };
    if (caseFilesUsedBytes(db) + upload.size > quotaBytes) return { ok: false, reason: "quota" };
    if (upload.messageId !== null) {
      if (target.caseRoomId === null) return { ok: false, reason: "message" };
      const message = db
        .select({ id: caseMessages.id })
        .from(caseMessages)
        .where(and(eq(caseMessages.id, upload.messageId), eq(caseMessages.caseRoomId, target.caseRoomId), eq(caseMessages.side, upload.uploader.side)))
        .get();
      if (!message) return { ok: false, reason: "message" };
    }
    const caseRoomId = ensureCaseRoom(db, target, now);
    const u = upload.uploader;
    const file = db
      .insert(caseFiles)
      .values({
        caseRoomId,
        messageId: upload.messageId,
        side: u.side,
        userId: u.side === "client" ? u.userId : null,
        adminId: u.side === "business" ? u.adminId : null,
        adminUsername: u.side === "business" ? u.adminUsername : null,
        name: upload.name,
        contentType: upload.contentType,
        size: upload.size,
        receivedBytes: 0,
        storageName: upload.storageName,
        sealedKey: upload.sealedKey,
        status: "uploading",
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    return { ok: true, file, caseRoomId };
  });
}

/**
 * A chunk that was written moves the upload on, if it still stood at `offset` (another request may
 * have got there first); `contentType` is the type the first chunk proved. Answers the row after.
 */
export function recordCaseChunk(db: Db, fileId: number, offset: number, length: number, now: Date, contentType?: string): CaseFileRow | undefined {
  return db
    .update(caseFiles)
    .set({ receivedBytes: offset + length, updatedAt: now, ...(contentType ? { contentType } : {}) })
    .where(and(eq(caseFiles.id, fileId), eq(caseFiles.status, "uploading"), eq(caseFiles.receivedBytes, offset)))
    .returning()
    .get();
}

/**
 * Claims the upload for the chunk at `offset` until `until` (ms), for whichever worker process asks
 * first (decision 093): only while it still stands at `offset` and no unexpired claim holds it.
 * Answers the claim (its end, which no other claim shares: a new one starts only after the last
 * ended), or undefined when another request holds it or the upload moved on.
 */
export function claimCaseChunk(db: Db, fileId: number, offset: number, now: number, until: number): number | undefined {
  return (
    db
      .update(caseFiles)
      .set({ chunkClaimedUntil: until, updatedAt: sql`${caseFiles.updatedAt}` })
      .where(
        and(
          eq(caseFiles.id, fileId),
          eq(caseFiles.status, "uploading"),
          eq(caseFiles.receivedBytes, offset),
          sql`(${caseFiles.chunkClaimedUntil} IS NULL OR ${caseFiles.chunkClaimedUntil} < ${now})`,
        ),
      )
      .returning({ until: caseFiles.chunkClaimedUntil })
      .get()?.until ?? undefined
  );
}

/** Holds the claim `claim` on until `until`; answers the renewed claim, or undefined when it was lost (it ran out and another request took it). */
export function renewCaseChunkClaim(db: Db, fileId: number, claim: number, until: number): number | undefined {
  return (
    db
      .update(caseFiles)
      .set({ chunkClaimedUntil: sql`max(${until}, ${caseFiles.chunkClaimedUntil})`, updatedAt: sql`${caseFiles.updatedAt}` })
      .where(and(eq(caseFiles.id, fileId), eq(caseFiles.chunkClaimedUntil, claim)))
      .returning({ until: caseFiles.chunkClaimedUntil })
      .get()?.until ?? undefined
  );
}

/** The chunk is done with (recorded or refused): its claim goes, unless it was lost to another request. */
export function releaseCaseChunkClaim(db: Db, fileId: number, claim: number): void {
  db.update(caseFiles)
    .set({ chunkClaimedUntil: null, updatedAt: sql`${caseFiles.updatedAt}` })
    .where(and(eq(caseFiles.id, fileId), eq(caseFiles.chunkClaimedUntil, claim)))
    .run();
}

/**
 * The last chunk landed: the file is ready with its SHA-256, the room's activity moves on, and
 * `inside` (the notice to the other side, the audit entry) runs in the same transaction. Undefined
 * when the upload no longer stood at `offset`.
 */
export function completeCaseUpload(
  db: Db,
  fileId: number,
  offset: number,
  length: number,
  sha256: string,
  now: Date,
  contentType: string | undefined,
  inside: (file: CaseFileRow) => void,
): CaseFileRow | undefined {
  return immediate(db, () => {
    const file = db
      .update(caseFiles)
      .set({ receivedBytes: offset + length, sha256, status: "ready", completedAt: now, updatedAt: now, ...(contentType ? { contentType } : {}) })
      .where(and(eq(caseFiles.id, fileId), eq(caseFiles.status, "uploading"), eq(caseFiles.receivedBytes, offset)))
      .returning()
      .get();
    if (!file) return undefined;
    touchCaseRoom(db, file.caseRoomId, now, file.side);
    inside(file);
    return file;
  });
}

/** Removes an upload's row (refused, failed or abandoned); only while it is still uploading. */
export function deleteCaseUpload(db: Db, fileId: number): boolean {
  return (
    db
      .delete(caseFiles)
      .where(and(eq(caseFiles.id, fileId), eq(caseFiles.status, "uploading")))
      .returning({ id: caseFiles.id })
      .all().length > 0
  );
}

/** Uploads no chunk has reached since `before`, for housekeeping to remove. */
export function staleCaseUploads(db: Db, before: Date): Pick<CaseFileRow, "id" | "storageName">[] {
  return db
    .select({ id: caseFiles.id, storageName: caseFiles.storageName })
    .from(caseFiles)
    .where(and(caseFileUploading, lt(caseFiles.updatedAt, before)))
    .all();
}
