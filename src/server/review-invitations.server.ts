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
import { openLinkToken, sealLinkToken } from "./mail-links.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";
import type { SecretBox } from "./secret-box.server";

/** The path of the page that turns a customer's review invitations off. */
export const reviewInvitesUnsubscribePath = "/unsubscribe/review-invitations";

/** The unsubscribe token of the customer `userId`. */
export function reviewInvitesToken(secrets: SecretBox, userId: string): string {
  return sealLinkToken(secrets, "review-invitations", userId);
}

/** The customer an unsubscribe token names, or null when it is not one of ours (altered, another key, another purpose). */
export function userOfReviewInvitesToken(secrets: SecretBox, token: string): string | null {
  return openLinkToken(secrets, "review-invitations", token);
}

/** The unsubscribe link of the customer `userId`. */
export function reviewInvitesUnsubscribeUrl(deps: Pick<AppDeps, "env" | "secrets">, userId: string): string {
  return `${siteOrigin(deps)}${reviewInvitesUnsubscribePath}?token=${encodeURIComponent(reviewInvitesToken(deps.secrets, userId))}`;
}

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
