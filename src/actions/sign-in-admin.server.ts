/**
 * An admin signs in (POST /api/admin/login): the password, and the code when two-factor sign-in is on,
 * checked under the two sign-in limits, per address and per username (`checkAdminSignIn`, decision
 * 023); then the token this browser held before ends and a new one is made. The handler keeps the
 * token in the cookie, which is HTTP's business. Every sign-in, and every lock a burst of failures
 * starts, is written to the audit log (once per lock, never per guess).
 */
import { createAdminToken, revokeAdminToken } from "../db/admins.server";
import { recordAdminSignIn, recordSignInLock } from "../db/audit.server";
import type { AdminRole } from "../domain/admin-roles";
import { checkAdminSignIn } from "../server/auth/admin-sign-in.server";
import type { AppDeps } from "../server/deps";
import { HttpError, tooManyRequests } from "../server/errors";
import type { AdminLoginInput } from "../shared/admin-auth";
import { totpMessages } from "../shared/admin-totp";

/** A signed-in admin: who they are and the new token, to be kept in the cookie. */
export type AdminSignedIn = { username: string; role: AdminRole; token: string };

/**
 * Signs in with `input` from address `ip`, ending the sign-in whose token hash is `previousTokenHash`
 * (this browser's, if any); answers the new token, or throws 429 or 401 (`invalid_credentials`,
 * `code_required`, `wrong_code`).
 */
export async function signInAdmin(deps: AppDeps, ip: string, input: AdminLoginInput, previousTokenHash?: string): Promise<AdminSignedIn> {
  const result = await checkAdminSignIn(deps, ip, input.username, input.password, input.code);
  if (result.outcome === "limited") {
    throw tooManyRequests(`Too many failed sign-ins. Please wait ${Math.ceil(result.retryAfter / 60)} minute(s) and try again.`, result.retryAfter);
  }
  if ((result.outcome === "invalid" || result.outcome === "wrong_code") && result.lock) recordSignInLock(deps.db, result.lock);
  if (result.outcome === "invalid") throw new HttpError(401, "invalid_credentials", "Invalid credentials");
  if (result.outcome === "code_required") throw new HttpError(401, "code_required", totpMessages.codeRequired);
  // Only a right password reaches the code, so naming the code tells nothing to a guesser.
  if (result.outcome === "wrong_code") throw new HttpError(401, "wrong_code", totpMessages.wrongOrUsedCode, { code: totpMessages.wrongOrUsedCode });
  if (result.outcome === "key_missing") throw new HttpError(401, "totp_key_missing", totpMessages.keyMissing, { code: totpMessages.keyMissing });
  // One browser, one sign-in: the token this browser held before ends (and no token is fixed on it).
  if (previousTokenHash) revokeAdminToken(deps.db, previousTokenHash);
  const token = createAdminToken(deps.db, result.admin.id);
  recordAdminSignIn(deps.db, result.admin, result.proof, ip);
  return { username: result.admin.username, role: result.admin.role, token };
}
