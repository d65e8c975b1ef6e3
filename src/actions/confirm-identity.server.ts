/**
 * A client on an old sign-in shows it is still them before a download (decision 081): with their
 * password, a guess counted like a sign-in (the same per-account and per-address limits, decision
 * 026), or with the code e-mailed to them. Either confirms the session for an hour.
 */
import { findUserById } from "../db/users.server";
import { checkCurrentPassword } from "../server/auth/current-password.server";
import { markSessionConfirmed, spendIdentityCode } from "../server/auth/recent-sign-in.server";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { identityCheckMessages } from "../shared/case-room";
import type { ActionDeps } from "./action";

const refused = (status: 400 | 429, code: string, field: string, message: string, headers?: Record<string, string>) =>
  new HttpError(status, code, message, { [field]: message }, headers);

/** Confirms session `sessionId` of `userId` with their password; throws 400 or 429 under `password`. */
export async function confirmIdentityWithPassword(
  deps: ActionDeps,
  ip: string,
  userId: string,
  sessionId: string,
  password: string,
  now = new Date(),
): Promise<void> {
  const user = findUserById(deps.db, userId);
  if (!user) throw new HttpError(401, "unauthorized", "Unauthorized");
  // An account without a password would pass any password check: it proves itself by code only.
  if (!user.passwordHash) throw refused(400, "no_password", "password", identityCheckMessages.noPassword);
  const check = await checkCurrentPassword(deps, ip, user, password);
  if (check.outcome === "limited") {
    const text = `Too many wrong passwords. Please wait ${Math.ceil(check.retryAfter / 60)} minute(s) and try again.`;
    throw refused(429, "rate_limited", "password", text, { "Retry-After": String(check.retryAfter) });
  }
  if (check.outcome === "wrong") throw refused(400, "wrong_password", "password", identityCheckMessages.wrongPassword);
  markSessionConfirmed(deps.db, sessionId, now);
  log.info("identity confirmed", { userId, by: "password" });
}

/** Confirms session `sessionId` of `userId` with the e-mailed `code`; throws 400 under `code` when wrong, expired or used. */
export function confirmIdentityWithCode(deps: ActionDeps, userId: string, sessionId: string, code: string, now = new Date()): void {
  const outcome = spendIdentityCode(deps.db, sessionId, code, now);
  if (outcome === "wrong") throw refused(400, "wrong_code", "code", identityCheckMessages.wrongCode);
  if (outcome === "spent") throw refused(400, "code_spent", "code", identityCheckMessages.codeSpent);
  log.info("identity confirmed", { userId, by: "code" });
}
