/**
 * Security headers on every response. The Content-Security-Policy allows only our own scripts,
 * styles and images: JSON data blocks (island props, JSON-LD) are not executed, so they need none.
 */
import type { MiddlewareHandler } from "hono";

/** The CSP for this site; `https` adds upgrade-insecure-requests. */
export function contentSecurityPolicy(https: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
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

export function securityHeaders(https: boolean): MiddlewareHandler {
  const list = securityHeaderList(https);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [k, v] of list) if (!h.has(k)) h.set(k, v);
  };
}
