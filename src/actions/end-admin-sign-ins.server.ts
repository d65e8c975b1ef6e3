/**
 * An owner ends another admin's sign-ins (POST /api/admin/admins/{id}/revoke-sessions, after the
 * password again), audited in the same transaction (`revokeAdminSessions`); one's own are ended by
 * signing out or changing the password.
 */
import { type CurrentAdmin, revokeAdminSessions } from "../db/admins.server";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { adminAccountMessages, type SessionsEnded } from "../shared/admin-admins";
import type { ActionDeps } from "./action";
import { adminAccountRefused } from "./admin-account.server";

/** Ends admin `adminId`'s sign-ins for `admin`; answers how many ended, or throws 404 or 409 `own_sessions`. */
export function endAdminSignInsByAdmin(deps: ActionDeps, admin: CurrentAdmin, adminId: number): SessionsEnded {
  const result = revokeAdminSessions(deps.db, admin, adminId);
  if (!result.ok) throw result.reason === "self" ? new HttpError(409, "own_sessions", adminAccountMessages.ownSessions) : adminAccountRefused(result.reason);
  log.info("admin sign-ins ended", { adminId: String(adminId), by: admin.username });
  return { ended: result.ended };
}
