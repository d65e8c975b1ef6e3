/**
 * A contact enquiry, whichever way it arrives (the form island's POST /api/contacts or the plain
 * form's POST /contact): recorded with its e-mail to the business, then the outbox is woken.
 */
import { recordContactEnquiry } from "../db/contacts.server";
import { mailContext } from "../mail/context.server";
import type { ContactInput } from "../shared/contact";
import type { AppDeps } from "./deps";
import { log } from "./log.server";

/** What both contact routes answer when one address sends too many enquiries. */
export const contactRateLimitMessage = "Too many messages sent from your connection. Please wait a minute and try again.";

/** Stores an enquiry and notifies the business, unless the honeypot says it is a bot. */
export function submitEnquiry(deps: AppDeps, input: ContactInput, honeypot: string | undefined) {
  if (honeypot) {
    log.info("contact form honeypot filled; enquiry dropped");
    return;
  }
  const mail = mailContext(deps);
  const contact = recordContactEnquiry(deps.db, input, mail.businessEmail, mail.origin);
  deps.outbox.kick();
  log.info("contact enquiry received", { contactId: contact.id, urgency: contact.urgency });
}
