/**
 * The portal's admins (behind requireAdmin), docs/product.md#admin-accounts:
 *
 *   GET    /api/admin/admins                        every admin: two-factor, live sign-ins, last active, "you"
 *   POST   /api/admin/admins                        adds one `{ username, password }` (409 when taken)
 *   POST   /api/admin/admins/{id}/revoke-sessions   ends another admin's sign-ins (409 for one's own)
 *   PATCH  /api/admin/admins/{id}                   `{ role }`: owner or staff (409 for the last owner)
 *   DELETE /api/admin/admins/{id}                   removes another admin (409 for oneself, the last admin or the last owner)
 *   POST   /api/admin/account/password              the signed-in admin's own password
 *
 * Every write is audited in its transaction: kind "admins" for another admin, "account" for one's
 * own password; never a password or a hash. The whole room is for owners (decision 040, checked by
 * requireAdmin); staff reach only the own password here. Adding, removing, changing a role and ending sign-ins also need the
 * password given on this token in the last 10 minutes (requireReauth, decision 027); the own
 * password change asks for the current one itself.
 */
import { Hono } from "hono";
import {
  type AdminAccountRefusal,
  addAdminAccount,
  changeOwnAdminPassword,
  findAdminById,
  listAdminAccounts,
  removeAdminAccount,
  revokeAdminSessions,
  setAdminRole,
} from "../../db/admins.server";
import { hashPassword, verifyPassword } from "../../server/auth/crypto.server";
import type { AppDeps } from "../../server/deps";
import { badRequest, HttpError, notFound, tooManyRequests } from "../../server/errors";
import { log } from "../../server/log.server";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { requireReauth } from "../../server/middleware/require-reauth";
import { validJson } from "../../server/validate";
import {
  type AdminAccountList,
  type AdminAccountView,
  adminAccountMessages,
  adminCreateSchema,
  adminPasswordChangeSchema,
  adminRoleChangeSchema,
  type SessionsEnded,
} from "../../shared/admin-admins";

/** An admin id from the path; anything else is an admin that does not exist. */
function adminIdParam(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound(adminAccountMessages.unknown);
  return id;
}

function refused(reason: AdminAccountRefusal): HttpError {
  switch (reason) {
    case "not_found":
      return notFound(adminAccountMessages.unknown);
    case "self":
      return new HttpError(409, "own_account", adminAccountMessages.removeSelf);
    case "last_admin":
      return new HttpError(409, "last_admin", adminAccountMessages.lastAdmin);
    case "last_owner":
      return new HttpError(409, "last_owner", adminAccountMessages.lastOwner);
  }
}

export function adminAdminsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/admins", (c) => {
      const body: AdminAccountList = { admins: listAdminAccounts(deps.db, c.get("admin").id) };
      return c.json(body);
    })
    .post("/admins", requireReauth(), validJson(adminCreateSchema), async (c) => {
      const { username, password, role } = c.req.valid("json");
      const hash = await hashPassword(password);
      const admin = addAdminAccount(deps.db, c.get("admin"), username, hash, role);
      if (!admin) throw new HttpError(409, "username_taken", adminAccountMessages.usernameTaken, { username: adminAccountMessages.usernameTaken });
      log.info("admin added", { username, role, by: c.get("admin").username });
      const view = listAdminAccounts(deps.db, c.get("admin").id).find((a) => a.id === admin.id);
      return c.json(view satisfies AdminAccountView | undefined, 201);
    })
    .post("/admins/:id/revoke-sessions", requireReauth(), (c) => {
      const result = revokeAdminSessions(deps.db, c.get("admin"), adminIdParam(c.req.param("id")));
      if (!result.ok) throw result.reason === "self" ? new HttpError(409, "own_sessions", adminAccountMessages.ownSessions) : refused(result.reason);
      log.info("admin sign-ins ended", { adminId: c.req.param("id"), by: c.get("admin").username });
      const body: SessionsEnded = { ended: result.ended };
      return c.json(body);
    })
    .patch("/admins/:id", requireReauth(), validJson(adminRoleChangeSchema), (c) => {
      const { role } = c.req.valid("json");
      const result = setAdminRole(deps.db, c.get("admin"), adminIdParam(c.req.param("id")), role);
      if (!result.ok) throw refused(result.reason);
      if (result.changed) log.info("admin role changed", { adminId: c.req.param("id"), role, by: c.get("admin").username });
      const view = listAdminAccounts(deps.db, c.get("admin").id).find((a) => a.id === Number(c.req.param("id")));
      return c.json(view satisfies AdminAccountView | undefined);
    })
    .delete("/admins/:id", requireReauth(), (c) => {
      const result = removeAdminAccount(deps.db, c.get("admin"), adminIdParam(c.req.param("id")));
      if (!result.ok) throw refused(result.reason);
      log.info("admin removed", { username: result.username, by: c.get("admin").username });
      return c.json({ ok: true });
    })
    .post("/account/password", validJson(adminPasswordChangeSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const admin = findAdminById(deps.db, c.get("admin").id);
      if (!admin) throw notFound(adminAccountMessages.unknown);
      // Guesses at the current password are sign-in guesses: counted on the username's sign-in limit, before the check.
      const limiter = deps.limits.adminSignInByUsername;
      const wait = limiter.hit(admin.username);
      if (wait > 0) throw tooManyRequests(`Too many failed attempts. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`, wait);
      if (!(await verifyPassword(currentPassword, admin.passwordHash))) {
        throw badRequest("Some fields need attention.", { currentPassword: adminAccountMessages.wrongCurrent });
      }
      limiter.release(admin.username);
      const changed = changeOwnAdminPassword(deps.db, c.get("admin"), await hashPassword(newPassword), c.get("adminTokenHash"));
      if (!changed) throw notFound(adminAccountMessages.unknown);
      log.info("admin changed own password", { adminId: admin.id, otherSignInsEnded: changed.ended });
      const body: SessionsEnded = changed;
      return c.json(body);
    });
}
