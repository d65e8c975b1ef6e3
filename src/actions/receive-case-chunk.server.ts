/**
 * One chunk of a case file arrives (PUT {uploads}/{id}?offset=N, decision 080). It must start where
 * the upload stands, be exactly one chunk long (the last one what is left), and match its SHA-256
 * before anything is written; the first chunk's bytes must prove the announced type. It is sealed
 * and written in place; the last one makes the file ready with the whole file's SHA-256, tells the
 * other side, and is audited when the business added it. A write that fails (a full disk) removes
 * the upload altogether, so nothing half-written is left behind.
 */
import { recordAudit } from "../db/audit.server";
import {
  type CaseFileRow,
  caseUploadFor,
  claimCaseChunk,
  completeCaseUpload,
  deleteCaseUpload,
  recordCaseChunk,
  releaseCaseChunkClaim,
  renewCaseChunkClaim,
} from "../db/case-files.server";
import { caseFileRefusal } from "../domain/case-room";
import { notifyCaseRoom } from "../mail/case-room-mail.server";
import {
  borrowBuffer,
  caseFileKey,
  destroyCaseFile,
  finishCaseFile,
  forgetUploadHash,
  keepUploadHash,
  returnBuffer,
  uploadHashAt,
  sealCaseChunk,
  sealedChunkBytes,
  writeSealedChunk,
} from "../server/case-files/case-file-store.server";
import { provenCaseFileType } from "../server/case-files/case-file-types.server";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { segmentBytes } from "../server/case-files/case-file-crypto.server";
import { type CaseUploadState, caseUploadChunkBytes } from "../shared/case-room";
import {
  type CaseFileDeps,
  type CaseUploadActor,
  type CaseUploadIo,
  CaseUploadConflict,
  caseRoomRefusalError,
  caseUploadState,
  diskFullError,
  diskIo,
  fileTypeError,
  noSuchUpload,
  otherSide,
} from "./case-upload-rules.server";

/** The chunk as it arrives: its body (read here, bounded), its declared length and its SHA-256 header. */
export type CaseChunk = { offset: number; body: ReadableStream<Uint8Array> | null; length: number | null; sha256: string | undefined };

/**
 * A chunk claims its upload in the database, so a second request for the same upload waits its turn
 * (409) whichever worker process it reaches (decision 093). The claim runs out this long after it
 * was last renewed, so a process that stopped mid-chunk holds the upload only briefly: less than the
 * uploader's patience with 409s (about a minute), more than the idle time after which the server cuts
 * a body that stopped arriving (10 s).
 */
export const chunkClaimMs = 30_000;
/** While the bytes arrive (a slow line may take minutes over a chunk) the claim is renewed this often. */
const chunkClaimRenewMs = 10_000;

const chunkTooLarge = () => new HttpError(413, "payload_too_large", "This part of the file is longer than expected.");
const chunkTooShort = () => new HttpError(400, "validation_error", "This part of the file arrived incomplete; it is sent again.");
const checksumMismatch = () => new HttpError(400, "checksum_mismatch", "This part of the file arrived changed; it is sent again.");

/**
 * Reads exactly `expected` bytes of `body` into `out` (more is 413, less is 400), handing each
 * whole segment to `take` as soon as it has arrived, so the work on it is done while the rest
 * is still on its way.
 */
async function readChunk(body: ReadableStream<Uint8Array> | null, expected: number, out: Buffer, take: (segment: Buffer, at: number) => void): Promise<Buffer> {
  let at = 0;
  let taken = 0;
  const takeUpTo = (end: number) => {
    while (end - taken >= segmentBytes || (end === expected && end > taken)) {
      const next = Math.min(taken + segmentBytes, end);
      take(out.subarray(taken, next), taken);
      taken = next;
    }
  };
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (at + value.length > expected) {
        await reader.cancel().catch(() => {});
        throw chunkTooLarge();
      }
      out.set(value, at);
      at += value.length;
      if (at < expected) takeUpTo(at);
    }
  }
  if (at !== expected) throw chunkTooShort();
  takeUpTo(at);
  return out.subarray(0, expected);
}

/** Removes an upload, its bytes and its running hash: the refusal that follows leaves nothing behind. */
function removeUpload(deps: CaseFileDeps, file: CaseFileRow): void {
  forgetUploadHash(file.id);
  destroyCaseFile(deps.env.DATA_DIR, file.storageName);
  deleteCaseUpload(deps.db, file.id);
}

export async function receiveCaseChunk(
  deps: CaseFileDeps,
  actor: CaseUploadActor,
  reference: string,
  fileId: number,
  chunk: CaseChunk,
  now = new Date(),
  io: CaseUploadIo = diskIo,
): Promise<CaseUploadState> {
  const found = caseUploadFor(deps.db, actor, reference, fileId);
  if (!found) throw noSuchUpload();
  const { target, file } = found;
  // The last chunk sent again after its answer was lost: the file is already whole.
  if (file.status === "ready" && chunk.offset + Math.min(caseUploadChunkBytes, file.size - chunk.offset) === file.size) return caseUploadState(file);
  if (file.status !== "uploading" || chunk.offset !== file.receivedBytes) throw new CaseUploadConflict(caseUploadState(file));
  const refusal = caseFileRefusal(actor.side, target);
  if (refusal) throw caseRoomRefusalError(refusal);
  const expected = Math.min(caseUploadChunkBytes, file.size - chunk.offset);
  if (chunk.length !== null && chunk.length > expected) throw chunkTooLarge();
  if (chunk.length !== null && chunk.length < expected) throw chunkTooShort();
  const sha = chunk.sha256?.trim().toLowerCase() ?? "";
  if (!/^[0-9a-f]{64}$/.test(sha)) throw new HttpError(400, "validation_error", "Each part of the file needs its SHA-256 (X-Chunk-Sha256).");

  let claim = claimCaseChunk(deps.db, file.id, chunk.offset, Date.now(), Date.now() + chunkClaimMs);
  if (claim === undefined) throw new CaseUploadConflict(caseUploadState(file));
  let renewedAt = Date.now();
  /** Keeps the claim while the chunk is worked on (`force`: renewed whatever the time, before writing); a claim lost to another request ends this one. */
  const holdClaim = (force = false) => {
    if (claim === undefined || (!force && Date.now() - renewedAt < chunkClaimRenewMs)) return;
    claim = renewCaseChunkClaim(deps.db, file.id, claim, Date.now() + chunkClaimMs);
    renewedAt = Date.now();
    if (claim === undefined) throw new CaseUploadConflict(caseUploadState(file));
  };
  const buffer = borrowBuffer(caseUploadChunkBytes);
  const out = borrowBuffer(sealedChunkBytes);
  let key: Buffer | undefined;
  try {
    const fileKey = caseFileKey(deps.secrets, file.sealedKey);
    key = fileKey;
    const hash = await uploadHashAt(deps.env.DATA_DIR, deps.secrets, file.id, file, chunk.offset);
    holdClaim();
    // As each segment arrives: its digest, the whole file's running hash (a copy, kept only if the
    // chunk proves itself) and its sealing in memory. Nothing is written before the check.
    const check = new Bun.CryptoHasher("sha256");
    const running = hash.copy();
    let sealedLength = 0;
    const bytes = await readChunk(chunk.body, expected, buffer, (segment, at) => {
      holdClaim();
      check.update(segment);
      running.update(segment);
      sealedLength += sealCaseChunk(fileKey, file, chunk.offset + at, segment, out.subarray(sealedLength)).length;
    });
    if (check.digest("hex") !== sha) throw checksumMismatch();
    let contentType: string | undefined;
    if (chunk.offset === 0) {
      const proven = await provenCaseFileType(actor.side, file.contentType, bytes.subarray(0, 64 * 1024));
      if (!proven) {
        removeUpload(deps, file);
        throw fileTypeError(actor.side);
      }
      contentType = proven;
    }
    // Held for another full lease from here: nothing else writes these bytes meanwhile.
    holdClaim(true);
    try {
      writeSealedChunk(deps.env.DATA_DIR, file, chunk.offset, out.subarray(0, sealedLength), io.write);
    } catch (error) {
      log.warn("a case file could not be written; the upload was removed", { error: error instanceof Error ? error.message : String(error) });
      removeUpload(deps, file);
      throw diskFullError();
    }
    const received = chunk.offset + bytes.length;

    if (received < file.size) {
      const moved = recordCaseChunk(deps.db, file.id, chunk.offset, bytes.length, now, contentType);
      if (!moved) {
        forgetUploadHash(file.id);
        throw new CaseUploadConflict(caseUploadState(caseUploadFor(deps.db, actor, reference, fileId)?.file ?? file));
      }
      keepUploadHash(file.id, running, received);
      return caseUploadState(moved);
    }

    forgetUploadHash(file.id);
    const sha256 = running.digest("hex");
    let done: CaseFileRow | undefined;
    try {
      finishCaseFile(deps.env.DATA_DIR, file.storageName);
      done = completeCaseUpload(deps.db, file.id, chunk.offset, bytes.length, sha256, now, contentType, (ready) => {
        notifyCaseRoom(deps.db, ready.caseRoomId, otherSide(actor.side), now);
        if (actor.side === "business") {
          recordAudit(
            deps.db,
            { id: actor.adminId, username: actor.adminUsername },
            {
              kind: "cases",
              action: "case.file_add",
              recordId: target.bookingReference,
              summary: "Added a file to the case room.",
            },
            now,
          );
        }
      });
    } catch (error) {
      log.warn("a finished case file could not be recorded; the upload was removed", { error: error instanceof Error ? error.message : String(error) });
      removeUpload(deps, file);
      throw diskFullError();
    }
    if (!done) throw new CaseUploadConflict(caseUploadState(file));
    // The notice to the other side goes now, not at the outbox's next round.
    deps.outbox.kick();
    return caseUploadState(done);
  } finally {
    key?.fill(0);
    if (claim !== undefined) releaseCaseChunkClaim(deps.db, file.id, claim);
    returnBuffer(buffer);
    returnBuffer(out);
  }
}
