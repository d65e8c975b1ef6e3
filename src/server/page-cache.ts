/**
 * Rendered HTML of the pages whose routes chose public caching, compressed once, and the site-wide
 * data every page reads (settings, content, pricing). It is cleared by mechanism, not by memory:
 * bootstrap subscribes `clear()` to the database's "public data changed" signal
 * (db/public-data.server.ts), and a middleware clears it after any successful admin write.
 *
 * With several workers each keeps its own pages, and a clear reaches all of them through the
 * shared generation (page-generation.server.ts, decision 091): `clear()` writes a new one, and
 * every worker compares it before answering from its cache. A page is stored only under the
 * generation it started rendering in, so one rendered while a change committed elsewhere is
 * never kept as if it were current.
 */
import { gzipSync } from "bun";
import { brotliCompressSync, constants } from "node:zlib";
import { pickEncoding } from "./assets.server";
import { localPageGeneration, type PageGeneration } from "./page-generation.server";

export type RenderedPage = {
  status: number;
  /** Every header of the response except Content-Encoding (security headers included). */
  headers: Record<string, string>;
  html: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
  etag: string;
  /**
   * Ready responses per reply key (an encoding, "identity", or "304" for a matching ETag), made on
   * first use and cloned for each request: a Response's body can be sent once, and cloning one
   * costs less than building one from its headers (about 0.46 µs against 0.77, decision 091).
   */
  replies: Map<string, Response>;
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
    replies: new Map(),
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
  /** The generation the pages and data held were rendered under. */
  private seen: number;

  constructor(private readonly generation: PageGeneration = localPageGeneration()) {
    this.seen = generation.read();
  }

  /**
   * The current generation, after dropping what was kept under an older one (a change made by this
   * worker or any other). Take it before reading what a page shows, and store the page with it.
   */
  current(): number {
    const now = this.generation.read();
    if (now !== this.seen) {
      this.pages.clear();
      this.data.clear();
      this.seen = now;
    }
    return now;
  }

  /** A value computed once and kept until the next change to public data. */
  memo<T>(key: string, compute: () => T): T {
    const since = this.current();
    if (this.data.has(key)) return this.data.get(key) as T;
    const value = compute();
    if (this.generation.read() === since) this.data.set(key, value);
    return value;
  }

  get(key: string): RenderedPage | undefined {
    this.current();
    return this.pages.get(key);
  }

  /**
   * Keeps `page` unless public data changed since `since` (the generation its render started in).
   * Never an /admin path, whatever asks: the fast path serves what is kept without looking again.
   */
  set(key: string, page: RenderedPage, since = this.current()) {
    if (this.current() === since && !neverPublic(key)) this.pages.set(key, page);
  }

  /** Drops every cached page, in every worker; call after any write to what public pages show. */
  clear() {
    this.generation.bump();
    this.current();
  }

  get size() {
    this.current();
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

/** The reply key of a request: "304" when its ETag matches, else the encoding it gets. */
export function replyKey(page: RenderedPage, ifNoneMatch: string | null, acceptEncoding: string | null): string {
  return ifNoneMatch === page.etag ? "304" : (pickEncoding(acceptEncoding) ?? "identity");
}

/**
 * A Response for a cached page, cloned from the one made for its reply key: a request that finds
 * its reply builds nothing else (this is every anonymous page view, 304s included).
 */
export function cachedPageResponse(page: RenderedPage, key: string): Response {
  let ready = page.replies.get(key);
  if (!ready) {
    const reply = cachedPageReply(page, key === "304" ? page.etag : null, key === "identity" ? null : key);
    ready = new Response(reply.body, reply);
    page.replies.set(key, ready);
  }
  return ready.clone();
}
