/**
 * The account forms' POST handlers (they work with JavaScript off): sign in, create account,
 * forgotten password and reset. Errors re-render the form with messages under the fields.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { normaliseReferralCode } from "../domain/referral";
import { createPasswordReset, peekPasswordReset } from "../db/password-resets.server";
import { getSettings } from "../db/settings.server";
import { createUser, findUserByEmail } from "../db/users.server";
import { passwordResetMail } from "../mail/templates";
import { enqueueMail } from "../mail/outbox.server";
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from "../shared/auth";
import { safeReturnTo } from "../components/PlainForm";
import { hashPassword } from "../server/auth/crypto.server";
import { sendEmailVerification } from "../server/auth/email-verification.server";
import { resetPasswordWithToken } from "../server/auth/password-reset.server";
import { googleSignInNotice } from "../server/auth/google-notices";
import { checkPasswordSignIn } from "../server/auth/password-sign-in.server";
import { startSession } from "../server/auth/sign-in.server";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { log } from "../server/log.server";
import { referralCookie } from "../server/middleware/referral-link";
import { siteOrigin } from "../server/origin";
import { servePage } from "../server/render-page";
import { loginPage, type LoginPageState } from "./login";
import { forgotPasswordPage, resetPasswordPage } from "./password-reset";

const googleEnabled = (deps: AppDeps) => Boolean(deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET);

function renderLogin(deps: AppDeps, c: Context<AppEnv>, s: Omit<LoginPageState, "googleEnabled">) {
  return servePage(deps, c, (site) => loginPage(site, { ...s, googleEnabled: googleEnabled(deps) }), { cache: false });
}

/** GET /login */
export function showLogin(deps: AppDeps, c: Context<AppEnv>) {
  const returnTo = safeReturnTo(c.req.query("returnTo"));
  if (c.get("user")) return c.redirect(returnTo, 302);
  const referralCode = normaliseReferralCode(c.req.query("ref")) ?? getCookie(c, referralCookie) ?? null;
  const mode = c.req.query("mode") === "signup" || c.req.query("ref") ? "signup" : "signin";
  const notice = googleSignInNotice(c.req.query("error"));
  return renderLogin(deps, c, { mode, returnTo, referralCode, notice });
}

const tooMany = (seconds: number) => ({
  tone: "error" as const,
  title: "Too many attempts",
  text: `Too many failed sign-ins. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.`,
});

/** POST /login */
export async function submitSignIn(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const returnTo = safeReturnTo(form.returnTo);
  const values = { email: form.email ?? "" };
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) return renderLogin(deps, c, { returnTo, values, errors: fieldErrors(parsed.error), status: 400 });
  const result = await checkPasswordSignIn(deps, clientIp(c), parsed.data.email, parsed.data.password);
  if (result.outcome === "limited") {
    c.header("Retry-After", String(result.retryAfter));
    return renderLogin(deps, c, { returnTo, values, notice: tooMany(result.retryAfter), status: 429 });
  }
  if (result.outcome === "invalid") return renderLogin(deps, c, { returnTo, values, notice: { tone: "error", text: "Invalid e-mail or password." }, status: 401 });
  if (result.outcome === "suspended") return renderLogin(deps, c, { returnTo, values, notice: { tone: "error", text: "This account is suspended. Please contact us." }, status: 403 });
  const { user } = result;
  startSession(deps, c, user.id, "password");
  return c.redirect(returnTo, 303);
}

/** POST /signup */
export async function submitSignUp(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const returnTo = safeReturnTo(form.returnTo);
  const values = { email: form.email ?? "", firstName: form.firstName ?? "", lastName: form.lastName ?? "", referralCode: form.referralCode ?? "" };
  const wait = deps.limits.signUp.hit(clientIp(c));
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    return renderLogin(deps, c, { mode: "signup", returnTo, values, notice: { tone: "error", text: "Too many accounts created from your connection. Please try again later." }, status: 429 });
  }
  const parsed = signUpSchema.safeParse(form);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const typedCode = values.referralCode.trim();
  const referralCode = typedCode ? normaliseReferralCode(typedCode) : null;
  if (typedCode && !referralCode) errors.referralCode = "This referral code is not valid";
  if (!parsed.success || Object.keys(errors).length) return renderLogin(deps, c, { mode: "signup", returnTo, values, errors, status: 400 });

  const passwordHash = await hashPassword(parsed.data.password);
  const user = createUser(deps.db, { ...parsed.data, passwordHash, referralCode });
  if (!user) {
    return renderLogin(deps, c, {
      mode: "signup",
      returnTo,
      values,
      errors: { email: "An account with this e-mail already exists. Sign in instead, or reset your password." },
      status: 409,
    });
  }
  log.info("account created", { userId: user.id, referred: Boolean(user.referredBy) });
  sendEmailVerification(deps, user);
  startSession(deps, c, user.id, "signup");
  return c.redirect(returnTo, 303);
}

/** POST /forgot-password: the same answer whether or not the address has an account. */
export async function submitForgotPassword(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success) {
    return servePage(deps, c, (site) => forgotPasswordPage(site, { email: form.email, errors: fieldErrors(parsed.error), status: 400 }), { cache: false });
  }
  const wait = deps.limits.passwordReset.hit(clientIp(c));
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    return servePage(deps, c, (site) => forgotPasswordPage(site, { email: form.email, notice: { tone: "error", text: "Too many requests. Please wait a few minutes and try again." }, status: 429 }), { cache: false });
  }
  const user = findUserByEmail(deps.db, parsed.data.email);
  if (user && !user.suspendedAt) {
    const token = createPasswordReset(deps.db, user.id);
    const link = `${siteOrigin(deps)}/reset-password?token=${token}`;
    enqueueMail(deps.db, passwordResetMail(user.email, link, getSettings(deps.db).businessName));
    deps.outbox.kick();
    log.info("password reset requested", { userId: user.id });
  }
  return servePage(
    deps,
    c,
    (site) => forgotPasswordPage(site, { notice: { tone: "success", title: "Check your e-mail", text: "If an account exists for that address, we have sent it a link to choose a new password. The link works once, within one hour." } }),
    { cache: false },
  );
}

/** GET /reset-password?token= */
export function showResetPassword(deps: AppDeps, c: Context<AppEnv>) {
  const token = c.req.query("token") ?? "";
  const valid = token.length >= 20 && token.length <= 200 && peekPasswordReset(deps.db, token) !== null;
  return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid, status: valid ? 200 : 400 }), { cache: false });
}

/** POST /reset-password: sets the password, ends every session, signs in afresh. */
export async function submitResetPassword(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const parsed = resetPasswordSchema.safeParse(form);
  const token = form.token ?? "";
  if (!parsed.success) {
    const valid = token.length >= 20 && peekPasswordReset(deps.db, token) !== null;
    return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid, errors: fieldErrors(parsed.error), status: 400 }), { cache: false });
  }
  const result = await resetPasswordWithToken(deps, clientIp(c), parsed.data.token, parsed.data.password);
  if (result.outcome === "limited") c.header("Retry-After", String(result.retryAfter));
  if (result.outcome !== "ok") return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid: false, status: result.outcome === "limited" ? 429 : 400 }), { cache: false });
  const { user } = result;
  startSession(deps, c, user.id, "password-reset");
  return c.redirect("/dashboard?passwordReset=1", 303);
}
