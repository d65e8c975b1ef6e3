/**
 * An admin gives the password, and the code when two-factor sign-in is on, again before a sensitive
 * change (POST /api/admin/reauth, decision 027): checked on the username's sign-in budget
 * (`checkAdminReauth`), and this sign-in may make such changes for the next 10 minutes.
 */
import { adminReauthWindowMs } from "../db/admins.server";
import { checkAdminReauth } from "../server/auth/admin-reauth.server";
import type { AppDeps } from "../server/deps";
import { badRequest, tooManyRequests } from "../server/errors";
import type { AdminReauthInput, AdminReauthResponse } from "../shared/admin-auth";
import { totpMessages } from "../shared/admin-totp";

/**
 * Re-checks admin `adminId` on the sign-in whose token hash is `tokenHash`; answers until when it may
 * make sensitive changes, or throws 400 on the wrong field or 429. Never 401: the portal reads a 401
 * as a dead sign-in and signs out.
 */
export async function reauthenticateAdmin(deps: AppDeps, adminId: number, tokenHash: string, input: AdminReauthInput): Promise<AdminReauthResponse> {
  const result = await checkAdminReauth(deps, adminId, tokenHash, input.password, input.code);
  switch (result.outcome) {
    case "limited":
      throw tooManyRequests(`Too many failed attempts. Please wait ${Math.ceil(result.retryAfter / 60)} minute(s) and try again.`, result.retryAfter);
    case "wrong_password":
      throw badRequest("Some fields need attention.", { password: totpMessages.wrongPassword });
    case "code_required":
      throw badRequest("Some fields need attention.", { code: totpMessages.signInCodeRequired });
    case "wrong_code":
      throw badRequest("Some fields need attention.", { code: totpMessages.wrongOrUsedCode });
  }
  return { reauthenticatedUntil: new Date(Date.now() + adminReauthWindowMs).toISOString() };
}
