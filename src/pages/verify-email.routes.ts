/** GET /verify-email?token= (the e-mailed link) and POST /verify-email/resend (signed in), each through its action. */
import { Hono, type Context } from "hono";
import { confirmEmail } from "../actions/confirm-email.server";
import { resendEmailVerification } from "../actions/resend-email-verification.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError, setErrorHeaders } from "../server/errors";
import { servePage } from "../server/render-page";
import { toCurrentUser } from "../server/middleware/session";
import { verifyEmailPage, type VerifyEmailOutcome } from "./verify-email";

function render(deps: AppDeps, c: Context<AppEnv>, outcome: VerifyEmailOutcome) {
  return servePage(deps, c, (site) => verifyEmailPage(site, outcome));
}

export function showVerifyEmail(deps: AppDeps, c: Context<AppEnv>) {
  const user = confirmEmail(deps, c.req.query("token") ?? "");
  if (!user) return render(deps, c, "invalid");
  // The page's own notice must not still say "please confirm" to the person who just did.
  const current = c.get("user");
  if (current?.id === user.id) c.set("user", toCurrentUser(user, current.firstSignIn));
  return render(deps, c, "verified");
}

export function submitResendVerification(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return render(deps, c, "signed-out");
  try {
    return render(deps, c, resendEmailVerification(deps, user.id));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    setErrorHeaders(c, error);
    return render(deps, c, error.status === 429 ? "limited" : "signed-out");
  }
}

export function verifyEmailRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/verify-email", (c) => showVerifyEmail(deps, c)).post("/verify-email/resend", (c) => submitResendVerification(deps, c));
}
