/**
 * Security headers on every response. The Content-Security-Policy allows only our own scripts,
 * styles and images: JSON data blocks (island props, JSON-LD) are not executed, so they need none.
 * One route may relax them explicitly for its own response with `extendSecurityHeaders` (the
 * services page, for PayPal's SDK and checkout window); every other response keeps the strict set.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps";

/** The directives a route may add sources to. */
export type CspDirective = "script-src" | "connect-src" | "frame-src" | "img-src";
/** Extra sources for one response, per directive (added to 'self', never replacing it). */
export type CspExtension = Partial<Record<CspDirective, readonly string[]>>;

/** What one route may relax for its own response. */
export type SecurityExtension = {
  csp?: CspExtension;
  /** Cross-Origin-Opener-Policy same-origin-allow-popups: a window this page opens (a payment provider's checkout) keeps its link back. */
  allowPopups?: boolean;
};

/** The CSP for this site; `https` adds upgrade-insecure-requests, `extension` a route's extra sources. */
export function contentSecurityPolicy(https: boolean, extension: CspExtension = {}): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'"]],
    ["style-src", ["'self'"]],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  for (const [name, sources] of Object.entries(extension) as [CspDirective, readonly string[]][]) {
    const existing = directives.find(([n]) => n === name);
    // A directive not in the base policy (frame-src) falls back to default-src 'self': keep that.
    if (existing) existing[1].push(...sources);
    else directives.splice(directives.length - 4, 0, [name, ["'self'", ...sources]]);
  }
  return [...directives.map(([n, s]) => `${n} ${s.join(" ")}`), ...(https ? ["upgrade-insecure-requests"] : [])].join("; ");
}

/** Relaxes this response's headers as `extension` says, on top of the site's policy. */
export function extendSecurityHeaders(c: Context<AppEnv>, extension: SecurityExtension) {
  c.set("securityExtension", extension);
}

/** Headers every response carries. */
export function securityHeaderList(https: boolean): [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(https)],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
  ];
  if (https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

export function securityHeaders(https: boolean): MiddlewareHandler<AppEnv> {
  const list = securityHeaderList(https);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const extension = c.get("securityExtension");
    if (extension?.csp && !h.has("Content-Security-Policy")) h.set("Content-Security-Policy", contentSecurityPolicy(https, extension.csp));
    if (extension?.allowPopups && !h.has("Cross-Origin-Opener-Policy")) h.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    for (const [k, v] of list) if (!h.has(k)) h.set(k, v);
  };
}
