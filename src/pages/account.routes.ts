/** /account and its three forms (details, password, delete); each needs the signed-in customer. */
import { Hono, type Context } from "hono";
import { deleteAccount, findUserById, setPasswordHash, updateProfile, type User } from "../db/users.server";
import { changePasswordSchema, deleteAccountSchema, profileSchema } from "../shared/auth";
import { hashPassword, verifyPassword } from "../server/auth/crypto.server";
import { deleteUserSessions } from "../server/auth/sessions.server";
import { sendEmailVerification } from "../server/auth/email-verification.server";
import { endSession } from "../server/auth/sign-in.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { log } from "../server/log.server";
import { asAppContext, requireCustomer, signedOutResponse, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { accountPage, type AccountPageState } from "./account";

function render(deps: AppDeps, c: Context<CustomerEnv>, user: User, extra: Partial<AccountPageState> = {}) {
  const fresh = findUserById(deps.db, user.id) ?? user;
  const profile = { firstName: fresh.firstName ?? "", lastName: fresh.lastName ?? "", email: fresh.email };
  return servePage(deps, c, (site) => accountPage(site, { profile, hasPassword: Boolean(fresh.passwordHash), ...extra }));
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
    saved === "profile" ? "Your details were saved." : saved === "password" ? "Your password was changed. Other devices were signed out." : undefined;
  return render(deps, c, user, notice ? { notice: { tone: "success", text: notice } } : {});
}

async function passwordOk(user: User, given: string | undefined) {
  return !user.passwordHash || (await verifyPassword(given ?? "", user.passwordHash));
}

export async function submitProfile(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = currentUser(deps, c);
  if (!user) return signedOut(deps, c);
  const form = await readForm(c, 500);
  const parsed = profileSchema.safeParse(form);
  if (!parsed.success) return render(deps, c, user, { form: "profile", errors: fieldErrors(parsed.error), status: 400 });
  const emailChanged = parsed.data.email !== user.email;
  if (emailChanged && !(await passwordOk(user, parsed.data.currentPassword))) {
    return render(deps, c, user, { form: "profile", errors: { currentPassword: "Your current password is needed to change your e-mail" }, status: 400 });
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
  if (!(await passwordOk(user, parsed.data.currentPassword))) {
    return render(deps, c, user, { form: "password", errors: { currentPassword: "Your current password is not correct" }, status: 400 });
  }
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
  if (!(await passwordOk(user, parsed.data.currentPassword))) {
    return render(deps, c, user, { form: "delete", errors: { currentPassword: "Your current password is not correct" }, status: 400 });
  }
  endSession(deps, asAppContext(c));
  deleteAccount(deps.db, user.id);
  log.info("account deleted", { userId: user.id });
  return c.redirect("/?deleted=1", 303);
}

export function accountRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/account" });
  return new Hono<AppEnv>()
    .get("/account", customer, (c) => showAccount(deps, c))
    .post("/account/profile", customer, (c) => submitProfile(deps, c))
    .post("/account/password", customer, (c) => submitPassword(deps, c))
    .post("/account/delete", customer, (c) => submitDeleteAccount(deps, c));
}
