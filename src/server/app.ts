/** Builds the Hono app from its dependencies. It never listens: main.ts does, tests call app.request(). */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { uploadTooLarge } from "../api/admin/uploads";
import { notFoundPage } from "../pages/not-found";
import { isCaseChunkRequest } from "./case-files/case-chunk-path";
import { captureClientIp } from "./client-ip";
import type { AppDeps, AppEnv } from "./deps";
import { errorBody, jsonError, toHttpError } from "./errors";
import { escapeHtml } from "./document";
import { redirectToCanonical, routingPath } from "./middleware/canonical-path";
import { originCheck } from "./middleware/origin-check";
import { securityHeaders } from "./middleware/security-headers";
import { referralLink } from "./middleware/referral-link";
import { sessionMiddleware } from "./middleware/session";
import { servePage } from "./render-page";
import { registerRoutes } from "./routes";

/** Largest request body accepted anywhere (forms and JSON) but the image upload; larger gets 413. */
export const maxBodyBytes = 64 * 1024;
/** The image upload's route and body limit: a 5 MB image and its multipart framing. */
export const uploadPath = "/api/admin/uploads";
export const maxUploadBodyBytes = 6 * 1024 * 1024;

const isApi = (path: string) => path.startsWith("/api/") || path === "/api" || path.startsWith("/paypal/");

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ getPath: routingPath });
  const https = deps.env.PUBLIC_URL?.startsWith("https://") ?? false;

  app.use(captureClientIp);
  app.use(securityHeaders(https));
  app.use(redirectToCanonical);
  const bodyLimits = {
    any: bodyLimit({ maxSize: maxBodyBytes }),
    upload: bodyLimit({
      maxSize: maxUploadBodyBytes,
      onError: () => {
        throw uploadTooLarge();
      },
    }),
  };
  app.use((c, next) => {
    if (c.req.path === uploadPath) return bodyLimits.upload(c, next);
    // A case file's chunk is read by its action, to exactly the length expected (decision 080).
    if (isCaseChunkRequest(c.req.method, c.req.path)) return next();
    return bodyLimits.any(c, next);
  });
  app.use(originCheck(deps));
  app.use(sessionMiddleware(deps));
  app.use(referralLink(deps));

  registerRoutes(app, deps);

  app.notFound((c) => {
    if (isApi(c.req.path)) return c.json(errorBody("not_found", "Not found"), 404);
    return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  });

  app.onError((err, c) => {
    const e = toHttpError(err);
    if (isApi(c.req.path) || c.req.header("accept")?.includes("application/json")) return jsonError(c, e);
    for (const [k, v] of Object.entries(e.headers ?? {})) c.header(k, v);
    return c.html(
      `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e.status === 503 ? "Nothing was saved" : "Error"}</title></head><body><main><h1>${e.status === 503 ? "Nothing was saved" : "Sorry, something went wrong"}</h1><p>${escapeHtml(e.message)}</p><p><a href="/">Back to the home page</a></p></main></body></html>`,
      e.status,
    );
  });

  return app;
}
