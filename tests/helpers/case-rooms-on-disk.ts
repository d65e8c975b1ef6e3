/**
 * Case rooms and their files as retention, notices and off-site copies meet them: a booking's room
 * made as the first write makes it, closed some time ago, and ready files written encrypted on disk
 * the way an upload leaves them (the store's own sealing), with their rows.
 */
import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.server";
import { immediate } from "../../src/db/client.server";
import { caseRoomTargetForBusiness, ensureCaseRoom } from "../../src/db/case-rooms.server";
import { caseFiles, caseRooms } from "../../src/db/schema";
import { newFileKey, sealFileKey } from "../../src/server/case-files/case-file-crypto.server";
import { finishCaseFile, writeCaseChunk } from "../../src/server/case-files/case-file-store.server";
import type { SecretBox } from "../../src/server/secret-box.server";

/** The room of booking `reference`, made now as its first write would. Answers its id. */
export function caseRoomFor(db: Db, reference: string, now = new Date()): number {
  const target = caseRoomTargetForBusiness(db, reference);
  if (!target) throw new Error(`no booking ${reference} with a customer`);
  return immediate(db, () => ensureCaseRoom(db, target, now));
}

/** Closes room `caseRoomId` at `closedAt`, as the business's "Closed" update does. */
export function closeCaseRoom(db: Db, caseRoomId: number, closedAt: Date): void {
  db.update(caseRooms).set({ status: "closed", closedAt, retentionWarnedAt: null }).where(eq(caseRooms.id, caseRoomId)).run();
}

/** Reopens room `caseRoomId`, as an update to another status does (clears the closing and its warning). */
export function reopenCaseRoom(db: Db, caseRoomId: number): void {
  db.update(caseRooms).set({ status: "in_progress", closedAt: null, retentionWarnedAt: null }).where(eq(caseRooms.id, caseRoomId)).run();
}

/** A ready file of `bytes` in room `caseRoomId`, from the business, encrypted on disk under its own key. Answers its row. */
export function readyCaseFile(db: Db, dataDir: string, secrets: SecretBox, caseRoomId: number, name: string, bytes: Uint8Array) {
  const key = newFileKey();
  const storageName = randomUUID();
  const sealedKey = sealFileKey(secrets, key);
  writeCaseChunk(dataDir, { storageName, sealedKey, size: bytes.length }, key, 0, bytes);
  finishCaseFile(dataDir, storageName);
  const now = new Date();
  return db
    .insert(caseFiles)
    .values({
      caseRoomId,
      side: "business",
      adminUsername: "owner",
      name,
      contentType: "application/pdf",
      size: bytes.length,
      receivedBytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      storageName,
      sealedKey,
      status: "ready",
      createdAt: now,
      completedAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}
