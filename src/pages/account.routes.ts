/**
 * /account and its four forms (details, password, e-mail choices, delete), each one action; each
 * needs the signed-in customer. /account-deleted is where a deletion lands, signed out.
 */
import { Hono, type Context } from "hono";
import { changePassword } from "../actions/change-password.server";
import { changeProfile } from "../actions/change-profile.server";
import { chooseAccountEmails } from "../actions/choose-account-emails.server";
import { deleteOwnAccount } from "../actions/delete-account.server";
import { accountDeletionPreview, ownAccount, type User } from "../reads/account.server";
import { changePasswordSchema, deleteAccountSchema, profileSchema } from "../shared/auth";
import { endSession } from "../server/auth/sign-in.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { clientIp } from "../server/client-ip";
import { fieldErrors, HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
import { asAppContext, requireCustomer, signedOutResponse, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { accountDeletedPage, accountPage, type AccountPageState } from "./account";

function render(deps: AppDeps, c: Context<CustomerEnv>, user: User, extra: Partial<AccountPageState> = {}) {
  const fresh = ownAccount(deps, user.id) ?? user;
  const deletion = accountDeletionPreview(deps, user.id);
  const profile = { firstName: fresh.firstName ?? "", lastName: fresh.lastName ?? "", email: fresh.email };
  return servePage(deps, c, (site) =>
    accountPage(site, {
      profile,
      hasPassword: Boolean(fresh.passwordHash),
      reviewInvites: fresh.reviewInvites,
      bookingReminders: fresh.bookingReminders,
      deletion,
      ...extra,
    }),
  );
}

/** The customer's own row (password hash included), or null if it went since the session was read. */
function currentUser(deps: AppDeps, c: Context<CustomerEnv>): User | null {
  return ownAccount(deps, c.get("user").id);
}

const signedOut = (deps: AppDeps, c: Context<CustomerEnv>) => signedOutResponse(deps, c, "/account");

export function showAccount(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const saved = c.req.query("saved");
  const notice =
    saved === "profile"
      ? "Your details were saved."
      : saved === "password"
        ? "Your password was changed. Other devices were signed out."
        : saved === "emails"
          ? "Your e-mail choices were saved."
          : undefined;
  return render(deps, c, user, notice ? { notice: { tone: "success", text: notice } } : {});
}

/**
 * The page again with a refused action's messages under its fields (or above the form when it names
 * none), what was typed, its status and its Retry-After.
 */
function refused(deps: AppDeps, c: Context<CustomerEnv>, user: User, form: AccountPageState["form"], error: unknown, values?: Record<string, string>) {
  if (!(error instanceof HttpError)) throw error;
  setErrorHeaders(c, error);
  const formError = error.fields ? undefined : error.message;
  return render(deps, c, user, { form, errors: error.fields ?? {}, formError, values, status: error.status as 400 | 404 | 409 | 429 });
}

export async function submitProfile(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 500);
  const parsed = profileSchema.safeParse(form);
  if (!parsed.success) return render(deps, c, user, { form: "profile", errors: fieldErrors(parsed.error), status: 400 });
  try {
    await changeProfile(deps, clientIp(c), user, c.get("sessionId") ?? undefined, parsed.data);
  } catch (error) {
    return refused(deps, c, user, "profile", error);
  }
  return c.redirect("/account?saved=profile", 303);
}

export async function submitPassword(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 500);
  const parsed = changePasswordSchema.safeParse(form);
  if (!parsed.success) return render(deps, c, user, { form: "password", errors: fieldErrors(parsed.error), status: 400 });
  try {
    await changePassword(deps, clientIp(c), user, c.get("sessionId") ?? undefined, parsed.data);
  } catch (error) {
    return refused(deps, c, user, "password", error);
  }
  return c.redirect("/account?saved=password", 303);
}

export async function submitDeleteAccount(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 500);
  // The confirmation word is shown again after a refusal; the password never is.
  const values = { confirm: (form.confirm ?? "").slice(0, 40) };
  const parsed = deleteAccountSchema.safeParse(form);
  if (!parsed.success) return render(deps, c, user, { form: "delete", errors: fieldErrors(parsed.error), values, status: 400 });
  try {
    await deleteOwnAccount(deps, clientIp(c), user, parsed.data.currentPassword);
  } catch (error) {
    return refused(deps, c, user, "delete", error, values);
  }
  endSession(deps, asAppContext(c));
  // A page of its own, not a notice on the home page: the home page is the same for everyone.
  return c.redirect("/account-deleted", 303);
}

/** GET /account-deleted: the confirmation after a deletion; someone signed in has an account, so goes to it. */
export function showAccountDeleted(deps: AppDeps, c: Context<AppEnv>) {
  if (c.get("user")) return c.redirect("/account", 302);
  return servePage(deps, c, accountDeletedPage);
}

/** The e-mail choices: a checked box sends `reviewInvites=on` or `bookingReminders=on`, an unchecked one sends nothing (off). */
export async function submitEmailChoices(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 100);
  chooseAccountEmails(deps, user.id, { reviewInvites: form.reviewInvites === "on", bookingReminders: form.bookingReminders === "on" });
  return c.redirect("/account?saved=emails", 303);
}

export function accountRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/account" });
  return new Hono<AppEnv>()
    .get("/account", customer, (c) => showAccount(deps, c))
    .post("/account/profile", customer, (c) => submitProfile(deps, c))
    .post("/account/password", customer, (c) => submitPassword(deps, c))
    .post("/account/emails", customer, (c) => submitEmailChoices(deps, c))
    .post("/account/delete", customer, (c) => submitDeleteAccount(deps, c))
    .get("/account-deleted", (c) => showAccountDeleted(deps, c));
}
