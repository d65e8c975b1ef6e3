/**
 * The identity check before a download on an old sign-in (decision 081): GET /cases/confirm shows
 * it; POST …/password and POST …/code confirm the session and go back to `returnTo` (a local path
 * only); POST …/send-code e-mails a code and comes back to the page with its field open. Plain
 * forms, so they work with JavaScript off. Mounted before the case room's `/cases/:ref`.
 */
import { type Context, Hono } from "hono";
import { confirmIdentityWithCode, confirmIdentityWithPassword } from "../actions/confirm-identity.server";
import { sendIdentityCode } from "../actions/send-identity-code.server";
import { identityCheckDue, identityCheckOptions } from "../reads/case-files.server";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
import { type CustomerEnv, requireCustomer } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { safeRedirectPath } from "../server/safe-redirect";
import { confirmIdentityPath } from "../server/auth/recent-sign-in.server";
import { identityCheckMessages, identityCodeSchema, identityPasswordSchema } from "../shared/case-room";
import { z } from "../shared/zod-mini";
import { type ConfirmIdentityState, confirmIdentityPage, confirmIdentityPaths } from "./confirm-identity";
import { notFoundPage } from "./not-found";

/** Where to go once confirmed: the download asked for, or the dashboard. */
const returnToOf = (value: string | undefined) => safeRedirectPath(value, "/dashboard");

function render(deps: AppDeps, c: Context<CustomerEnv>, s: Omit<ConfirmIdentityState, "options">) {
  const options = identityCheckOptions(deps, c.get("user").id);
  if (!options) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  return servePage(deps, c, (site) => confirmIdentityPage(site, { ...s, options }));
}

/** GET /cases/confirm: the page, or straight on when the sign-in is recent enough. */
function show(deps: AppDeps, c: Context<CustomerEnv>) {
  const returnTo = returnToOf(c.req.query("returnTo"));
  if (!identityCheckDue(deps, c.get("sessionId"))) return c.redirect(returnTo, 303);
  const codeSent = c.req.query("code") === "sent";
  return render(deps, c, {
    returnTo,
    codeSent,
    notice: codeSent ? { tone: "success", text: identityCheckMessages.codeSent } : undefined,
  });
}

/** A refused form: its message under its field, with the status and headers (Retry-After) of the refusal. */
function refused(deps: AppDeps, c: Context<CustomerEnv>, s: Omit<ConfirmIdentityState, "options">, error: HttpError) {
  setErrorHeaders(c, error);
  return render(deps, c, { ...s, errors: error.fields ?? { send: error.message }, status: error.status as 400 | 429 });
}

async function submitPassword(deps: AppDeps, c: Context<CustomerEnv>) {
  const form = await readForm(c, 600);
  const returnTo = returnToOf(form.returnTo);
  const parsed = z.safeParse(identityPasswordSchema, form);
  if (!parsed.success) return render(deps, c, { returnTo, errors: fieldErrors(parsed.error), status: 400 });
  try {
    await confirmIdentityWithPassword(deps, clientIp(c), c.get("user").id, c.get("sessionId") ?? "", parsed.data.password);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 401) throw error;
    return refused(deps, c, { returnTo }, error);
  }
  return c.redirect(returnTo, 303);
}

async function submitCode(deps: AppDeps, c: Context<CustomerEnv>) {
  const form = await readForm(c, 600);
  const returnTo = returnToOf(form.returnTo);
  const parsed = z.safeParse(identityCodeSchema, form);
  if (!parsed.success) return render(deps, c, { returnTo, codeSent: true, errors: fieldErrors(parsed.error), status: 400 });
  try {
    confirmIdentityWithCode(deps, c.get("user").id, c.get("sessionId") ?? "", parsed.data.code);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refused(deps, c, { returnTo, codeSent: true }, error);
  }
  return c.redirect(returnTo, 303);
}

async function sendCode(deps: AppDeps, c: Context<CustomerEnv>) {
  const form = await readForm(c, 600);
  const returnTo = returnToOf(form.returnTo);
  try {
    sendIdentityCode(deps, c.get("user").id, c.get("sessionId") ?? "");
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 401) throw error;
    setErrorHeaders(c, error);
    return render(deps, c, { returnTo, errors: { send: error.message }, status: error.status as 400 | 429 });
  }
  // Back to the page (a reload does not send another code), with the code's field open.
  return c.redirect(`${confirmIdentityPath(returnTo)}&code=sent`, 303);
}

export function confirmIdentityRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: (c) => returnToOf(c.req.query("returnTo")) });
  return new Hono<AppEnv>()
    .get(confirmIdentityPaths.page, customer, (c) => show(deps, c))
    .post(confirmIdentityPaths.password, customer, (c) => submitPassword(deps, c))
    .post(confirmIdentityPaths.code, customer, (c) => submitCode(deps, c))
    .post(confirmIdentityPaths.sendCode, customer, (c) => sendCode(deps, c));
}
