/**
 * A visitor comes back from Google (GET /api/auth/google/callback) with a profile the handler has
 * fetched: the account linked to it, or the one with its address (linked now), or a new one with
 * the address already confirmed. Only Google's explicit "verified" proves the address. No limit of
 * its own: each attempt needs a fresh round trip through Google. The handler starts the session.
 */
import type { User } from "../db/schema";
import { createUser, findOrLinkGoogleUser } from "../db/users.server";
import { HttpError } from "../server/errors";
import type { ActionDeps } from "./action";

/** What Google told us of the person signing in. */
export type GoogleProfile = { sub: string; email: string; emailVerified: unknown; givenName?: string; familyName?: string; picture?: string };

/**
 * The account `profile` signs in to (`referralCode` from a referral link, for a new one); throws
 * 403 `email_unverified` when Google has not confirmed the address, 403 `suspended`, or 409 when
 * no account could be made.
 */
export function signInWithGoogle(deps: Pick<ActionDeps, "db">, profile: GoogleProfile, referralCode: string | null): User {
  // A missing claim proves nothing.
  if (profile.emailVerified !== true) throw new HttpError(403, "email_unverified", "e-mail not verified");
  const user =
    findOrLinkGoogleUser(deps.db, profile.sub, profile.email) ??
    createUser(deps.db, {
      email: profile.email,
      googleId: profile.sub,
      firstName: profile.givenName ?? null,
      lastName: profile.familyName ?? null,
      profileImageUrl: profile.picture ?? null,
      referralCode,
      emailVerifiedAt: new Date(),
    });
  if (!user) throw new HttpError(409, "not_created", "account could not be created");
  if (user.suspendedAt) throw new HttpError(403, "suspended", "suspended");
  return user;
}
