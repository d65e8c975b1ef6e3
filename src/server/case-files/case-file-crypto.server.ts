/**
 * How a case file is kept on disk (decision 080): a short header, then the bytes in segments of
 * 64 KiB, each sealed with AES-256-GCM under the file's own key. A segment's nonce is its index, and
 * its associated data says whether it is the last one, so segments cannot be reordered, dropped or
 * cut off without the reading failing. A 4 MiB upload chunk is exactly 64 segments, so each chunk is
 * sealed on its own as it arrives, and a Range read opens only the segments it covers.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { SecretBox } from "../secret-box.server";

/** Plain bytes per segment. */
export const segmentBytes = 64 * 1024;
const tagBytes = 16;
/** A sealed segment on disk: its bytes and their tag. */
export const sealedSegmentBytes = segmentBytes + tagBytes;
/** "PICF", the format's version, and three bytes kept for later. */
export const headerBytes = 8;
const formatVersion = 1;
const header = Buffer.from([0x50, 0x49, 0x43, 0x46, formatVersion, 0, 0, 0]);

/** The header every case file starts with. */
export function caseFileHeader(): Buffer {
  return Buffer.from(header);
}

/** Whether `bytes` begin with a header this code can read. */
export function isCaseFileHeader(bytes: Uint8Array): boolean {
  return bytes.length >= headerBytes && Buffer.compare(Buffer.from(bytes.subarray(0, headerBytes)), header) === 0;
}

/** A new file's key (32 random bytes). */
export function newFileKey(): Buffer {
  return randomBytes(32);
}

/** The key as the database keeps it: sealed by the data directory's secret. */
export function sealFileKey(secrets: SecretBox, key: Uint8Array): string {
  return secrets.seal(Buffer.from(key).toString("base64url"));
}

/** The file's key, or null when it was sealed under another secret or altered. */
export function openFileKey(secrets: SecretBox, sealed: string): Buffer | null {
  const opened = secrets.open(sealed);
  if (opened === null) return null;
  const key = Buffer.from(opened, "base64url");
  return key.length === 32 ? key : null;
}

/** How many segments a file of `size` bytes has. */
export function segmentCount(size: number): number {
  return Math.ceil(size / segmentBytes);
}

/** Bytes on disk of a file of `size` plain bytes. */
export function sealedSize(size: number): number {
  return headerBytes + size + segmentCount(size) * tagBytes;
}

/** Where segment `index` starts on disk. */
export function segmentPosition(index: number): number {
  return headerBytes + index * sealedSegmentBytes;
}

function nonce(index: number): Buffer {
  const n = Buffer.alloc(12);
  n.writeUIntBE(index, 6, 6);
  return n;
}

function associatedData(final: boolean): Buffer {
  return Buffer.from([...header, final ? 1 : 0]);
}

/**
 * Seals `plain`, which begins at segment `firstIndex` of a file of `size` bytes (it must start on a
 * segment boundary and end on one, or at the file's end), into `into` when it is large enough;
 * answers the sealed bytes, to be written at `segmentPosition(firstIndex)`.
 */
export function sealSegments(key: Uint8Array, plain: Uint8Array, firstIndex: number, size: number, into?: Buffer): Buffer {
  const last = segmentCount(size) - 1;
  const count = Math.ceil(plain.length / segmentBytes);
  const length = plain.length + count * tagBytes;
  const out = into && into.length >= length ? into : Buffer.allocUnsafe(length);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const index = firstIndex + i;
    const cipher = createCipheriv("aes-256-gcm", key, nonce(index));
    cipher.setAAD(associatedData(index === last));
    at += cipher.update(plain.subarray(i * segmentBytes, Math.min(plain.length, (i + 1) * segmentBytes))).copy(out, at);
    cipher.final();
    at += cipher.getAuthTag().copy(out, at);
  }
  return out.subarray(0, at);
}

/** Opens one sealed segment (bytes then tag); throws when it was altered, moved or cut. */
export function openSegment(key: Uint8Array, sealed: Uint8Array, index: number, final: boolean): Buffer {
  if (sealed.length <= tagBytes) throw new Error("A case file segment is cut short");
  const decipher = createDecipheriv("aes-256-gcm", key, nonce(index));
  decipher.setAAD(associatedData(final));
  decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
  const plain = decipher.update(sealed.subarray(0, sealed.length - tagBytes));
  decipher.final();
  return plain;
}
