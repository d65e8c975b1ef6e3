/**
 * A customer opens the link that proves their e-mail address (GET /verify-email?token=): the account
 * is marked confirmed and every link of it used up. No limit: a token is 256 random bits, and a
 * guess writes nothing.
 */
import { verifyEmailToken } from "../db/email-verifications.server";
import type { User } from "../db/schema";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** Confirms the address the link `token` was sent to; answers the account, or null when the link is no good. */
export function confirmEmail(deps: Pick<ActionDeps, "db">, token: string): User | null {
  const user = token.length >= 20 && token.length <= 200 ? verifyEmailToken(deps.db, token) : null;
  if (user) log.info("e-mail verified", { userId: user.id });
  return user;
}
