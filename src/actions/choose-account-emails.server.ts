/**
 * A customer chooses which e-mails they want (POST /account/emails): the invitations to review what
 * they bought and the reminders before their bookings. No limit: it sends nothing and sets two columns.
 */
import { type EmailChoices, setEmailChoices } from "../db/users.server";
import type { ActionDeps } from "./action";

/** Turns `userId`'s review invitations and booking reminders on or off. */
export function chooseAccountEmails(deps: Pick<ActionDeps, "db">, userId: string, choices: EmailChoices): void {
  setEmailChoices(deps.db, userId, choices);
}
