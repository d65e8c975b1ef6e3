/**
 * A visitor creates an account (POST /signup). A new address gets its account and the link that
 * confirms it, in one transaction; an address that already has an account gets a notice instead.
 * The visitor is answered the same either way and is not signed in, so nobody learns from the
 * answer who has an account (decision 025).
 */
import { createUser, findUserByEmail } from "../db/users.server";
import { hashPassword } from "../server/auth/crypto.server";
import { log } from "../server/log.server";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";
import { queueEmailVerification, tellAccountHolderOfSignUp } from "./account-mail.server";

/** Ten accounts an hour per connection (the `signUp` limiter). */
export const signUpLimit: ActionLimit = {
  limiter: (limits) => limits.signUp,
  key: (ip) => ip,
  message: "Too many accounts created from your connection. Please try again later.",
};

/** What a sign-up gives: the checked fields, and the referral code already normalised (or none). */
export type SignUpRequest = { email: string; password: string; firstName: string; lastName: string; referralCode: string | null };

/** Signs up `request` from the visitor at `ip`; throws 429 past the limit, else answers nothing either way. */
export async function signUp(deps: ActionDeps, ip: string, request: SignUpRequest): Promise<void> {
  spendLimit(deps, signUpLimit, ip);
  // Hashed whether or not the address is new, so the time taken does not tell either.
  const passwordHash = await hashPassword(request.password);
  const user = createUser(deps.db, { ...request, passwordHash }, (created) => queueEmailVerification(deps, created));
  if (user) log.info("account created", { userId: user.id, referred: Boolean(user.referredBy) });
  else {
    const holder = findUserByEmail(deps.db, request.email);
    if (holder) tellAccountHolderOfSignUp(deps, holder);
  }
  deps.outbox.kick();
}
