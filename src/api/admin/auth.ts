/**
 * The admin's own sign-in: POST /api/admin/login (the only admin route without a token), and
 * behind the token POST /api/admin/logout (revokes it), GET /api/admin/me and POST /api/admin/reauth
 * (the password, and code, again before a sensitive change: decision 027).
 */
import { Hono } from "hono";
import { adminReauthWindowMs, createAdminToken, findAdminById, revokeAdminToken, totpEnabled } from "../../db/admins.server";
import { type AdminLoginResponse, type AdminMe, type AdminReauthResponse, adminLoginSchema, adminReauthSchema } from "../../shared/admin-auth";
import { totpMessages } from "../../shared/admin-totp";
import { checkAdminReauth } from "../../server/auth/admin-reauth.server";
import { checkAdminSignIn } from "../../server/auth/admin-sign-in.server";
import { clientIp } from "../../server/client-ip";
import type { AppDeps, AppEnv } from "../../server/deps";
import { badRequest, HttpError, tooManyRequests } from "../../server/errors";
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
    })
    .post("/reauth", validJson(adminReauthSchema), async (c) => {
      // Never a 401 for a wrong password here: the portal reads a 401 as a dead token and signs out.
      const { password, code } = c.req.valid("json");
      const result = await checkAdminReauth(deps, c.get("admin").id, c.get("adminTokenHash"), password, code);
      switch (result.outcome) {
        case "limited":
          throw tooManyRequests(`Too many failed attempts. Please wait ${Math.ceil(result.retryAfter / 60)} minute(s) and try again.`, result.retryAfter);
        case "wrong_password":
          throw badRequest("Some fields need attention.", { password: totpMessages.wrongPassword });
        case "code_required":
          throw badRequest("Some fields need attention.", { code: totpMessages.codeRequired });
        case "wrong_code":
          throw badRequest("Some fields need attention.", { code: totpMessages.wrongCode });
      }
      const body: AdminReauthResponse = { reauthenticatedUntil: new Date(Date.now() + adminReauthWindowMs).toISOString() };
      return c.json(body);
    });
}
