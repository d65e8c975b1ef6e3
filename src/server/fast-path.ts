/**
 * The server's fetch handler: an anonymous GET for a cached page is answered straight from the
 * page cache, before routing and middleware; everything else goes to the Hono app. The cached
 * response already carries every header the app would have set (security headers included).
 */
import { rawPath } from "./middleware/canonical-path";
import type { PageCache } from "./page-cache";
import { cachedPageResponse, neverPublic } from "./page-cache";

type App = { fetch: (req: Request, server?: unknown) => Response | Promise<Response> };

/** True when the request carries a session cookie (either spelling), so it may be signed in. */
function maySignedIn(req: Request) {
  return req.headers.get("cookie")?.includes("pi_session=") ?? false;
}

/** Wraps `app.fetch` with the cached-page shortcut. */
export function withCachedPages(pageCache: PageCache, app: App) {
  return (req: Request, server?: unknown): Response | Promise<Response> => {
    if (req.method === "GET" && pageCache.size > 0 && !req.url.includes("?") && !maySignedIn(req)) {
      const path = rawPath(req.url);
      // Pages are kept under their canonical path only (servePage renders after the canonical-path
      // redirect), so a raw path that finds one is canonical; other spellings miss and go through
      // the app, which redirects them. /admin never comes from here, even if something put it in the cache.
      const page = pageCache.get(path);
      if (page && !neverPublic(path)) return cachedPageResponse(page, req.headers.get("if-none-match"), req.headers.get("accept-encoding"));
    }
    return app.fetch(req, server);
  };
}
