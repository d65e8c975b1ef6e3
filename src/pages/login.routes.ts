/**
 * GET /login and its two forms, sign in (POST /login) and create account (POST /signup); they
 * work with JavaScript off. Errors re-render the form with messages under the fields.
 */
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { normaliseReferralCode } from "../domain/referral";
import { createUser } from "../db/users.server";
import { signInSchema, signUpSchema } from "../shared/auth";
import { safeReturnTo } from "../server/safe-redirect";
import { hashPassword } from "../server/auth/crypto.server";
import { sendEmailVerification, tellAccountHolderOfSignUp } from "../server/auth/email-verification.server";
import { googleSignInNotice } from "../server/auth/google-notices";
import { checkPasswordSignIn } from "../server/auth/password-sign-in.server";
import { startSession } from "../server/auth/sign-in.server";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { log } from "../server/log.server";
import { referralCookie } from "../server/middleware/referral-link";
import { servePage } from "../server/render-page";
import { loginPage, type LoginPageState } from "./login";

const googleEnabled = (deps: AppDeps) => Boolean(deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET);

function renderLogin(deps: AppDeps, c: Context<AppEnv>, s: Omit<LoginPageState, "googleEnabled">) {
  return servePage(deps, c, (site) => loginPage(site, { ...s, googleEnabled: googleEnabled(deps) }));
}

/** GET /login */
export function showLogin(deps: AppDeps, c: Context<AppEnv>) {
  const returnTo = safeReturnTo(c.req.query("returnTo"));
  if (c.get("user")) return c.redirect(returnTo, 302);
  const referralCode = normaliseReferralCode(c.req.query("ref")) ?? getCookie(c, referralCookie) ?? null;
  const mode = c.req.query("mode") === "signup" || c.req.query("ref") ? "signup" : "signin";
  const notice = c.req.query("signedUp") === "1" ? signedUpNotice : googleSignInNotice(c.req.query("error"));
  return renderLogin(deps, c, { mode: notice === signedUpNotice ? "signin" : mode, returnTo, referralCode, notice });
}

const signedUpNotice = {
  tone: "success" as const,
  title: "Check your e-mail",
  text: "We have sent a message to the address you gave. Open the link in it to confirm your address, then sign in below. If that address already had an account, the message says so instead.",
};

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
  if (result.outcome === "invalid")
    return renderLogin(deps, c, { returnTo, values, notice: { tone: "error", text: "Invalid e-mail or password." }, status: 401 });
  if (result.outcome === "suspended")
    return renderLogin(deps, c, { returnTo, values, notice: { tone: "error", text: "This account is suspended. Please contact us." }, status: 403 });
  const { user } = result;
  startSession(deps, c, user.id, "password");
  return c.redirect(returnTo, 303);
}

/** POST /signup */
export async function submitSignUp(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const returnTo = safeReturnTo(form.returnTo);
  // The password too: a customer whose e-mail was mistyped should not have to type it again.
  const values = {
    email: form.email ?? "",
    password: form.password ?? "",
    firstName: form.firstName ?? "",
    lastName: form.lastName ?? "",
    referralCode: form.referralCode ?? "",
  };
  const wait = deps.limits.signUp.hit(clientIp(c));
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    return renderLogin(deps, c, {
      mode: "signup",
      returnTo,
      values,
      notice: { tone: "error", text: "Too many accounts created from your connection. Please try again later." },
      status: 429,
    });
  }
  const parsed = signUpSchema.safeParse(form);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const typedCode = values.referralCode.trim();
  const referralCode = typedCode ? normaliseReferralCode(typedCode) : null;
  if (typedCode && !referralCode) errors.referralCode = "This referral code is not valid";
  if (!parsed.success || Object.keys(errors).length) return renderLogin(deps, c, { mode: "signup", returnTo, values, errors, status: 400 });

  // Hashed whether or not the address is new, so the time taken does not tell either.
  const passwordHash = await hashPassword(parsed.data.password);
  const user = createUser(deps.db, { ...parsed.data, passwordHash, referralCode });
  if (user) {
    log.info("account created", { userId: user.id, referred: Boolean(user.referredBy) });
    sendEmailVerification(deps, user);
  } else tellAccountHolderOfSignUp(deps, parsed.data.email);
  // The same answer for a new address and one that has an account (decision 025): a new account is
  // not signed in here, so nobody learns from the answer who has an account.
  return c.redirect(`/login?signedUp=1&returnTo=${encodeURIComponent(returnTo)}`, 303);
}

export function loginRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/login", (c) => showLogin(deps, c))
    .post("/login", (c) => submitSignIn(deps, c))
    .post("/signup", (c) => submitSignUp(deps, c));
}
