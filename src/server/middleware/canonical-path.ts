/**
 * Canonical URLs: paths match case-insensitively and with an optional trailing slash. Routing uses
 * the normalised path (see `routingPath`); GET and HEAD requests for another spelling are
 * redirected permanently to the lowercase path without the slash. Hashed assets keep their case.
 */
import type { MiddlewareHandler } from "hono";
import { safeRedirectPath } from "../safe-redirect";

const keepCase = /^\/assets\//;

/**
 * The path Hono routes on: lowercase, no trailing slash (except "/"), no repeated slashes. A path
 * starting with "//" would read as another host in a Location header, so runs of slashes collapse.
 */
export function canonicalPath(path: string): string {
  let p = path.replace(/\/{2,}/g, "/");
  p = keepCase.test(p) ? p : p.toLowerCase();
  if (p.length > 1 && p.endsWith("/")) p = p.replace(/\/+$/, "") || "/";
  return p;
}

/** The raw path of a request URL, without query. */
export function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start < 0) return "/";
  const q = url.indexOf("?", start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/** getPath for the Hono app. */
export function routingPath(req: Request): string {
  return canonicalPath(rawPath(req.url));
}

export const redirectToCanonical: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") {
    const url = c.req.url;
    const path = rawPath(url);
    const canonical = canonicalPath(path);
    // API calls are served on any spelling (routing is case-insensitive); pages get one canonical URL.
    if (canonical !== path && !canonical.startsWith("/api/")) {
      const q = url.indexOf("?");
      // The last word on where we send anyone: a target that would leave our origin is not followed.
      const target = safeRedirectPath(canonical + (q >= 0 ? url.slice(q) : ""), "");
      if (target) return c.redirect(target, 301);
    }
  }
  await next();
};
