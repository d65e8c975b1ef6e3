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
import { addAdminByAdmin } from "../../actions/add-admin.server";
import { changeAdminRoleByAdmin } from "../../actions/change-admin-role.server";
import { changeOwnAdminPasswordByAdmin } from "../../actions/change-own-admin-password.server";
import { endAdminSignInsByAdmin } from "../../actions/end-admin-sign-ins.server";
import { removeAdminByAdmin } from "../../actions/remove-admin.server";
import { adminAccounts } from "../../reads/admin-admins.server";
import type { AppDeps } from "../../server/deps";
import { notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { requireReauth } from "../../server/middleware/require-reauth";
import { validJson } from "../../server/validate";
import { type AdminAccountList, adminAccountMessages, adminCreateSchema, adminPasswordChangeSchema, adminRoleChangeSchema } from "../../shared/admin-admins";

/** An admin id from the path; anything else is an admin that does not exist. */
function adminIdParam(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound(adminAccountMessages.unknown);
  return id;
}

export function adminAdminsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/admins", (c) => {
      const body: AdminAccountList = adminAccounts(deps, c.get("admin").id);
      return c.json(body);
    })
    .post("/admins", requireReauth(), validJson(adminCreateSchema), async (c) => c.json(await addAdminByAdmin(deps, c.get("admin"), c.req.valid("json")), 201))
    .post("/admins/:id/revoke-sessions", requireReauth(), (c) => c.json(endAdminSignInsByAdmin(deps, c.get("admin"), adminIdParam(c.req.param("id")))))
    .patch("/admins/:id", requireReauth(), validJson(adminRoleChangeSchema), (c) =>
      c.json(changeAdminRoleByAdmin(deps, c.get("admin"), adminIdParam(c.req.param("id")), c.req.valid("json").role)),
    )
    .delete("/admins/:id", requireReauth(), (c) => {
      removeAdminByAdmin(deps, c.get("admin"), adminIdParam(c.req.param("id")));
      return c.json({ ok: true });
    })
    .post("/account/password", validJson(adminPasswordChangeSchema), async (c) =>
      c.json(await changeOwnAdminPasswordByAdmin(deps, c.get("admin"), c.get("adminTokenHash"), c.req.valid("json"))),
    );
}
