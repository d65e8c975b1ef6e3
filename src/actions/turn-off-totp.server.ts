/**
 * An admin turns two-factor sign-in off (POST /api/admin/totp/disable) with the password, a sign-in
 * guess (the username's sign-in budget, spent before the check), and a fresh code or a recovery code:
 * the key and the recovery codes go, audited in one transaction (`disableTotp`).
 */
import { type CurrentAdmin, disableTotp, findAdminById, totpEnabled } from "../db/admins.server";
import { verifyPassword } from "../server/auth/crypto.server";
import { badRequest } from "../server/errors";
import { log } from "../server/log.server";
import { type TotpDisableInput, totpMessages } from "../shared/admin-totp";
import { passwordGuessRight, spendPasswordGuess } from "./password-guess.server";
import { type TotpActionDeps, totpRefused } from "./totp-refusal.server";

/** Turns two-factor sign-in off for `admin`, or throws 400 (wrong password or code), 404, 409 `totp_not_on` or 429. */
export async function turnOffTotpByAdmin(deps: TotpActionDeps, admin: CurrentAdmin, input: TotpDisableInput): Promise<{ totpEnabled: false }> {
  const stored = findAdminById(deps.db, admin.id);
  if (!stored) throw totpRefused("not_found");
  if (!totpEnabled(stored)) throw totpRefused("not_on");
  spendPasswordGuess(deps, stored.username);
  if (!(await verifyPassword(input.password, stored.passwordHash))) throw badRequest("Some fields need attention.", { password: totpMessages.wrongPassword });
  const result = disableTotp(deps.db, deps.secrets, stored.id, input.code, Date.now(), admin);
  if (!result.ok) {
    throw result.reason === "wrong_code" ? badRequest("Some fields need attention.", { code: totpMessages.wrongOrUsedCode }) : totpRefused(result.reason);
  }
  passwordGuessRight(deps, stored.username);
  log.info("admin turned two-factor sign-in off", { adminId: stored.id });
  return { totpEnabled: false };
}
