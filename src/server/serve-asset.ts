/** Serves embedded files: hashed assets for a year (immutable), other public files for a day. */
import type { Context } from "hono";
import { getAsset, pickEncoding } from "./assets.server";

export async function serveAsset(c: Context) {
  const asset = await getAsset(c.req.path);
  if (!asset) return c.notFound();
  const headers: Record<string, string> = {
    "Content-Type": asset.type,
    "Cache-Control": asset.immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400",
    ETag: asset.etag,
    Vary: "Accept-Encoding",
  };
  if (c.req.header("if-none-match") === asset.etag) return c.body(null, 304, headers);
  const encoding = asset.br ? pickEncoding(c.req.header("accept-encoding")) : null;
  if (encoding) headers["Content-Encoding"] = encoding;
  const body = encoding === "br" ? asset.br : encoding === "gzip" ? asset.gzip : asset.body;
  // Compressible assets get both encodings at once (assets.server.ts).
  if (!body) throw new Error(`asset ${c.req.path} has no ${encoding} encoding`);
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}
