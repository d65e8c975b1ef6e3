/**
 * The admin's own sign-in: POST /api/admin/login (the only admin route without a token), and
 * behind the token POST /api/admin/logout (revokes it) and GET /api/admin/me.
 */
import { Hono } from "hono";
import { createAdminToken, findAdminById, revokeAdminToken, totpEnabled } from "../../db/admins.server";
import { type AdminLoginResponse, type AdminMe, adminLoginSchema } from "../../shared/admin-auth";
import { totpMessages } from "../../shared/admin-totp";
import { checkAdminSignIn } from "../../server/auth/admin-sign-in.server";
import { clientIp } from "../../server/client-ip";
import type { AppDeps, AppEnv } from "../../server/deps";
import { HttpError, tooManyRequests } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";

/**
 * POST /login: `{ username, password, code? }` → `{ token, username }`; one answer for every wrong
 * pair or wrong code. A right password without the code of an admin with two-factor sign-in
 * answers 401 `code_required`.
 */
export function adminLoginApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/login", validJson(adminLoginSchema), async (c) => {
    const { username, password, code } = c.req.valid("json");
    const result = await checkAdminSignIn(deps, clientIp(c), username, password, code);
    if (result.outcome === "limited") {
      throw tooManyRequests(`Too many failed sign-ins. Please wait ${Math.ceil(result.retryAfter / 60)} minute(s) and try again.`, result.retryAfter);
    }
    if (result.outcome === "invalid") throw new HttpError(401, "invalid_credentials", "Invalid credentials");
    if (result.outcome === "code_required") throw new HttpError(401, "code_required", totpMessages.codeRequired);
    const body: AdminLoginResponse = { token: createAdminToken(deps.db, result.admin.id), username: result.admin.username };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
}

/** Routes for a signed-in admin (mounted behind requireAdmin). */
export function adminSessionApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/me", (c) => {
      const admin = findAdminById(deps.db, c.get("admin").id);
      const body: AdminMe = { username: c.get("admin").username, totpEnabled: admin ? totpEnabled(admin) : false };
      return c.json(body);
    })
    .post("/logout", (c) => {
      revokeAdminToken(deps.db, c.get("adminTokenHash"));
      return c.json({ ok: true });
    });
}
