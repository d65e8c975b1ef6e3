/**
 * GET /verify-email?token= (the e-mailed link: it confirms, and in the browser that signed up within
 * the hour it signs in and goes on, decision 064) and POST /verify-email/resend (signed in), each
 * through its action.
 */
import { Hono, type Context } from "hono";
import { confirmEmail } from "../actions/confirm-email.server";
import { resendEmailVerification } from "../actions/resend-email-verification.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError, setErrorHeaders } from "../server/errors";
import { servePage } from "../server/render-page";
import { toCurrentUser } from "../server/middleware/session";
import { clearSignUpBrowser, readSignUpBrowser } from "../server/auth/sign-up-browser.server";
import { startSession } from "../server/auth/sign-in.server";
import { isHttps } from "../server/origin";
import { verifyEmailPage, type VerifyEmailOutcome } from "./verify-email";

function render(deps: AppDeps, c: Context<AppEnv>, outcome: VerifyEmailOutcome) {
  return servePage(deps, c, (site) => verifyEmailPage(site, outcome));
}

export function showVerifyEmail(deps: AppDeps, c: Context<AppEnv>) {
  const sec = { https: isHttps(deps) };
  const confirmed = confirmEmail(deps, c.req.query("token") ?? "", readSignUpBrowser(c, deps.secrets));
  if (!confirmed) return render(deps, c, "invalid");
  const { user, signIn } = confirmed;
  const current = c.get("user");
  if (signIn) clearSignUpBrowser(c, sec);
  if (signIn && current?.id !== user.id) {
    // The browser that signed up, within the hour: signed in once, and on to where they were going.
    startSession(deps, c, user.id, "e-mail link");
    return c.redirect(signIn.returnTo === "/dashboard" ? "/dashboard?notice=emailConfirmed" : signIn.returnTo, 303);
  }
  // The page's own notice must not still say "please confirm" to the person who just did.
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
