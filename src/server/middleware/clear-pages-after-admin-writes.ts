/**
 * Under /api/admin, every successful change (any method but GET, HEAD and OPTIONS answered with a
 * 2xx) clears the public page cache, in every worker (the shared page generation, decision 091),
 * so no admin route has to remember to. The db write functions also signal their own changes
 * (db/public-data.server.ts); this is the net under them.
 */
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps";

const reads = new Set(["GET", "HEAD", "OPTIONS"]);

export function clearPagesAfterAdminWrites(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!reads.has(c.req.method) && c.res.status >= 200 && c.res.status < 300) deps.pageCache.clear();
  };
}
