/**
 * The server's fetch handler: an anonymous GET for a cached page is answered straight from the
 * page cache, before routing and middleware; everything else goes to the Hono app. The cached
 * response already carries every header the app would have set (security headers included).
 *
 * Every anonymous page view runs this, so it does the least it can (decision 091): the path and
 * the cache are looked at before any request header, the headers read are the three that choose
 * the answer, and the answer is a clone of a Response made once per encoding (and for a 304).
 */
import { rawPath } from "./middleware/canonical-path";
import type { PageCache } from "./page-cache";
import { cachedPageResponse, replyKey } from "./page-cache";

type App = { fetch: (req: Request, server?: unknown) => Response | Promise<Response> };

/** Wraps `app.fetch` with the cached-page shortcut. */
export function withCachedPages(pageCache: PageCache, app: App) {
  return (req: Request, server?: unknown): Response | Promise<Response> => {
    // A query string sends the request to the app (a page with a query is rendered for it:
    // /contact?sent=1 is another page).
    if (req.method === "GET" && !req.url.includes("?")) {
      // Pages are kept under their canonical path only (servePage renders after the canonical-path
      // redirect), so a raw path that finds one is canonical; other spellings miss and go through
      // the app, which redirects them. /admin is never kept (PageCache.set).
      const page = pageCache.get(rawPath(req.url));
      if (page) {
        const headers = req.headers;
        // A session cookie (either spelling) may be signed in: the app decides and renders.
        if (!headers.get("cookie")?.includes("pi_session=")) {
          return cachedPageResponse(page, replyKey(page, headers.get("if-none-match"), headers.get("accept-encoding")));
        }
      }
    }
    return app.fetch(req, server);
  };
}
