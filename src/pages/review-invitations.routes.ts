/** GET and POST /unsubscribe/review-invitations?token= (the link in a review invitation): no sign-in needed. */
import { unsubscribeReviewInvitations } from "../actions/unsubscribe-review-invitations.server";
import type { AppDeps } from "../server/deps";
import { reviewInvitesUnsubscribePath, userOfReviewInvitesToken } from "../server/review-invitations.server";
import type { OptOut } from "./opt-out";
import { optOutRoutes } from "./opt-out.routes";

const reviewInvitations: OptOut = {
  path: reviewInvitesUnsubscribePath,
  name: "Review invitations",
  description: "Stop the e-mails that ask you to review what you bought.",
  explanation:
    "A few days after an order arrives, we e-mail once to ask how you like what you bought. Stop these e-mails? Your account and your other e-mails (orders, bookings) stay as they are.",
};

export function reviewInvitationRoutes(deps: AppDeps) {
  return optOutRoutes(deps, reviewInvitations, { userOf: userOfReviewInvitesToken, stop: unsubscribeReviewInvitations });
}
