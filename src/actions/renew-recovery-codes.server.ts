/**
 * An admin with two-factor sign-in makes ten new recovery codes (POST /api/admin/recovery-codes,
 * after the password again): the old ones stop working, audited in one transaction
 * (`renewRecoveryCodes`); the answer is the only time the codes leave the server.
 */
import { type CurrentAdmin, renewRecoveryCodes } from "../db/admins.server";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { type RecoveryCodes, totpMessages } from "../shared/admin-totp";
import type { ActionDeps } from "./action";
import { totpRefused } from "./totp-refusal.server";

/** Replaces `admin`'s recovery codes; answers the new ones, or throws 404 or 409 `totp_not_on`. */
export function renewRecoveryCodesByAdmin(deps: ActionDeps, admin: CurrentAdmin): RecoveryCodes {
  const result = renewRecoveryCodes(deps.db, admin);
  if (!result.ok) throw result.reason === "not_on" ? new HttpError(409, "totp_not_on", totpMessages.notOnForRecovery) : totpRefused(result.reason);
  log.info("admin made new recovery codes", { adminId: admin.id });
  return { recoveryCodes: result.recoveryCodes };
}
