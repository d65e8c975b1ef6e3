/**
 * An admin starts setting up two-factor sign-in (POST /api/admin/totp/setup, after the password
 * again): a new key waits, sealed, for its first code (`startTotpSetup`); the answer is the only time
 * it leaves the server.
 */
import { type CurrentAdmin, startTotpSetup } from "../db/admins.server";
import { getSettings } from "../db/settings.server";
import { totpSetupFor } from "../server/auth/totp.server";
import type { TotpSetup } from "../shared/admin-totp";
import { type TotpActionDeps, totpRefused } from "./totp-refusal.server";

/** Makes a new key for `admin`; answers it with the authenticator's address, or throws 404 or 409 `totp_already_on`. */
export function startTotpSetupByAdmin(deps: TotpActionDeps, admin: CurrentAdmin): TotpSetup {
  const started = startTotpSetup(deps.db, deps.secrets, admin.id);
  if (!started.ok) throw totpRefused(started.reason);
  return totpSetupFor(started.keyHex, getSettings(deps.db).businessName, admin.username);
}
