/**
 * A ready case file for download tests, stored as an upload leaves it (decision 080): a room made
 * by the upload's start, the bytes sealed on disk in segments, the row "ready" with its SHA-256.
 */
import { createHash, randomBytes } from "node:crypto";
import { completeCaseUpload, startCaseUpload } from "../../src/db/case-files.server";
import { newFileKey, sealFileKey } from "../../src/server/case-files/case-file-crypto.server";
import { finishCaseFile, writeCaseChunk } from "../../src/server/case-files/case-file-store.server";
import { caseUploadChunkBytes } from "../../src/shared/case-room";
import type { TestApp } from "./test-app";

/** `size` bytes that differ at every position (so a wrong offset shows), starting with a PDF's header. */
export function patternedBytes(size: number, seed = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 8)) & 0xff;
  bytes.set(new TextEncoder().encode("%PDF-1.4\n").subarray(0, Math.min(9, size)));
  return bytes;
}

/** Stores `bytes` as a ready file named `name` in the room of booking `reference`, added by the business. */
export function readyCaseFile(
  t: TestApp,
  reference: string,
  bytes: Uint8Array,
  opts: { name?: string; contentType?: string; adminId?: number; now?: Date } = {},
): { id: number; caseRoomId: number; storageName: string; sha256: string } {
  const now = opts.now ?? new Date();
  const key = newFileKey();
  const started = startCaseUpload(
    t.db,
    reference,
    {
      uploader: { side: "business", adminId: opts.adminId ?? 1, adminUsername: "owner" },
      name: opts.name ?? "report.pdf",
      contentType: opts.contentType ?? "application/pdf",
      size: bytes.length,
      storageName: randomBytes(16).toString("hex"),
      sealedKey: sealFileKey(t.deps.secrets, key),
      messageId: null,
    },
    Number.MAX_SAFE_INTEGER,
    now,
  );
  if (!started.ok) throw new Error(`the upload did not start: ${started.reason}`);
  const { file } = started;
  for (let offset = 0; offset < bytes.length; offset += caseUploadChunkBytes) {
    writeCaseChunk(t.dataDir, file, key, offset, bytes.subarray(offset, offset + caseUploadChunkBytes));
  }
  finishCaseFile(t.dataDir, file.storageName);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const done = completeCaseUpload(t.db, file.id, 0, bytes.length, sha256, now, undefined, () => {});
  if (!done) throw new Error("the upload did not complete");
  return { id: file.id, caseRoomId: started.caseRoomId, storageName: file.storageName, sha256 };
}
