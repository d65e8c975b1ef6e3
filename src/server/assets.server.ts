/**
 * The built client assets and public files, embedded in the binary by the generated module
 * (scripts/build.ts writes it). Hashed assets are served immutable, each compressed once.
 */
import { gzipSync } from "bun";
import { brotliCompressSync, constants } from "node:zlib";
import { assetFiles, manifest } from "./assets.gen";

export type AssetManifest = typeof manifest;
export { manifest };

const compressible = /\.(js|css|svg|json|txt|xml|html|ico)$/;

export type Asset = {
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  type: string;
  immutable: boolean;
  etag: string;
};

const cache = new Map<string, Asset | null>();

/** The asset at `urlPath`, read and compressed on first use, or null. */
export async function getAsset(urlPath: string): Promise<Asset | null> {
  const cached = cache.get(urlPath);
  if (cached !== undefined) return cached;
  const file = assetFiles[urlPath as keyof typeof assetFiles] as string | undefined;
  if (!file) return null;
  const blob = Bun.file(file);
  const body = new Uint8Array(await blob.arrayBuffer());
  const type = blob.type || "application/octet-stream";
  const asset: Asset = {
    body,
    type,
    immutable: urlPath.startsWith("/assets/"),
    etag: `"${Bun.hash(body).toString(36)}"`,
  };
  if (compressible.test(urlPath) && body.byteLength > 512) {
    asset.br = new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    asset.gzip = gzipSync(body, { level: 9 });
  }
  cache.set(urlPath, asset);
  return asset;
}

/** Picks the best encoding the client accepts. */
export function pickEncoding(acceptEncoding: string | undefined | null): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return null;
}
