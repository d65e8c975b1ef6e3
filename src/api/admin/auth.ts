/**
 * The admin's own sign-in: POST /api/admin/login (the only admin route without a token), and
 * behind the token POST /api/admin/logout (revokes it) and GET /api/admin/me.
 */
import { Hono } from "hono";
import { createAdminToken, revokeAdminToken } from "../../db/admins.server";
import { type AdminLoginResponse, adminLoginSchema } from "../../shared/admin-auth";
import { checkAdminSignIn } from "../../server/auth/admin-sign-in.server";
import { clientIp } from "../../server/client-ip";
import type { AppDeps, AppEnv } from "../../server/deps";
import { HttpError, tooManyRequests } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";

/** POST /login: `{ username, password }` → `{ token, username }`; one answer for every wrong pair. */
export function adminLoginApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/login", validJson(adminLoginSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    const result = await checkAdminSignIn(deps, clientIp(c), username, password);
    if (result.outcome === "limited") {
      throw tooManyRequests(`Too many failed sign-ins. Please wait ${Math.ceil(result.retryAfter / 60)} minute(s) and try again.`, result.retryAfter);
    }
    if (result.outcome === "invalid") throw new HttpError(401, "invalid_credentials", "Invalid credentials");
    const body: AdminLoginResponse = { token: createAdminToken(deps.db, result.admin.id), username: result.admin.username };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
}

/** Routes for a signed-in admin (mounted behind requireAdmin). */
export function adminSessionApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/me", (c) => c.json({ username: c.get("admin").username }))
    .post("/logout", (c) => {
      revokeAdminToken(deps.db, c.get("adminTokenHash"));
      return c.json({ ok: true });
    });
}
