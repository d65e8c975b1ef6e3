/**
 * Rendered HTML of the pages whose routes chose public caching, compressed once, and the site-wide
 * data every page reads (settings, content, pricing). It is cleared by mechanism, not by memory:
 * bootstrap subscribes `clear()` to the database's "public data changed" signal
 * (db/public-data.server.ts), and a middleware clears it after any successful admin write.
 */
import { gzipSync } from "bun";
import { brotliCompressSync, constants } from "node:zlib";
import { pickEncoding } from "./assets.server";

export type RenderedPage = {
  status: number;
  /** Every header of the response except Content-Encoding (security headers included). */
  headers: Record<string, string>;
  html: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
  etag: string;
  /** Ready responses per encoding, cloned for each request (cheaper than building headers). */
  responses: Map<string, Response>;
};

/** Compresses a rendered page for serving; `headers` are the response's own (security etc.). */
export function compressPage(html: string, status: number, headers: Record<string, string>): RenderedPage {
  const bytes = new TextEncoder().encode(html);
  const etag = `"${Bun.hash(bytes).toString(36)}"`;
  return {
    status,
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=0, must-revalidate",
      Vary: "Accept-Encoding, Cookie",
      ETag: etag,
    },
    html: bytes,
    br: new Uint8Array(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })),
    gzip: gzipSync(bytes, { level: 9 }),
    etag,
    responses: new Map(),
  };
}

/** Paths never kept in or served from the public cache, whatever a route asks: admin shells arrive without a cookie. */
export function neverPublic(path: string) {
  const p = path.toLowerCase();
  return p === "/admin" || p.startsWith("/admin/");
}

export class PageCache {
  private pages = new Map<string, RenderedPage>();
  private data = new Map<string, unknown>();

  /** A value computed once and kept until the next `clear()`. */
  memo<T>(key: string, compute: () => T): T {
    if (this.data.has(key)) return this.data.get(key) as T;
    const value = compute();
    this.data.set(key, value);
    return value;
  }

  get(key: string): RenderedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: RenderedPage) {
    this.pages.set(key, page);
  }

  /** Drops every cached page; call after any write to what public pages show. */
  clear() {
    this.pages.clear();
    this.data.clear();
  }

  get size() {
    return this.pages.size;
  }
}

/** What to answer for a cached page: 304 on a matching ETag, else the best encoding accepted. */
export function cachedPageReply(page: RenderedPage, ifNoneMatch: string | null | undefined, acceptEncoding: string | null | undefined) {
  if (ifNoneMatch === page.etag) return { status: 304, headers: page.headers, body: null };
  const encoding = pickEncoding(acceptEncoding);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html;
  const headers = encoding ? { ...page.headers, "Content-Encoding": encoding } : page.headers;
  return { status: page.status, headers, body: body as Uint8Array<ArrayBuffer> };
}

/**
 * A Response for a cached page, built once per encoding and cloned for each request: a request
 * that finds its encoding's Response builds nothing else (this is every anonymous page view).
 */
export function cachedPageResponse(page: RenderedPage, ifNoneMatch: string | null, acceptEncoding: string | null): Response {
  if (ifNoneMatch === page.etag) return new Response(null, { status: 304, headers: page.headers });
  const key = pickEncoding(acceptEncoding) ?? "identity";
  let ready = page.responses.get(key);
  if (!ready) {
    const reply = cachedPageReply(page, null, acceptEncoding);
    ready = new Response(reply.body, reply);
    page.responses.set(key, ready);
  }
  return ready.clone();
}
