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
import { renewRecoveryCodesByAdmin } from "../../actions/renew-recovery-codes.server";
import { startTotpSetupByAdmin } from "../../actions/start-totp-setup.server";
import { turnOffTotpByAdmin } from "../../actions/turn-off-totp.server";
import { turnOnTotpByAdmin } from "../../actions/turn-on-totp.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { requireReauth } from "../../server/middleware/require-reauth";
import { validJson } from "../../server/validate";
import { totpConfirmSchema, totpDisableSchema } from "../../shared/admin-totp";

export function adminTotpApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .post("/totp/setup", requireReauth(), (c) => c.json(startTotpSetupByAdmin(deps, c.get("admin"))))
    .post("/totp/confirm", requireReauth(), validJson(totpConfirmSchema), (c) => {
      const body = turnOnTotpByAdmin(deps, c.get("admin"), c.req.valid("json").code);
      c.header("Cache-Control", "no-store");
      return c.json(body);
    })
    .post("/recovery-codes", requireReauth(), (c) => {
      const body = renewRecoveryCodesByAdmin(deps, c.get("admin"));
      c.header("Cache-Control", "no-store");
      return c.json(body);
    })
    .post("/totp/disable", validJson(totpDisableSchema), async (c) => c.json(await turnOffTotpByAdmin(deps, c.get("admin"), c.req.valid("json"))));
}
