/** The site's own origin: PUBLIC_URL when set, else the request's (forwarded headers behind a trusted proxy). */
import type { Context } from "hono";
import type { AppDeps } from "./deps";

export function siteOrigin(deps: AppDeps, c: Context): string {
  if (deps.env.PUBLIC_URL) return new URL(deps.env.PUBLIC_URL).origin;
  if (deps.env.TRUST_PROXY) {
    const host = c.req.header("x-forwarded-host");
    const proto = c.req.header("x-forwarded-proto");
    if (host) return `${proto === "https" ? "https" : "http"}://${host.split(",")[0]!.trim()}`;
  }
  return new URL(c.req.url).origin;
}

/** True when the site is served over https (Secure cookies, HSTS). */
export function isHttps(deps: AppDeps): boolean {
  return deps.env.PUBLIC_URL?.startsWith("https://") ?? false;
}
