/**
 * The one gate of the admin API: every `/api/admin/*` route but login passes through it. It reads
 * only `Authorization: Bearer <token>` (never the customer's session cookie) and answers 401 in the
 * JSON error shape for a missing, unknown, expired or revoked token.
 */
import type { Context, MiddlewareHandler } from "hono";
import { type CurrentAdmin, validateAdminToken } from "../../db/admins.server";
import type { AppDeps, AppEnv } from "../deps";
import { HttpError } from "../errors";

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

export function requireAdmin(deps: AppDeps): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    const valid = token ? validateAdminToken(deps.db, token) : null;
    if (!valid) throw unauthorized();
    c.set("admin", valid.admin);
    c.set("adminTokenHash", valid.tokenHash);
    c.set("adminReauthenticatedAt", valid.reauthenticatedAt);
    c.header("Cache-Control", "no-store");
    await next();
  };
}
