/**
 * Serves an image uploaded in the portal (`GET /uploads/{name}`): the name must be one the upload
 * gave (32 hex digits and the extension of its checked type) and known to the `uploads` table; it is
 * sent with the type its bytes were checked to be, never sniffed, and cached for good (names
 * never change). Anything else is the site's 404.
 */
import type { Context } from "hono";
import { readUpload } from "../db/uploads.server";
import type { AppDeps, AppEnv } from "./deps";

export function serveUpload(deps: AppDeps, c: Context<AppEnv>) {
  const found = readUpload(deps.db, deps.env.DATA_DIR, c.req.param("name") ?? "");
  if (!found) return c.notFound();
  return c.body(new Uint8Array(found.bytes), 200, {
    "Content-Type": found.contentType,
    "Content-Length": String(found.bytes.length),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
}
