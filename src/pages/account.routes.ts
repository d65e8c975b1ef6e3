/** /account and its four forms (details, password, e-mail choices, delete); each needs the signed-in customer. */
import { Hono, type Context } from "hono";
import { setReviewInvites } from "../db/review-invitations.server";
import { deleteAccount, findUserById, setPasswordHash, updateProfile, type User } from "../db/users.server";
import { changePasswordSchema, deleteAccountSchema, profileSchema } from "../shared/auth";
import { hashPassword } from "../server/auth/crypto.server";
import { checkCurrentPassword } from "../server/auth/current-password.server";
import { deleteUserSessions } from "../server/auth/sessions.server";
import { sendEmailVerification } from "../server/auth/email-verification.server";
import { endSession } from "../server/auth/sign-in.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { clientIp } from "../server/client-ip";
import { fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { log } from "../server/log.server";
import { asAppContext, requireCustomer, signedOutResponse, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { accountPage, type AccountPageState } from "./account";

function render(deps: AppDeps, c: Context<CustomerEnv>, user: User, extra: Partial<AccountPageState> = {}) {
  const fresh = findUserById(deps.db, user.id) ?? user;
  const profile = { firstName: fresh.firstName ?? "", lastName: fresh.lastName ?? "", email: fresh.email };
  return servePage(deps, c, (site) => accountPage(site, { profile, hasPassword: Boolean(fresh.passwordHash), reviewInvites: fresh.reviewInvites, ...extra }));
}

/** The customer's own row (password hash included), or null if it went since the session was read. */
function currentUser(deps: AppDeps, c: Context<CustomerEnv>): User | null {
  return findUserById(deps.db, c.get("user").id) ?? null;
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
 * Checks the current password the form gave, counted like a sign-in; answers null when it is right,
 * else the page with the message under the field (`wrong` is that form's own wording).
 */
async function currentPasswordRefusal(
  deps: AppDeps,
  c: Context<CustomerEnv>,
  user: User,
  form: AccountPageState["form"],
  given: string | undefined,
  wrong: string,
) {
  const check = await checkCurrentPassword(deps, clientIp(c), user, given);
  if (check.outcome === "ok") return null;
  if (check.outcome === "wrong") return render(deps, c, user, { form, errors: { currentPassword: wrong }, status: 400 });
  c.header("Retry-After", String(check.retryAfter));
  const text = `Too many wrong passwords. Please wait ${Math.ceil(check.retryAfter / 60)} minute(s) and try again.`;
  return render(deps, c, user, { form, errors: { currentPassword: text }, status: 429 });
}

export async function submitProfile(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 500);
  const parsed = profileSchema.safeParse(form);
  if (!parsed.success) return render(deps, c, user, { form: "profile", errors: fieldErrors(parsed.error), status: 400 });
  const emailChanged = parsed.data.email !== user.email;
  if (emailChanged) {
    const refusal = await currentPasswordRefusal(
      deps,
      c,
      user,
      "profile",
      parsed.data.currentPassword,
      "Your current password is needed to change your e-mail",
    );
    if (refusal) return refusal;
  }
  if (!updateProfile(deps.db, user.id, parsed.data)) {
    return render(deps, c, user, { form: "profile", errors: { email: "Another account uses this e-mail" }, status: 409 });
  }
  if (emailChanged) {
    deleteUserSessions(deps.db, user.id, c.get("sessionId") ?? undefined);
    log.info("e-mail changed", { userId: user.id });
    sendEmailVerification(deps, { id: user.id, email: parsed.data.email });
  }
  return c.redirect("/account?saved=profile", 303);
}

export async function submitPassword(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 500);
  const parsed = changePasswordSchema.safeParse(form);
  if (!parsed.success) return render(deps, c, user, { form: "password", errors: fieldErrors(parsed.error), status: 400 });
  const refusal = await currentPasswordRefusal(deps, c, user, "password", parsed.data.currentPassword, "Your current password is not correct");
  if (refusal) return refusal;
  setPasswordHash(deps.db, user.id, await hashPassword(parsed.data.newPassword));
  deleteUserSessions(deps.db, user.id, c.get("sessionId") ?? undefined);
  log.info("password changed", { userId: user.id });
  return c.redirect("/account?saved=password", 303);
}

export async function submitDeleteAccount(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 500);
  const parsed = deleteAccountSchema.safeParse(form);
  if (!parsed.success) return render(deps, c, user, { form: "delete", errors: fieldErrors(parsed.error), status: 400 });
  const refusal = await currentPasswordRefusal(deps, c, user, "delete", parsed.data.currentPassword, "Your current password is not correct");
  if (refusal) return refusal;
  endSession(deps, asAppContext(c));
  deleteAccount(deps.db, user.id);
  log.info("account deleted", { userId: user.id });
  return c.redirect("/?deleted=1", 303);
}

/** The e-mail choices: a checked box sends `reviewInvites=on`, an unchecked one sends nothing (off). */
export async function submitEmailChoices(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 100);
  setReviewInvites(deps.db, user.id, form.reviewInvites === "on");
  return c.redirect("/account?saved=emails", 303);
}

export function accountRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/account" });
  return new Hono<AppEnv>()
    .get("/account", customer, (c) => showAccount(deps, c))
    .post("/account/profile", customer, (c) => submitProfile(deps, c))
    .post("/account/password", customer, (c) => submitPassword(deps, c))
    .post("/account/emails", customer, (c) => submitEmailChoices(deps, c))
    .post("/account/delete", customer, (c) => submitDeleteAccount(deps, c));
}
