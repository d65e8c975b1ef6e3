/**
 * Serves an image uploaded in the portal (`GET /uploads/{name}`): the name must be one the upload
 * gave (32 hex digits and the extension of its checked type) and known to the `uploads` table; it is
 * sent with the type its bytes were checked to be, never sniffed, and cached for good (names
 * never change). Anything else is the site's 404.
 */
import type { Context } from "hono";
import { findUpload } from "../db/uploads.server";
import type { AppDeps, AppEnv } from "./deps";

export async function serveUpload(deps: AppDeps, c: Context<AppEnv>) {
  const found = findUpload(deps.db, deps.env.DATA_DIR, c.req.param("name") ?? "");
  // The file is streamed by the runtime rather than read into memory here.
  const file = found ? Bun.file(found.file) : null;
  if (!found || !file || !(await file.exists())) return c.notFound();
  return new Response(file, {
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
