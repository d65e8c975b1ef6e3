/**
 * A customer deletes their own account (POST /account/delete), after their current password (a
 * guess counted like a sign-in, decision 026). What goes, what is cancelled and what the business
 * keeps is `deleteAccount`'s (db/users.server.ts) and the rules of decision 066: it is refused
 * while a confirmed or paid booking still to come, or an order paid and not yet sent, must first be
 * settled with the business. The business is told which bookings and orders were cancelled or
 * kept, as mail it is owed (decision 064). The handler clears the cookie.
 */
import type { User } from "../db/schema";
import { getSettings } from "../db/settings.server";
import { deleteAccount } from "../db/users.server";
import type { DeletionPlan } from "../domain/account-deletion";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail } from "../mail/outbox.server";
import { accountDeletedAlert } from "../mail/templates/account-deleted";
import { requireCurrentPassword } from "../server/auth/current-password.server";
import { destroyCaseFile } from "../server/case-files/case-file-store.server";
import type { AppDeps } from "../server/deps";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** What the customer is told when something must be settled with the business first (the page lists which). */
export const deletionBlockedMessage = "Your account cannot be deleted yet: a booking or order below must be settled with us first. Please contact us about it.";

/** Deletes `user`'s account and answers what became of their bookings and orders; throws 400 or 429 under `currentPassword`, 409 when blocked. */
export async function deleteOwnAccount(
  deps: ActionDeps & Pick<AppDeps, "secrets">,
  ip: string,
  user: User,
  currentPassword: string,
  now = new Date(),
): Promise<DeletionPlan> {
  await requireCurrentPassword(deps, ip, user, currentPassword, "Your current password is not correct");
  const settings = getSettings(deps.db);
  const ctx = mailContextFrom(settings, deps);
  const result = deleteAccount(deps.db, user.id, now, {
    backInStock: { origin: ctx.origin, secrets: deps.secrets },
    deleted: (plan) => {
      if (plan.bookings.length === 0 && plan.orders.length === 0) return;
      enqueueMail(deps.db, accountDeletedAlert({ plan, businessEmail: ctx.businessEmail, origin: ctx.origin, timeZone: ctx.timeZone }));
    },
  });
  if (!result.ok) {
    if (result.reason === "blocked") throw new HttpError(409, "deletion_blocked", deletionBlockedMessage);
    throw new HttpError(404, "not_found", "This account no longer exists.");
  }
  // Their case rooms' rows went with the account; the files leave the disk now it has committed.
  for (const storageName of result.caseFiles) destroyCaseFile(deps.env.DATA_DIR, storageName);
  deps.outbox.kick();
  log.info("account deleted", { userId: user.id, bookings: result.plan.bookings.length, orders: result.plan.orders.length });
  return result.plan;
}
