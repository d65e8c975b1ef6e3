/**
 * Security headers on every response. The Content-Security-Policy allows only our own scripts,
 * styles and images: JSON data blocks (island props, JSON-LD) are not executed, so they need none.
 * One route may relax them explicitly for its own response with `extendSecurityHeaders` (the
 * services page, for PayPal's SDK and checkout window); every other response keeps the strict set.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps";

/** The directives a route may add sources to. */
export type CspDirective = "script-src" | "connect-src" | "frame-src" | "img-src" | "style-src";
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
export function extendSecurityHeaders<E extends AppEnv>(c: Context<E>, extension: SecurityExtension) {
  const ctx = c as unknown as Context<AppEnv>; // every page's env extends AppEnv; Hono's Set is invariant
  ctx.set("securityExtension", extension);
  for (const [k, v] of securityHeaderList(https(ctx), extension)) c.header(k, v);
}

/**
 * Allows this response's inline <style> (a page's own rules, decision 092) by its hash, on top of
 * whatever the route already relaxed: never 'unsafe-inline', so a style an attacker slips into the
 * page still does not apply.
 */
export function allowInlineStyle<E extends AppEnv>(c: Context<E>, hashSource: string) {
  const current = (c as unknown as Context<AppEnv>).get("securityExtension") ?? {};
  const csp = { ...current.csp, "style-src": [...(current.csp?.["style-src"] ?? []), hashSource] };
  extendSecurityHeaders(c, { ...current, csp });
}

/** Whether the site runs on https, as the security middleware recorded for this request. */
const https = (c: Context<AppEnv>) => c.get("https") === true;

/** Headers every response carries, with a route's extension applied. */
export function securityHeaderList(https: boolean, extension: SecurityExtension = {}): [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(https, extension.csp)],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    // same-origin, not no-referrer: browsers send "Origin: null" on form posts under no-referrer,
    // which the CSRF check must refuse. Other sites still receive no referrer at all.
    ["Referrer-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", extension.allowPopups ? "same-origin-allow-popups" : "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
  ];
  if (https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * Sets the headers on the context before the handler runs (so they are part of the response it
 * builds, at no extra cost), and adds them afterwards only to a response built some other way.
 */
export function securityHeaders(isHttps: boolean): MiddlewareHandler<AppEnv> {
  const list = securityHeaderList(isHttps);
  return async (c, next) => {
    c.set("https", isHttps);
    for (const [k, v] of list) c.header(k, v);
    await next();
    const h = c.res.headers;
    if (!h.has("Content-Security-Policy")) for (const [k, v] of list) h.set(k, v);
  };
}
