/** GET /verify-email?token= (the e-mailed link) and POST /verify-email/resend (signed in). */
import { Hono, type Context } from "hono";
import { verifyEmailToken } from "../db/email-verifications.server";
import { resendEmailVerification } from "../server/auth/email-verification.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { log } from "../server/log.server";
import { servePage } from "../server/render-page";
import { toCurrentUser } from "../server/middleware/session";
import { verifyEmailPage, type VerifyEmailOutcome } from "./verify-email";

function render(deps: AppDeps, c: Context<AppEnv>, outcome: VerifyEmailOutcome) {
  return servePage(deps, c, (site) => verifyEmailPage(site, outcome));
}

export function showVerifyEmail(deps: AppDeps, c: Context<AppEnv>) {
  const token = c.req.query("token") ?? "";
  const user = token.length >= 20 && token.length <= 200 ? verifyEmailToken(deps.db, token) : null;
  if (!user) return render(deps, c, "invalid");
  log.info("e-mail verified", { userId: user.id });
  // The page's own notice must not still say "please confirm" to the person who just did.
  const current = c.get("user");
  if (current?.id === user.id) c.set("user", toCurrentUser(user, current.firstSignIn));
  return render(deps, c, "verified");
}

export function submitResendVerification(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return render(deps, c, "signed-out");
  const result = resendEmailVerification(deps, user.id);
  if (result.outcome === "limited") c.header("Retry-After", String(result.retryAfter));
  return render(deps, c, result.outcome === "unknown" ? "signed-out" : result.outcome);
}

export function verifyEmailRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/verify-email", (c) => showVerifyEmail(deps, c)).post("/verify-email/resend", (c) => submitResendVerification(deps, c));
}
