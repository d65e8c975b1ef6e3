/**
 * Case files on disk (decision 080): `<DATA_DIR>/case-files/<storageName>`, with `.part` while the
 * upload is under way. Chunks are sealed as they arrive and written where they belong, so a chunk
 * sent again after a dropped connection overwrites itself; reading decrypts as it streams, only the
 * segments a Range covers, and never holds the whole file.
 */
import { closeSync, ftruncateSync, mkdirSync, openSync, renameSync, rmSync, statfsSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { caseUploadChunkBytes } from "../../shared/case-room";
import type { SecretBox } from "../secret-box.server";
import {
  caseFileHeader,
  headerBytes,
  openFileKey,
  openSegment,
  sealedSegmentBytes,
  sealSegments,
  segmentBytes,
  segmentCount,
  segmentPosition,
} from "./case-file-crypto.server";

/** Where the case files live. */
export function caseFilesDir(dataDir: string): string {
  return join(dataDir, "case-files");
}

/** What reading or writing a file needs of its row. */
export type CaseFileOnDisk = { storageName: string; sealedKey: string; size: number };

const partName = (storageName: string) => `${storageName}.part`;

/** Writes all of `bytes` at `position` of the open file (a parameter so tests can make the disk fill up). */
export type WriteAt = (fd: number, bytes: Uint8Array, position: number) => void;

export const writeAt: WriteAt = (fd, bytes, position) => {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
};

/** Bytes the data directory's disk still has for us (a parameter of the upload so tests can say "full"). */
export type FreeBytes = (dataDir: string) => number;

export const freeDiskBytes: FreeBytes = (dataDir) => {
  mkdirSync(dataDir, { recursive: true });
  const s = statfsSync(dataDir);
  return Number(s.bavail) * Number(s.bsize);
};

/** Bytes a sealed chunk of `plain` bytes takes: the bytes and a tag per segment. */
export const sealedChunkLength = (plainBytes: number) => plainBytes + segmentCount(plainBytes) * 16;

/**
 * Seals `plain` (the upload's bytes from `offset`, on a segment boundary) into `out` when it is
 * large enough; answers the sealed bytes. Nothing is written.
 */
export function sealCaseChunk(key: Uint8Array, file: CaseFileOnDisk, offset: number, plain: Uint8Array, out?: Buffer): Buffer {
  if (offset % segmentBytes !== 0) throw new Error("A chunk starts on a segment boundary");
  return sealSegments(key, plain, offset / segmentBytes, file.size, out);
}

/**
 * Writes a sealed chunk (the upload's bytes from `offset`) into the file's `.part`, cutting off
 * whatever a lost earlier attempt left after it. Throws on any write error (the caller removes the
 * file). Written at once: 4 MiB into the page cache is quicker than a trip through the thread pool.
 */
export function writeSealedChunk(dataDir: string, file: CaseFileOnDisk, offset: number, sealed: Uint8Array, write: WriteAt = writeAt): void {
  const dir = caseFilesDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fd = openSync(join(dir, partName(file.storageName)), offset === 0 ? "w" : "r+", 0o600);
  try {
    if (offset === 0) write(fd, caseFileHeader(), 0);
    const position = segmentPosition(offset / segmentBytes);
    write(fd, sealed, position);
    ftruncateSync(fd, position + sealed.length);
  } finally {
    closeSync(fd);
  }
}

/** Seals and writes bytes from `offset` at once (what fixtures and tests use to put a file on disk). */
export function writeCaseChunk(dataDir: string, file: CaseFileOnDisk, key: Uint8Array, offset: number, plain: Uint8Array): void {
  writeSealedChunk(dataDir, file, offset, sealCaseChunk(key, file, offset, plain));
}

/** A full chunk sealed. */
export const sealedChunkBytes = sealedChunkLength(caseUploadChunkBytes);

/**
 * Buffers of a chunk's size, kept for the next chunk: an upload of 2 GB is 512 chunks, and
 * allocating each afresh lets the process grow by what the collector has not yet freed.
 */
const spareBuffers = new Map<number, Buffer[]>();

export function borrowBuffer(bytes: number): Buffer {
  return spareBuffers.get(bytes)?.pop() ?? Buffer.allocUnsafeSlow(bytes);
}

export function returnBuffer(buffer: Buffer): void {
  const spare = spareBuffers.get(buffer.length) ?? [];
  if (spare.length < 4) spare.push(buffer);
  spareBuffers.set(buffer.length, spare);
}

/** The finished upload takes its place (no more `.part`). */
export function finishCaseFile(dataDir: string, storageName: string): void {
  const dir = caseFilesDir(dataDir);
  renameSync(join(dir, partName(storageName)), join(dir, storageName));
}

/** Removes a file and any `.part` of it; nothing to remove is fine. */
export function destroyCaseFile(dataDir: string, storageName: string): void {
  const dir = caseFilesDir(dataDir);
  rmSync(join(dir, storageName), { force: true });
  rmSync(join(dir, partName(storageName)), { force: true });
}

/** The sealed key opened, or an error: a file whose key will not open cannot be read or continued. */
export function caseFileKey(secrets: SecretBox, sealedKey: string): Buffer {
  const key = openFileKey(secrets, sealedKey);
  if (!key) throw new Error("A case file's key cannot be opened with this data directory's secret");
  return key;
}

/** Segments read from disk at a time while streaming (1 MiB and a little). */
const segmentsPerRead = 16;

/**
 * The file's plain bytes (or `range`, both ends included, as HTTP counts them) as a stream. Each
 * segment is checked as it is read: a changed, moved or missing byte makes the stream error rather
 * than give out altered bytes.
 */
export function openCaseFileStream(
  dataDir: string,
  secrets: SecretBox,
  file: CaseFileOnDisk,
  range?: { start: number; end: number },
  options: { part?: boolean } = {},
): ReadableStream<Uint8Array> {
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? file.size - 1, file.size - 1);
  const path = join(caseFilesDir(dataDir), options.part ? partName(file.storageName) : file.storageName);
  const last = segmentCount(file.size) - 1;
  let next = Math.floor(start / segmentBytes);
  const lastNeeded = Math.floor(end / segmentBytes);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let key: Buffer | undefined;
  // One buffer for the sealed bytes of each read: they are opened into new buffers before the next read.
  let buffer: Buffer | undefined;
  const close = async () => {
    const h = handle;
    handle = undefined;
    await h?.close();
  };
  return new ReadableStream<Uint8Array>({
    async start() {
      if (start < 0 || start > end) throw new Error("The range is outside the file");
      key = caseFileKey(secrets, file.sealedKey);
      handle = await open(path, "r");
      const head = Buffer.alloc(headerBytes);
      const { bytesRead } = await handle.read(head, 0, headerBytes, 0);
      if (bytesRead !== headerBytes || !head.equals(caseFileHeader())) {
        await close();
        throw new Error("Not a case file this version can read");
      }
    },
    async pull(controller) {
      if (!handle || !key) return;
      if (next > lastNeeded) {
        await close();
        controller.close();
        return;
      }
      try {
        const count = Math.min(segmentsPerRead, lastNeeded - next + 1);
        const want = count * sealedSegmentBytes;
        buffer ??= Buffer.allocUnsafeSlow(Math.min(segmentsPerRead, lastNeeded - next + 1) * sealedSegmentBytes);
        const { bytesRead } = await handle.read(buffer, 0, want, segmentPosition(next));
        for (let i = 0; i < count; i++) {
          const index = next + i;
          const from = i * sealedSegmentBytes;
          const to = Math.min(bytesRead, from + sealedSegmentBytes);
          const plainLength = Math.min(segmentBytes, file.size - index * segmentBytes);
          // A short read is a cut file: the tag is checked against exactly what should be there.
          if (to - from !== plainLength + 16) throw new Error("A case file is shorter than its size");
          let plain: Uint8Array = openSegment(key, buffer.subarray(from, to), index, index === last);
          const segmentStart = index * segmentBytes;
          if (segmentStart < start || segmentStart + plain.length - 1 > end) {
            plain = plain.subarray(Math.max(0, start - segmentStart), Math.min(plain.length, end - segmentStart + 1));
          }
          controller.enqueue(plain);
        }
        next += count;
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    async cancel() {
      await close();
    },
  });
}

/**
 * Uploads' running SHA-256 by file id, with the bytes it covers, so a chunk never rereads what came
 * before. With several worker processes, chunks of one upload reach whichever worker the proxy's
 * connection leads to (decision 093: behind Caddy, with other visitors about, about every other
 * chunk changes worker), so each worker keeps its own and catches up from where it stood.
 */
const runningHashes = new Map<number, { hash: Bun.CryptoHasher; bytes: number }>();
/** Uploads another worker finished leave their hash here: the oldest go beyond this many. */
const keptHashesAtMost = 256;

/**
 * The SHA-256 of an upload's first `receivedBytes`, as a hash to go on from. When other worker
 * processes took chunks since this one's last, only their bytes are read back from the `.part`
 * file (each chunk is read at most once more per worker); after a restart the whole `.part`.
 */
export async function uploadHashAt(
  dataDir: string,
  secrets: SecretBox,
  fileId: number,
  file: CaseFileOnDisk,
  receivedBytes: number,
): Promise<Bun.CryptoHasher> {
  const kept = runningHashes.get(fileId);
  if (kept && kept.bytes === receivedBytes) return kept.hash;
  const from = kept && kept.bytes < receivedBytes ? kept.bytes : 0;
  const hash = from > 0 && kept ? kept.hash.copy() : new Bun.CryptoHasher("sha256");
  if (receivedBytes > from) {
    const stream = openCaseFileStream(dataDir, secrets, file, { start: from, end: receivedBytes - 1 }, { part: true });
    const reader = stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) hash.update(r.value);
  }
  keepUploadHash(fileId, hash, receivedBytes);
  return hash;
}

/** The running hash moves on by a chunk that was written and recorded. */
export function keepUploadHash(fileId: number, hash: Bun.CryptoHasher, bytes: number): void {
  runningHashes.delete(fileId);
  runningHashes.set(fileId, { hash, bytes });
  for (const oldest of runningHashes.keys()) {
    if (runningHashes.size <= keptHashesAtMost) break;
    runningHashes.delete(oldest);
  }
}

/** An upload ended (finished, refused or abandoned): its running hash goes. */
export function forgetUploadHash(fileId: number): void {
  runningHashes.delete(fileId);
}

/** Whether the process holds a running hash for the upload (tests drop it to play a restart). */
export function hasUploadHash(fileId: number): boolean {
  return runningHashes.has(fileId);
}
