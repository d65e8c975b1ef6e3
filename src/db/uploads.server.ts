/**
 * Images uploaded in the portal: the bytes are checked by their magic numbers (never the file's
 * name or the browser's type), kept in `<DATA_DIR>/uploads/` under a random name with the
 * extension of their checked type, and recorded in the `uploads` table. Served at /uploads/{name}.
 * Rules: docs/product.md#image-uploads.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { maxUploadBytes, uploadNamePattern } from "../shared/admin-product-editor";
import { type Db, immediate } from "./client.server";
import { uploads } from "./schema";

export type ImageKind = { contentType: "image/jpeg" | "image/png" | "image/webp"; extension: "jpg" | "png" | "webp" };

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** What the bytes are by their magic numbers: a JPEG, PNG or WebP image, or null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (bytes.length >= 8 && startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", extension: "png" };
  if (bytes.length >= 12 && startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { contentType: "image/webp", extension: "webp" };
  return null;
}

/** The folder the uploaded files live in. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, "uploads");
}

export type StoredUpload = { ok: true; url: string } | { ok: false; reason: "type" | "too_large" };

/** Checks and keeps one uploaded image; answers its address. */
export function storeUpload(db: Db, dataDir: string, bytes: Uint8Array): StoredUpload {
  if (bytes.length > maxUploadBytes) return { ok: false, reason: "too_large" };
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, reason: "type" };
  const name = `${randomBytes(16).toString("hex")}.${kind.extension}`;
  const dir = uploadsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  // The file first: a row never names bytes that are not there.
  writeFileSync(file, bytes, { flag: "wx" });
  try {
    db.insert(uploads).values({ name, contentType: kind.contentType, bytes: bytes.length }).run();
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  }
  return { ok: true, url: `/uploads/${name}` };
}

/** An uploaded image by its name (strictly checked: no path can be named): its file and recorded type, or null. */
export function findUpload(db: Db, dataDir: string, name: string): { contentType: string; file: string } | null {
  if (!uploadNamePattern.test(name)) return null;
  const row = db.select({ contentType: uploads.contentType }).from(uploads).where(eq(uploads.name, name)).get();
  return row ? { contentType: row.contentType, file: join(uploadsDir(dataDir), name) } : null;
}

/** How long an upload may wait for the product it was made for before it counts as abandoned. */
export const uploadGraceMs = 24 * 60 * 60 * 1000;

/**
 * Removes uploads nothing shows: older than the grace period (an image uploaded in an editor not yet
 * saved is kept) and named neither by a product's images nor by an order item's snapshot (a
 * customer's past order keeps its picture after the product is gone). Rows go in one immediate
 * transaction, files after it; answers how many were removed.
 */
export function pruneUnusedUploads(db: Db, dataDir: string, now = Date.now()): number {
  const gone = immediate(db, () => {
    const unused = db.$client
      .query<{ name: string }, [number]>(
        `SELECT u.name FROM uploads u
         WHERE u.created_at < ?
           AND NOT EXISTS (SELECT 1 FROM products p, json_each(p.images) j WHERE j.value = '/uploads/' || u.name)
           AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE json_extract(oi.product_snapshot, '$.image') = '/uploads/' || u.name)`,
      )
      .all(now - uploadGraceMs)
      .map((r) => r.name);
    if (unused.length) db.delete(uploads).where(inArray(uploads.name, unused)).run();
    return unused;
  });
  for (const name of gone) rmSync(join(uploadsDir(dataDir), name), { force: true });
  return gone.length;
}
