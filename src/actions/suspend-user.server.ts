/**
 * The owner suspends a customer's account (POST /api/admin/users/{id}/suspend): their sessions end at
 * once and they can no longer sign in, book or order, audited in one transaction (`suspendUser`).
 */
import { type SuspensionChange, suspendUser } from "../db/admin-users.server";
import type { AuditActor } from "../db/audit.server";
import { HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import type { AdminUserView } from "../shared/admin-users";
import type { ActionDeps } from "./action";

/** The refusal of a suspension or a reinstatement, as the answer says it. */
export function suspensionRefusal(change: Exclude<SuspensionChange, { ok: true }>): HttpError {
  switch (change.reason) {
    case "not_found":
      return notFound("There is no such user.");
    case "already_suspended":
      return new HttpError(409, "already_suspended", "This user is already suspended.");
    case "not_suspended":
      return new HttpError(409, "not_suspended", "This user is not suspended.");
  }
}

/** Suspends user `userId` for `admin`; answers the account, or throws 404 or 409 when already suspended. */
export function suspendUserByAdmin(deps: ActionDeps, admin: AuditActor, userId: string, now = new Date()): AdminUserView {
  const change = suspendUser(deps.db, userId, now, admin);
  if (!change.ok) throw suspensionRefusal(change);
  log.info("user suspended", { userId: change.user.id, admin: admin.username });
  return change.user;
}
