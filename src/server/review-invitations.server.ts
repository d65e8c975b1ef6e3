/**
 * The review invitations' job: every so often it invites the customers of orders delivered
 * `reviewInviteDays` days ago (the setting; 0 sends none) to review what they bought, through the
 * outbox, one e-mail per order (db/review-invitations.server.ts says which orders and how each is
 * claimed once). Each e-mail carries a link that turns the invitations off without signing in: a
 * token sealed for this purpose (mail-links.server.ts), naming the customer, that nobody can forge.
 */
import { claimReviewInvitation, dueReviewInvitations } from "../db/review-invitations.server";
import { getSettings } from "../db/settings.server";
import { reviewInvitationMail } from "../mail/templates/review-mail";
import type { AppDeps } from "./deps";
import { siteOrigin } from "./origin";
import { optOutLink } from "./mail-links.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

/** The link in each e-mail that turns a customer's review invitations off, and its page. */
const optOut = optOutLink("review-invitations", "/unsubscribe/review-invitations");
export const reviewInvitesUnsubscribePath = optOut.path;
export const reviewInvitesToken = optOut.token;
export const userOfReviewInvitesToken = optOut.userOf;
export const reviewInvitesUnsubscribeUrl = optOut.url;

/** Invites the orders due at `now`; answers how many e-mails were queued. */
export function sendReviewInvitations(deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">, now = new Date()): number {
  const { reviewInviteDays: days, businessName } = getSettings(deps.db);
  const origin = siteOrigin(deps);
  let queued = 0;
  for (const orderId of dueReviewInvitations(deps.db, days, now)) {
    const result = claimReviewInvitation(
      deps.db,
      orderId,
      days,
      (facts) => reviewInvitationMail({ ...facts, businessName, origin, unsubscribeUrl: reviewInvitesUnsubscribeUrl(deps, facts.userId) }),
      now,
    );
    if (result === "queued") queued++;
  }
  if (queued > 0) deps.outbox.kick();
  return queued;
}

const fifteenMinutesMs = 15 * 60 * 1000;

/** Runs now and then every `intervalMs`; returns a function that stops the timer. */
export function startReviewInvitations(deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">, intervalMs = fifteenMinutesMs): StopJob {
  return startRepeatingJob("review invitations", () => sendReviewInvitations(deps), intervalMs);
}
