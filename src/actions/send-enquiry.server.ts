/**
 * A visitor sends the business an enquiry, by the form island's POST /api/contacts or the plain
 * form's POST /contact: both spend one budget per connection. The enquiry is recorded and, for an
 * emergency or while the owner asked for it (`alertNewEnquiries`), the business's notice queued in
 * the same transaction. Nothing is mailed to the visitor: their address is not proven.
 */
import { recordContactEnquiry } from "../db/contacts.server";
import { listPricing } from "../db/pricing.server";
import { getSettings } from "../db/settings.server";
import { contactServiceOptions } from "../domain/contact";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail } from "../mail/outbox.server";
import { contactNotice, contactNotification } from "../mail/templates/contact";
import type { ContactInput } from "../shared/contact";
import { log } from "../server/log.server";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** Five enquiries a minute per connection (the `contact` limiter), the island and the plain form together. */
export const contactLimit: ActionLimit = {
  limiter: (limits) => limits.contact,
  key: (ip) => ip,
  message: "Too many messages sent from your connection. Please wait a minute and try again.",
};

/**
 * Records the enquiry from the visitor at `ip`, unless the honeypot says it is a bot (then nothing
 * is written and the visitor is answered as if it was). Throws 429 past the limit.
 */
export function sendEnquiry(deps: ActionDeps, ip: string, input: ContactInput, honeypot: string | undefined): void {
  spendLimit(deps, contactLimit, ip);
  if (honeypot) {
    log.info("contact form honeypot filled; enquiry dropped");
    return;
  }
  const contact = recordContactEnquiry(deps.db, input, (recorded) => {
    const settings = getSettings(deps.db);
    // An emergency is always e-mailed at once; any other enquiry when the owner asked for it.
    if (recorded.urgency !== "emergency" && !settings.alertNewEnquiries) return;
    const ctx = mailContextFrom(settings, deps);
    const serviceLabel = contactServiceOptions(listPricing(deps.db), ctx.currency).find((o) => o.value === recorded.service)?.label ?? recorded.service;
    enqueueMail(
      deps.db,
      contactNotification(contactNotice(recorded), { serviceLabel, businessEmail: ctx.businessEmail, origin: ctx.origin, timeZone: ctx.timeZone }),
    );
  });
  deps.outbox.kick();
  log.info("contact enquiry received", { contactId: contact.id, urgency: contact.urgency });
}
