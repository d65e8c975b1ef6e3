/**
 * Two-factor sign-in (TOTP) of the signed-in admin, behind requireAdmin (decision 015):
 * POST /totp/setup answers a new key `{ secret, uri }` (the only time it leaves the server) that
 * waits for confirmation, POST /totp/confirm `{ code }` turns it on with a first code, and
 * POST /totp/disable `{ password, code }` turns it off (the code may be a recovery code), and
 * POST /recovery-codes makes ten new recovery codes (decision 039). Confirming answers the first ten;
 * both answers are the only time the codes leave the server. GET /me (auth.ts) says whether it is on
 * and how many codes are left.
 * Set-up and confirming need the password given on this token in the last 10 minutes (decision
 * 027), so a stolen token cannot tie the account to another phone; turning it off asks for the
 * password and a fresh code in its own request, which is the same re-check.
 */
import { Hono } from "hono";
import { confirmTotp, disableTotp, findAdminById, renewRecoveryCodes, startTotpSetup, type TotpRefusal, totpEnabled } from "../../db/admins.server";
import { getSettings } from "../../db/settings.server";
import { verifyPassword } from "../../server/auth/crypto.server";
import { totpSetupFor } from "../../server/auth/totp.server";
import type { AppDeps } from "../../server/deps";
import { badRequest, HttpError, notFound, tooManyRequests } from "../../server/errors";
import { log } from "../../server/log.server";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { requireReauth } from "../../server/middleware/require-reauth";
import { validJson } from "../../server/validate";
import { type RecoveryCodes, type TotpSetup, totpConfirmSchema, totpDisableSchema, totpMessages } from "../../shared/admin-totp";

/** The answer to a refused change: a wrong code is a field message, a wrong state a 409. */
function refused(reason: TotpRefusal): HttpError {
  switch (reason) {
    case "wrong_code":
      return badRequest("Some fields need attention.", { code: totpMessages.wrongCode });
    case "already_on":
      return new HttpError(409, "totp_already_on", totpMessages.alreadyOn);
    case "not_on":
      return new HttpError(409, "totp_not_on", totpMessages.notOn);
    case "no_setup":
      return new HttpError(409, "totp_no_setup", totpMessages.noSetup);
    case "not_found":
      return notFound("There is no such admin.");
  }
}

export function adminTotpApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .post("/totp/setup", requireReauth(), (c) => {
      const admin = c.get("admin");
      const started = startTotpSetup(deps.db, deps.secrets, admin.id);
      if (!started.ok) throw refused(started.reason);
      const body: TotpSetup = totpSetupFor(started.keyHex, getSettings(deps.db).businessName, admin.username);
      return c.json(body);
    })
    .post("/totp/confirm", requireReauth(), validJson(totpConfirmSchema), (c) => {
      const actor = c.get("admin");
      const adminId = actor.id;
      const result = confirmTotp(deps.db, deps.secrets, adminId, c.req.valid("json").code, Date.now(), actor);
      if (!result.ok) throw refused(result.reason);
      log.info("admin turned two-factor sign-in on", { adminId });
      const body: { totpEnabled: true } & RecoveryCodes = { totpEnabled: true, recoveryCodes: result.recoveryCodes };
      c.header("Cache-Control", "no-store");
      return c.json(body);
    })
    .post("/recovery-codes", requireReauth(), (c) => {
      const result = renewRecoveryCodes(deps.db, c.get("admin"));
      if (!result.ok) throw result.reason === "not_on" ? new HttpError(409, "totp_not_on", totpMessages.notOnForRecovery) : refused(result.reason);
      log.info("admin made new recovery codes", { adminId: c.get("admin").id });
      const body: RecoveryCodes = { recoveryCodes: result.recoveryCodes };
      c.header("Cache-Control", "no-store");
      return c.json(body);
    })
    .post("/totp/disable", validJson(totpDisableSchema), async (c) => {
      const { password, code } = c.req.valid("json");
      const admin = findAdminById(deps.db, c.get("admin").id);
      if (!admin) throw refused("not_found");
      if (!totpEnabled(admin)) throw refused("not_on");
      // Guesses here are sign-in guesses: counted on the username's sign-in limit, before the check.
      const limiter = deps.limits.adminSignInByUsername;
      const wait = limiter.hit(admin.username);
      if (wait > 0) throw tooManyRequests(`Too many failed attempts. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`, wait);
      if (!(await verifyPassword(password, admin.passwordHash))) throw badRequest("Some fields need attention.", { password: totpMessages.wrongPassword });
      const result = disableTotp(deps.db, deps.secrets, admin.id, code, Date.now(), c.get("admin"));
      if (!result.ok) {
        throw result.reason === "wrong_code" ? badRequest("Some fields need attention.", { code: totpMessages.wrongOrUsedCode }) : refused(result.reason);
      }
      limiter.release(admin.username);
      log.info("admin turned two-factor sign-in off", { adminId: admin.id });
      return c.json({ totpEnabled: false });
    });
}
