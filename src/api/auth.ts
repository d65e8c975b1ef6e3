/**
 * Sign-in entry points: /api/login and /api/logout (full-page navigations), /api/auth/user, and
 * Google sign-in through arctic (state and PKCE verifier in short-lived HttpOnly cookies); which
 * account a Google profile signs in to is the `signInWithGoogle` action's.
 */
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from "arctic";
import { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { z } from "zod";
import { signInWithGoogle } from "../actions/sign-in-with-google.server";
import { safeReturnTo } from "../server/safe-redirect";
import { writeShortCookie } from "../server/auth/cookies";
import { googleErrors } from "../server/auth/google-notices";
import { isSameSiteRequest } from "../server/auth/same-site";
import { endSession, startSession } from "../server/auth/sign-in.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { errorBody, HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { referralCookie } from "../server/middleware/referral-link";
import { isHttps, siteOrigin } from "../server/origin";
import { servePage } from "../server/render-page";
import { keepAnswerOpen } from "../server/slow-answers.server";
import { confirmSignOutPage } from "../pages/sign-out";

const oauthCookies = { state: "pi_oauth_state", verifier: "pi_oauth_verifier", returnTo: "pi_oauth_return" } as const;
const oauthCookieSeconds = 10 * 60;
/** How long Google's two answers (the tokens, then the profile) may take together, unless GOOGLE_TIMEOUT_MS says otherwise. */
const googleAnswerMs = 15_000;

/** What `work` answers, or the signal's reason once it fires first (the work is then left to end unread). */
function beforeAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

const googleProfile = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.unknown().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

function googleClient(deps: AppDeps) {
  const { GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: secret } = deps.env;
  if (!id || !secret) return null;
  return new OAuth2Client(id, secret, `${siteOrigin(deps)}/api/auth/google/callback`);
}

export function authApi(deps: AppDeps) {
  const sec = { https: isHttps(deps) };
  const api = new Hono<AppEnv>();

  api.get("/login", (c) => {
    const returnTo = safeReturnTo(c.req.query("returnTo"));
    return c.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`, 302);
  });

  api.get("/logout", (c) => {
    if (!isSameSiteRequest(deps, c)) return servePage(deps, c, confirmSignOutPage);
    endSession(deps, c);
    return c.redirect("/", 302);
  });

  // The confirmation page's button; originCheck has already refused another site's Origin.
  api.post("/logout", (c) => {
    endSession(deps, c);
    return c.redirect("/", 303);
  });

  api.get("/auth/user", (c) => {
    const user = c.get("user");
    c.header("Cache-Control", "no-store");
    if (!user) return c.json(errorBody("unauthorized", "Unauthorized"), 401);
    return c.json(user);
  });

  api.get("/auth/google", (c) => {
    const client = googleClient(deps);
    if (!client) throw new HttpError(404, "not_configured", "Google sign-in is not available.");
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(deps.env.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, verifier, ["openid", "email", "profile"]);
    writeShortCookie(c, sec, oauthCookies.state, state, oauthCookieSeconds);
    writeShortCookie(c, sec, oauthCookies.verifier, verifier, oauthCookieSeconds);
    writeShortCookie(c, sec, oauthCookies.returnTo, safeReturnTo(c.req.query("returnTo")), oauthCookieSeconds);
    return c.redirect(url.toString(), 302);
  });

  api.get("/auth/google/callback", async (c) => {
    const client = googleClient(deps);
    if (!client) throw new HttpError(404, "not_configured", "Google sign-in is not available.");
    const state = c.req.query("state");
    const code = c.req.query("code");
    const storedState = getCookie(c, oauthCookies.state);
    const verifier = getCookie(c, oauthCookies.verifier);
    const returnTo = safeReturnTo(getCookie(c, oauthCookies.returnTo));
    // Single use: whatever happens next, this attempt's cookies are gone.
    for (const name of Object.values(oauthCookies)) deleteCookie(c, name, { path: "/", secure: sec.https });
    const failed = (reason: string, error: string = googleErrors.failed) => {
      log.warn("google sign-in refused", { reason });
      return c.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}&error=${error}`, 302);
    };
    if (!state || !code || !storedState || !verifier || state !== storedState) return failed("state mismatch or missing");

    let profile: z.infer<typeof googleProfile>;
    // A Google that does not answer sends the visitor back to try again, with the page's message,
    // before the connection would close on them with nothing (decision 096).
    const waitMs = deps.env.GOOGLE_TIMEOUT_MS ?? googleAnswerMs;
    const deadline = AbortSignal.timeout(waitMs);
    keepAnswerOpen(waitMs);
    try {
      const tokens = await beforeAbort(client.validateAuthorizationCode(deps.env.GOOGLE_TOKEN_URL, code, verifier), deadline);
      const res = await fetch(deps.env.GOOGLE_USERINFO_URL, { headers: { Authorization: `Bearer ${tokens.accessToken()}` }, signal: deadline });
      if (!res.ok) return failed(`userinfo ${res.status}`);
      const parsed = googleProfile.safeParse(await res.json());
      if (!parsed.success) return failed("userinfo shape");
      profile = parsed.data;
    } catch (err) {
      return failed(err instanceof Error ? err.message : "token exchange failed");
    }
    let user: ReturnType<typeof signInWithGoogle>;
    try {
      const { sub, email, email_verified, given_name, family_name, picture } = profile;
      const google = { sub, email, emailVerified: email_verified, givenName: given_name, familyName: family_name, picture };
      user = signInWithGoogle(deps, google, getCookie(c, referralCookie) ?? null);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return failed(error.message, error.code === "email_unverified" ? googleErrors.unverified : googleErrors.failed);
    }
    startSession(deps, c, user.id, "google");
    return c.redirect(returnTo, 302);
  });

  return api;
}
