/**
 * The owner lifts a customer's suspension (POST /api/admin/users/{id}/reinstate), audited in one
 * transaction (`reinstateUser`); the customer signs in again as before.
 */
import { reinstateUser } from "../db/admin-users.server";
import type { AuditActor } from "../db/audit.server";
import { log } from "../server/log.server";
import type { AdminUserView } from "../shared/admin-users";
import type { ActionDeps } from "./action";
import { suspensionRefusal } from "./suspend-user.server";

/** Reinstates user `userId` for `admin`; answers the account, or throws 404 or 409 when not suspended. */
export function reinstateUserByAdmin(deps: ActionDeps, admin: AuditActor, userId: string, now = new Date()): AdminUserView {
  const change = reinstateUser(deps.db, userId, now, admin);
  if (!change.ok) throw suspensionRefusal(change);
  log.info("user reinstated", { userId: change.user.id, admin: admin.username });
  return change.user;
}
