/**
 * The admin's own sign-in: POST /api/admin/login (the only admin route without a token), and
 * behind the token POST /api/admin/logout (revokes it), GET /api/admin/me and POST /api/admin/reauth
 * (the password, and code, again before a sensitive change: decision 027).
 */
import { Hono } from "hono";
import { reauthenticateAdmin } from "../../actions/reauthenticate-admin.server";
import { signInAdmin } from "../../actions/sign-in-admin.server";
import { signOutAdmin } from "../../actions/sign-out-admin.server";
import { signedInAdmin } from "../../reads/admin-admins.server";
import { type AdminLoginResponse, type AdminMe, adminLoginSchema, adminReauthSchema } from "../../shared/admin-auth";
import { clearAdminCookie, readAdminCookie, writeAdminCookie } from "../../server/auth/admin-cookie";
import { hashToken } from "../../server/auth/crypto.server";
import { isHttps } from "../../server/origin";
import { clientIp } from "../../server/client-ip";
import type { AppDeps, AppEnv } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";

/**
 * POST /login: `{ username, password, code? }` → `{ username, role }` and the admin cookie
 * (admin-cookie.ts: the token never reaches a script); one answer for every wrong
 * pair. A right password without the code of an admin with two-factor sign-in answers 401
 * `code_required`; with a wrong or used code, 401 `wrong_code` (decision 039).
 */
export function adminLoginApi(deps: AppDeps) {
  const sec = { https: isHttps(deps) };
  return new Hono<AppEnv>().post("/login", validJson(adminLoginSchema), async (c) => {
    const previous = readAdminCookie(c, sec);
    const signedIn = await signInAdmin(deps, clientIp(c), c.req.valid("json"), previous ? hashToken(previous) : undefined);
    writeAdminCookie(c, sec, signedIn.token);
    const body: AdminLoginResponse = { username: signedIn.username, role: signedIn.role };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
}

/** Routes for a signed-in admin (mounted behind requireAdmin). */
export function adminSessionApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/me", (c) => {
      const body: AdminMe = signedInAdmin(deps, c.get("admin"));
      return c.json(body);
    })
    .post("/logout", (c) => {
      signOutAdmin(deps, c.get("adminTokenHash"));
      clearAdminCookie(c, { https: isHttps(deps) });
      return c.json({ ok: true });
    })
    .post("/reauth", validJson(adminReauthSchema), async (c) =>
      c.json(await reauthenticateAdmin(deps, c.get("admin").id, c.get("adminTokenHash"), c.req.valid("json"))),
    );
}
