/**
 * GET /login and its two forms, sign in (POST /login) and create account (POST /signup); they
 * work with JavaScript off. Errors re-render the form with messages under the fields. Each form
 * calls its action (src/actions/sign-in.server.ts, sign-up.server.ts); signing in starts the
 * session here, since the cookie is HTTP.
 */
import { Hono, type Context } from "hono";
import { signIn } from "../actions/sign-in.server";
import { signUp } from "../actions/sign-up.server";
import { getCookie } from "hono/cookie";
import { normaliseReferralCode } from "../domain/referral";
import { signInSchema, signUpSchema } from "../shared/auth";
import { safeReturnTo } from "../server/safe-redirect";
import { googleSignInNotice } from "../server/auth/google-notices";
import { startSession } from "../server/auth/sign-in.server";
import { markSignUpBrowser } from "../server/auth/sign-up-browser.server";
import { isHttps } from "../server/origin";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
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
  text: "We have sent a message to the address you gave. Open its link in this browser within the hour and you are signed in; later, or on another device, it confirms your address and you sign in below. If that address already had an account, the message says so instead.",
};

/** POST /login */
export async function submitSignIn(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const returnTo = safeReturnTo(form.returnTo);
  const values = { email: form.email ?? "" };
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) return renderLogin(deps, c, { returnTo, values, errors: fieldErrors(parsed.error), status: 400 });
  let user: Awaited<ReturnType<typeof signIn>>;
  try {
    user = await signIn(deps, clientIp(c), parsed.data.email, parsed.data.password);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    setErrorHeaders(c, error);
    const notice = { tone: "error" as const, ...(error.status === 429 ? { title: "Too many attempts" } : {}), text: error.message };
    return renderLogin(deps, c, { returnTo, values, notice, status: error.status as 401 | 403 | 429 });
  }
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
  const parsed = signUpSchema.safeParse(form);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const typedCode = values.referralCode.trim();
  const referralCode = typedCode ? normaliseReferralCode(typedCode) : null;
  if (typedCode && !referralCode) errors.referralCode = "This referral code is not valid";
  if (!parsed.success || Object.keys(errors).length) return renderLogin(deps, c, { mode: "signup", returnTo, values, errors, status: 400 });

  try {
    await signUp(deps, clientIp(c), { ...parsed.data, referralCode });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    setErrorHeaders(c, error);
    return renderLogin(deps, c, { mode: "signup", returnTo, values, notice: { tone: "error", text: error.message }, status: error.status as 429 });
  }
  // The same answer for a new address and one that has an account (decision 025): a new account is
  // not signed in here, so nobody learns from the answer who has an account. This browser is marked
  // either way: the confirmation link opened here signs in (decision 064).
  markSignUpBrowser(c, { https: isHttps(deps) }, deps.secrets, parsed.data.email, returnTo);
  return c.redirect(`/login?signedUp=1&returnTo=${encodeURIComponent(returnTo)}`, 303);
}

export function loginRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/login", (c) => showLogin(deps, c))
    .post("/login", (c) => submitSignIn(deps, c))
    .post("/signup", (c) => submitSignUp(deps, c));
}
