/**
 * Someone follows the "stop these e-mails" link of a review invitation
 * (POST /unsubscribe/review-invitations): no sign-in, the sealed token names the customer. No
 * limit: a token cannot be forged, and turning invitations off twice changes nothing.
 */
import { setReviewInvites } from "../db/review-invitations.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import { userOfReviewInvitesToken } from "../server/review-invitations.server";
import type { ActionDeps } from "./action";

/** Turns off the invitations of the customer `token` names; false when it names nobody we know. */
export function unsubscribeReviewInvitations(deps: Pick<ActionDeps, "db"> & Pick<AppDeps, "secrets">, token: string): boolean {
  const userId = userOfReviewInvitesToken(deps.secrets, token);
  if (!userId) return false;
  if (setReviewInvites(deps.db, userId, false)) log.info("review invitations turned off", { userId });
  return true;
}
