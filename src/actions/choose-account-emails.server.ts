/**
 * A customer chooses which e-mails they want (POST /account/emails): today, the invitations to
 * review what they bought. No limit: it sends nothing and sets one column.
 */
import { setReviewInvites } from "../db/review-invitations.server";
import type { ActionDeps } from "./action";

/** Turns `userId`'s review invitations on or off. */
export function chooseAccountEmails(deps: Pick<ActionDeps, "db">, userId: string, choices: { reviewInvites: boolean }): void {
  setReviewInvites(deps.db, userId, choices.reviewInvites);
}
