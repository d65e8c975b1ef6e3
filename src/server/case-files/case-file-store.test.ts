import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { caseUploadChunkBytes } from "../../shared/case-room";
import { secretBox } from "../secret-box.server";
import { headerBytes, newFileKey, sealedSegmentBytes, sealedSize, sealFileKey, segmentBytes } from "./case-file-crypto.server";
import {
  type CaseFileOnDisk,
  caseFilesDir,
  destroyCaseFile,
  finishCaseFile,
  forgetUploadHash,
  hasUploadHash,
  keepUploadHash,
  openCaseFileStream,
  uploadHashAt,
  sealCaseChunk,
  writeCaseChunk,
  writeSealedChunk,
} from "./case-file-store.server";

const secrets = secretBox(randomBytes(32));
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "case-files-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Writes `plain` as an upload does, chunk by chunk, and finishes it; answers the row's part. */
async function stored(plain: Uint8Array, storageName = "f1"): Promise<CaseFileOnDisk> {
  const key = newFileKey();
  const file = { storageName, sealedKey: sealFileKey(secrets, key), size: plain.length };
  for (let at = 0; at < plain.length; at += caseUploadChunkBytes) {
    const chunk = plain.subarray(at, at + caseUploadChunkBytes);
    writeSealedChunk(dataDir, file, at, sealCaseChunk(key, file, at, chunk));
  }
  finishCaseFile(dataDir, storageName);
  return file;
}

async function read(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const diskPath = (file: CaseFileOnDisk) => join(caseFilesDir(dataDir), file.storageName);

describe("case files at rest", () => {
  test("the file on disk holds none of the plain bytes, is the size the format says, and reads back whole", async () => {
    const plain = randomBytes(3 * segmentBytes + 1234);
    const file = await stored(plain);
    const disk = readFileSync(diskPath(file));
    expect(disk.length).toBe(sealedSize(plain.length));
    // A distinctive run from each part of the file: none of it is on disk.
    for (const at of [0, segmentBytes - 10, 2 * segmentBytes + 500, plain.length - 64]) {
      expect(disk.indexOf(plain.subarray(at, at + 64))).toBe(-1);
    }
    expect((await read(openCaseFileStream(dataDir, secrets, file))).equals(plain)).toBe(true);
  });

  test("one changed byte on disk makes the stream fail, never give out altered bytes", async () => {
    const plain = randomBytes(2 * segmentBytes + 10);
    const file = await stored(plain);
    const disk = readFileSync(diskPath(file));
    const at = headerBytes + sealedSegmentBytes + 7;
    disk.writeUInt8(disk.readUInt8(at) ^ 0x01, at);
    writeFileSync(diskPath(file), disk);
    const received: Uint8Array[] = [];
    const reader = openCaseFileStream(dataDir, secrets, file).getReader();
    let failed = false;
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) received.push(r.value);
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
    // Only the first segment, untouched, came out.
    expect(Buffer.concat(received).equals(plain.subarray(0, segmentBytes))).toBe(true);
  });

  test("a file cut short fails, whether in a segment or at a segment's end", async () => {
    const plain = randomBytes(3 * segmentBytes);
    for (const cut of [1, sealedSegmentBytes]) {
      const file = await stored(plain, `cut${cut}`);
      truncateSync(diskPath(file), sealedSize(plain.length) - cut);
      await expect(read(openCaseFileStream(dataDir, secrets, file))).rejects.toThrow();
    }
  });

  test("segments swapped on disk fail", async () => {
    const plain = randomBytes(3 * segmentBytes);
    const file = await stored(plain);
    const disk = readFileSync(diskPath(file));
    const first = Buffer.from(disk.subarray(headerBytes, headerBytes + sealedSegmentBytes));
    disk.copy(disk, headerBytes, headerBytes + sealedSegmentBytes, headerBytes + 2 * sealedSegmentBytes);
    first.copy(disk, headerBytes + sealedSegmentBytes);
    writeFileSync(diskPath(file), disk);
    await expect(read(openCaseFileStream(dataDir, secrets, file))).rejects.toThrow();
  });

  test("another data directory's secret cannot open the file", async () => {
    const file = await stored(randomBytes(100));
    await expect(read(openCaseFileStream(dataDir, secretBox(randomBytes(32)), file))).rejects.toThrow();
  });

  test("Range reads, across segment boundaries too, are exactly the slice of the original", async () => {
    const plain = randomBytes(caseUploadChunkBytes + 3 * segmentBytes + 99);
    const file = await stored(plain);
    const ranges: [number, number][] = [
      [0, 0],
      [segmentBytes - 1, segmentBytes],
      [100, 3 * segmentBytes + 5],
      [caseUploadChunkBytes - 3, caseUploadChunkBytes + 2],
      [plain.length - 1, plain.length - 1],
      [12_345, plain.length - 1],
    ];
    for (const [start, end] of ranges) {
      const got = await read(openCaseFileStream(dataDir, secrets, file, { start, end }));
      expect(got.equals(plain.subarray(start, end + 1))).toBe(true);
    }
  });

  test("a chunk sent again after a lost answer overwrites itself, and what a lost attempt left after it is cut off", async () => {
    const plain = randomBytes(caseUploadChunkBytes + 500);
    const key = newFileKey();
    const file = { storageName: "again", sealedKey: sealFileKey(secrets, key), size: plain.length };
    writeCaseChunk(dataDir, file, key, 0, plain.subarray(0, caseUploadChunkBytes));
    writeCaseChunk(dataDir, file, key, caseUploadChunkBytes, plain.subarray(caseUploadChunkBytes));
    // The server went back to the first chunk (its record was lost): the second is written again after it.
    writeCaseChunk(dataDir, file, key, 0, plain.subarray(0, caseUploadChunkBytes));
    writeCaseChunk(dataDir, file, key, caseUploadChunkBytes, plain.subarray(caseUploadChunkBytes));
    finishCaseFile(dataDir, "again");
    expect((await read(openCaseFileStream(dataDir, secrets, file))).equals(plain)).toBe(true);
  });

  test("after a restart the running SHA-256 is worked out again from the partial file", async () => {
    const plain = randomBytes(2 * caseUploadChunkBytes + 10);
    const key = newFileKey();
    const file = { storageName: "resume", sealedKey: sealFileKey(secrets, key), size: plain.length };
    const first = plain.subarray(0, caseUploadChunkBytes);
    writeCaseChunk(dataDir, file, key, 0, first);
    keepUploadHash(7, new Bun.CryptoHasher("sha256").update(first), first.length);
    forgetUploadHash(7);
    expect(hasUploadHash(7)).toBe(false);
    const hash = await uploadHashAt(dataDir, secrets, 7, file, caseUploadChunkBytes);
    hash.update(plain.subarray(caseUploadChunkBytes));
    expect(hash.digest("hex")).toBe(createHash("sha256").update(plain).digest("hex"));
    forgetUploadHash(7);
  });

  test("fixtures' quick writer and the upload's writer keep the same bytes", async () => {
    const plain = randomBytes(caseUploadChunkBytes + 3 * segmentBytes + 7);
    const key = newFileKey();
    const file = { storageName: "quick", sealedKey: sealFileKey(secrets, key), size: plain.length };
    writeCaseChunk(dataDir, file, key, 0, plain);
    finishCaseFile(dataDir, "quick");
    const other = { ...file, storageName: "upload" };
    for (let at = 0; at < plain.length; at += caseUploadChunkBytes) {
      writeSealedChunk(dataDir, other, at, sealCaseChunk(key, other, at, plain.subarray(at, at + caseUploadChunkBytes)));
    }
    finishCaseFile(dataDir, "upload");
    expect(readFileSync(diskPath(file)).equals(readFileSync(diskPath(other)))).toBe(true);
  });

  test("destroying removes the file and any part of it, and minds nothing missing", async () => {
    const file = await stored(randomBytes(10), "gone");
    writeFileSync(join(caseFilesDir(dataDir), "gone.part"), "x");
    destroyCaseFile(dataDir, "gone");
    expect(existsSync(diskPath(file))).toBe(false);
    expect(existsSync(join(caseFilesDir(dataDir), "gone.part"))).toBe(false);
    destroyCaseFile(dataDir, "never-was");
  });
});
