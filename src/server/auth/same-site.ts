/**
 * Whether a GET that changes state (signing out) was started from our own pages. Another site can
 * make a browser load any URL (an <img>, a link), so the browser's own word is needed:
 * Sec-Fetch-Site when sent, else Origin or Referer naming this site (decision 004's rule).
 */
import type { Context } from "hono";
import type { AppDeps } from "../deps";
import { isOwnOrigin } from "../middleware/origin-check";

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** True for a same-origin request, or a navigation the user typed or bookmarked. */
export function isSameSiteRequest(deps: AppDeps, c: Context): boolean {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  const from = originOf(c.req.header("origin")) ?? originOf(c.req.header("referer"));
  return from !== null && isOwnOrigin(deps, c, from);
}
