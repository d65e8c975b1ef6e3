/**
 * An admin turns two-factor sign-in on with the first code of the waiting key (POST
 * /api/admin/totp/confirm, after the password again): turned on, ten recovery codes made, audited in
 * one transaction (`confirmTotp`); the answer is the only time the codes leave the server.
 */
import { confirmTotp, type CurrentAdmin } from "../db/admins.server";
import { log } from "../server/log.server";
import type { RecoveryCodes } from "../shared/admin-totp";
import { type TotpActionDeps, totpRefused } from "./totp-refusal.server";

/** Turns two-factor sign-in on for `admin` with `code`; answers the recovery codes, or throws 400 (wrong code), 404 or 409. */
export function turnOnTotpByAdmin(deps: TotpActionDeps, admin: CurrentAdmin, code: string, now = Date.now()): { totpEnabled: true } & RecoveryCodes {
  const result = confirmTotp(deps.db, deps.secrets, admin.id, code, now, admin);
  if (!result.ok) throw totpRefused(result.reason);
  log.info("admin turned two-factor sign-in on", { adminId: admin.id });
  return { totpEnabled: true, recoveryCodes: result.recoveryCodes };
}
