/**
 * Rendered HTML of anonymous pages, compressed once, and the site-wide data every page reads
 * (settings, content, pricing). Any write to what public pages show (content, pricing, settings,
 * catalogue) must call `clear()`.
 */
import { gzipSync } from "bun";
import { brotliCompressSync, constants } from "node:zlib";

export type RenderedPage = {
  status: number;
  html: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
  etag: string;
};

/** Compresses a rendered page for serving. */
export function compressPage(html: string, status: number): RenderedPage {
  const bytes = new TextEncoder().encode(html);
  return {
    status,
    html: bytes,
    br: new Uint8Array(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })),
    gzip: gzipSync(bytes, { level: 9 }),
    etag: `"${Bun.hash(bytes).toString(36)}"`,
  };
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
