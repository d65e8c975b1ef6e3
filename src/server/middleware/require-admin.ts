/**
 * The one gate of the admin API: every `/api/admin/*` route but login passes through it. It reads
 * the admin's own cookie (the portal, decision 039) or `Authorization: Bearer <token>` (scripts and
 * tests), never the customer's session cookie, and answers 401 in the JSON error shape for a
 * missing, unknown, expired or revoked token. Then the admin's role must allow the route
 * (decision 040): staff asking for an owner's route get 403 `owners_only`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { type AdminTokenCheck, type CurrentAdmin, validateAdminToken } from "../../db/admins.server";
import { mayUseAdminApi } from "../../domain/admin-roles";
import { readAdminCookie } from "../auth/admin-cookie";
import type { AppDeps, AppEnv } from "../deps";
import { HttpError } from "../errors";
import { isHttps } from "../origin";

export type AdminEnv = AppEnv & {
  /** `adminReauthenticatedAt`: when the password was last given on this token (ms), for requireReauth. */
  Variables: { admin: CurrentAdmin; adminTokenHash: string; adminReauthenticatedAt: number | null };
};

const unauthorized = () => new HttpError(401, "unauthorized", "Please sign in to the admin portal.", undefined, { "WWW-Authenticate": "Bearer" });

/** The admin portal's pages and API: no customer session is read or written there. */
export function isAdminPath(path: string): boolean {
  const p = path.toLowerCase();
  return p === "/admin" || p.startsWith("/admin/") || p === "/api/admin" || p.startsWith("/api/admin/");
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(c.req.header("authorization") ?? "");
  return match?.[1];
}

/** The message of a 403 `owners_only`; the portal shows it in place of the page. */
export const ownersOnlyMessage = "Only an owner of the business can open this.";

/** The admin token the request carries: the bearer header, else the admin cookie. */
export function adminTokenOf(deps: AppDeps, c: Context): string | undefined {
  return bearerToken(c) ?? readAdminCookie(c, { https: isHttps(deps) });
}

/** The signed-in admin of this request (cookie or bearer), or null; slides the token's idle expiry. */
export function currentAdmin(deps: AppDeps, c: Context): AdminTokenCheck | null {
  const token = adminTokenOf(deps, c);
  return token ? validateAdminToken(deps.db, token) : null;
}

export function requireAdmin(deps: AppDeps): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const valid = currentAdmin(deps, c);
    if (!valid) throw unauthorized();
    if (!mayUseAdminApi(valid.admin.role, c.req.path)) throw new HttpError(403, "owners_only", ownersOnlyMessage);
    c.set("admin", valid.admin);
    c.set("adminTokenHash", valid.tokenHash);
    c.set("adminReauthenticatedAt", valid.reauthenticatedAt);
    c.header("Cache-Control", "no-store");
    await next();
  };
}
