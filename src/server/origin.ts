/**
 * The site's own origin, for every absolute link it writes (e-mails, canonical links, JSON-LD,
 * sitemap, OAuth redirect URI). It comes from configuration only: a request's Host or
 * X-Forwarded-Host is chosen by whoever sends it, so a link built from it could point anywhere.
 */
import type { AppDeps } from "./deps";

type OriginConfig = Pick<AppDeps["env"], "PUBLIC_URL" | "PORT">;

/** PUBLIC_URL's origin, else `http://localhost:PORT` (fine for development, wrong in e-mails). */
export function siteOrigin(deps: { env: OriginConfig }): string {
  if (deps.env.PUBLIC_URL) return new URL(deps.env.PUBLIC_URL).origin;
  return `http://localhost:${deps.env.PORT}`;
}

/** The start-up warning to log when links fall back to localhost; null when PUBLIC_URL is set. */
export function publicUrlWarning(env: OriginConfig): string | null {
  if (env.PUBLIC_URL) return null;
  return `PUBLIC_URL is not set: links in e-mails and pages point at ${siteOrigin({ env })}. Set PUBLIC_URL to the site's public address.`;
}

/** True when the site is served over https (Secure cookies, HSTS). */
export function isHttps(deps: AppDeps): boolean {
  return deps.env.PUBLIC_URL?.startsWith("https://") ?? false;
}
