/**
 * The forgotten-password form (GET and POST /forgot-password) and the reset form it e-mails a
 * link to (GET and POST /reset-password); they work with JavaScript off. Each POST calls its action
 * (src/actions/request-password-reset.server.ts, reset-password.server.ts).
 */
import { Hono, type Context } from "hono";
import { requestPasswordReset } from "../actions/request-password-reset.server";
import { resetPassword } from "../actions/reset-password.server";
import { passwordResetLinkWorks } from "../reads/password-reset.server";
import { forgotPasswordSchema, resetPasswordSchema } from "../shared/auth";
import { startSession } from "../server/auth/sign-in.server";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
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
  try {
    requestPasswordReset(deps, clientIp(c), parsed.data.email);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    setErrorHeaders(c, error);
    return servePage(deps, c, (site) => forgotPasswordPage(site, { email: form.email, notice: { tone: "error", text: error.message }, status: 429 }));
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
  const valid = token.length >= 20 && token.length <= 200 && passwordResetLinkWorks(deps, token);
  return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid, status: valid ? 200 : 400 }));
}

/** POST /reset-password: sets the password, ends every session, signs in afresh. */
export async function submitResetPassword(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 500);
  const parsed = resetPasswordSchema.safeParse(form);
  const token = form.token ?? "";
  if (!parsed.success) {
    const valid = token.length >= 20 && passwordResetLinkWorks(deps, token);
    return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid, errors: fieldErrors(parsed.error), status: 400 }));
  }
  let user: Awaited<ReturnType<typeof resetPassword>>;
  try {
    user = await resetPassword(deps, clientIp(c), parsed.data.token, parsed.data.password);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    setErrorHeaders(c, error);
    // Limited, the link may still be good: say to wait, and keep the form for when the wait is over.
    const waitSeconds = error.status === 429 ? Number(error.headers?.["Retry-After"]) : undefined;
    return servePage(deps, c, (site) => resetPasswordPage(site, { token, valid: waitSeconds !== undefined, waitSeconds, status: error.status as 400 | 429 }));
  }
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
