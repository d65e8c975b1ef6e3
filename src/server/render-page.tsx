/** Turns a page definition into an HTTP response, from the anonymous page cache when possible. */
import { gzipSync } from "bun";
import type { Context } from "hono";
import { brotliCompressSync, constants } from "node:zlib";
import { renderToString } from "react-dom/server";
import { cartCount } from "../db/cart.server";
import { wishlistProductIds } from "../db/wishlist.server";
import { getContent } from "../db/content.server";
import { listPricing } from "../db/pricing.server";
import { getSettings } from "../db/settings.server";
import { customerFacingSettings } from "../shared/go-live";
import { newRenderRecord, RenderContext } from "../components/render-context";
import type { CurrentUser, SiteData } from "../components/site";
import type { PageDefinition } from "../pages/page";
import { pickEncoding } from "./assets.server";
import type { AppDeps, AppEnv } from "./deps";
import { type RenderedDocument, renderDocument } from "./document";
import { cachedPageReply, compressPage, neverPublic, type RenderedPage } from "./page-cache";
import { allowInlineStyle, securityHeaderList } from "./middleware/security-headers";
import { isHttps, siteOrigin } from "./origin";
import { fillPercentsDeep } from "../domain/promised-percents";
import { methodsOnOffer } from "../domain/payment-methods";
import { paypalConfig } from "../payments/paypal-config.server";

/** Everything the layout reads, for one render. */
export function loadSite(deps: AppDeps, user: CurrentUser | null, origin: string): SiteData {
  // Pages never show a made-up detail as if it were real (decision 037); the portal reads settings through its API.
  const settings = deps.pageCache.memo("settings", () => customerFacingSettings(getSettings(deps.db)));
  return {
    settings,
    // Texts name discounts by their settings; the page shows the figures, and promises only the ways to pay on offer (domain/promised-percents.ts, decision 067).
    content: deps.pageCache.memo("content", () =>
      fillPercentsDeep(getContent(deps.db), settings, methodsOnOffer(settings, { paypalConfigured: paypalConfig(deps.env) !== null })),
    ),
    pricing: deps.pageCache.memo("pricing", () => listPricing(deps.db)),
    user,
    cartCount: user ? cartCount(deps.db, user.id, settings.maxUnitsPerProduct) : 0,
    wishlistIds: user ? wishlistProductIds(deps.db, user.id) : [],
    year: new Date().getFullYear(),
    origin,
  };
}

/** Renders a page definition to a complete HTML document (and the CSP source of its inline styles). */
export function renderPageHtml(def: PageDefinition, origin: string, inlineStyles = true): RenderedDocument {
  const record = newRenderRecord();
  const bodyHtml = renderToString(<RenderContext.Provider value={record}>{def.body}</RenderContext.Provider>);
  return renderDocument({
    title: def.title,
    description: def.description,
    canonicalUrl: origin + def.path,
    bodyHtml,
    islands: record.islands,
    eagerIslands: record.eager,
    scripts: def.scripts,
    jsonLd: def.jsonLd,
    noindex: def.noindex,
    refresh: def.refresh,
    inlineStyles,
  });
}

/** Answers a cached page through the context, so headers set on it (a cleared cookie) are kept. */
function sendCached(c: Context, page: RenderedPage) {
  const reply = cachedPageReply(page, c.req.header("if-none-match"), c.req.header("accept-encoding"));
  return reply.body ? c.body(reply.body, reply.status as 200, reply.headers) : c.body(null, 304, reply.headers);
}

/** How a page may be kept: "public" pages are rendered once and shared; the default is per request. */
export type PageCaching = { cache?: "public" | "private" };

/**
 * Serves a page. A page is kept in the public cache only when its route asks for it
 * (`{ cache: "public" }`) and the request is anonymous, has no query string and is not under
 * /admin; only a 200 is kept. Everything else is rendered for this request, `private, no-store`.
 */
export function servePage<E extends AppEnv>(deps: AppDeps, c: Context<E>, build: (site: SiteData) => PageDefinition, opts: PageCaching = {}) {
  const user = c.get("user") ?? null;
  const key = c.req.path;
  const cacheable = opts.cache === "public" && user === null && !c.req.url.includes("?") && !neverPublic(key);
  if (cacheable) {
    const hit = deps.pageCache.get(key);
    if (hit) return sendCached(c, hit);
  }
  // Taken before anything the page shows is read: a change committed by any worker during the
  // render moves it, and the page is then sent but not kept.
  const since = deps.pageCache.current();
  const origin = siteOrigin(deps);
  const def = build(loadSite(deps, user, origin));
  const { html, styleSource } = renderPageHtml(def, origin, user === null);
  // The page's inline styles are allowed by their hash, in this response and in the cached one.
  if (styleSource) allowInlineStyle(c, styleSource);
  // Only a 200 is kept: an unknown product slug renders a 404 here, and must not grow the cache.
  if (!cacheable || (def.status ?? 200) !== 200) return sendFresh(c, html, def.status ?? 200);
  const security = Object.fromEntries(securityHeaderList(isHttps(deps), c.get("securityExtension")));
  const page = compressPage(html, def.status ?? 200, security);
  deps.pageCache.set(key, page, since);
  return sendCached(c, page);
}

/**
 * Below this many bytes a page rendered for one request is sent as it is, whatever the browser
 * accepts (decision 055): with its headers it still fits TCP's first flight of ten segments (about
 * 14 KB), so compressing it saves no round trip, and it would cost the one thread every visitor
 * waits on. Caddy in front (deploy/Caddyfile) compresses such answers on its own threads.
 */
export const freshPageCompressedFrom = 12_000;

/**
 * Answers a page rendered for this request only. One large enough to compress is compressed in the
 * one encoding needed: gzip at zlib's default level (what the hour-long soak ran with, decision
 * 055), brotli at quality 4 only when gzip is not accepted (gzip costs less CPU for the same size).
 */
function sendFresh(c: Context, html: string, status: number) {
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "private, no-store",
    Vary: "Accept-Encoding, Cookie",
  };
  const accepted = c.req.header("accept-encoding") ?? "";
  const encoding = /\bgzip\b/.test(accepted) ? "gzip" : pickEncoding(accepted);
  if (!encoding || Buffer.byteLength(html) < freshPageCompressedFrom) return c.body(html, status as 200, headers);
  headers["Content-Encoding"] = encoding;
  const body =
    encoding === "gzip" ? gzipSync(html, { level: 6 }) : new Uint8Array(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  return c.body(body, status as 200, headers);
}
