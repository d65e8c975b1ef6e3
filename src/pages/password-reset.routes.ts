/**
 * The forgotten-password form (GET and POST /forgot-password) and the reset form it e-mails a
 * link to (GET and POST /reset-password); they work with JavaScript off.
 */
import { Hono, type Context } from "hono";
import { createPasswordResetMail, peekPasswordReset } from "../db/password-resets.server";
import { getSettings } from "../db/settings.server";
import { findUserByEmail } from "../db/users.server";
import { passwordResetMail } from "../mail/templates/accounts";
import { forgotPasswordSchema, resetPasswordSchema } from "../shared/auth";
import { resetPasswordWithToken } from "../server/auth/password-reset.server";
import { startSession } from "../server/auth/sign-in.server";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { log } from "../server/log.server";
import { siteOrigin } from "../server/origin";
import { servePage } from "../server/render-page";
import { forgotPasswordPage, resetPasswordPage } from "./password-reset";

/** GET /forgot-password */
export function showForgotPassword(deps: AppDeps, c: Context<AppEnv>) {
  return servePage(deps, c, (site) => forgotPasswordPage(site));
}

/** POST /forgot-password: the same answer whether or not the address has an account. */
export async function submitForgotPassword(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success) {
    return servePage(deps, c, (site) => forgotPasswordPage(site, { email: form.email, errors: fieldErrors(parsed.error), status: 400 }));
  }
  const wait = deps.limits.passwordReset.hit(clientIp(c));
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    return servePage(deps, c, (site) =>
      forgotPasswordPage(site, {
        email: form.email,
        notice: { tone: "error", text: "Too many requests. Please wait a few minutes and try again." },
        status: 429,
      }),
    );
  }
  const user = findUserByEmail(deps.db, parsed.data.email);
  if (user && !user.suspendedAt) {
    const { businessName } = getSettings(deps.db);
    const origin = siteOrigin(deps);
    // Beyond the recipient's hourly mail limit nothing is sent, and the answer stays the same.
    const sent =
      createPasswordResetMail(deps.db, user.id, (token) => passwordResetMail(user.email, `${origin}/reset-password?token=${token}`, businessName)) !== null;
    if (sent) deps.outbox.kick();
    log.info("password reset requested", { userId: user.id, sent });
  }
  return servePage(deps, c, (site) =>
    forgotPasswordPage(site, {
      notice: {
        tone: "success",
        title: "Check your e-mail",
        text: "If an account exists for that address, we have sent it a link to choose a new password. The link works once, within one hour.",
      },
    }),
  );
}

/** GET /reset-password?token= */
export function showResetPassword(deps: AppDeps, c: Context<AppEnv>) {
  const token = c.req.query("token") ?? "";
  const valid = token.length >= 20 && token.length <= 200 && peekPasswordReset(deps.db, token) !== null;
  return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid, status: valid ? 200 : 400 }));
}

/** POST /reset-password: sets the password, ends every session, signs in afresh. */
export async function submitResetPassword(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const parsed = resetPasswordSchema.safeParse(form);
  const token = form.token ?? "";
  if (!parsed.success) {
    const valid = token.length >= 20 && peekPasswordReset(deps.db, token) !== null;
    return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid, errors: fieldErrors(parsed.error), status: 400 }));
  }
  const result = await resetPasswordWithToken(deps, clientIp(c), parsed.data.token, parsed.data.password);
  if (result.outcome === "limited") {
    // The link may still be good: say to wait, and keep the form for when the wait is over.
    c.header("Retry-After", String(result.retryAfter));
    return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid: true, waitSeconds: result.retryAfter, status: 429 }));
  }
  if (result.outcome === "invalid") return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid: false, status: 400 }));
  const { user } = result;
  startSession(deps, c, user.id, "password-reset");
  return c.redirect("/dashboard?passwordReset=1", 303);
}

export function passwordResetRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/forgot-password", (c) => showForgotPassword(deps, c))
    .post("/forgot-password", (c) => submitForgotPassword(deps, c))
    .get("/reset-password", (c) => showResetPassword(deps, c))
    .post("/reset-password", (c) => submitResetPassword(deps, c));
}
