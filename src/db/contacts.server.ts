/** Contact enquiries: stored, and the business notified through the outbox, in one transaction. */
import { contactServiceOptions } from "../domain/contact";
import { contactNotice, contactNotification } from "../mail/templates/contact";
import { enqueueMail } from "../mail/outbox.server";
import type { ContactInput } from "../shared/contact";
import { immediate, type Db } from "./client.server";
import { listPricing } from "./pricing.server";
import { getSettings } from "./settings.server";
import { contacts, type Contact } from "./schema";

/**
 * Records an enquiry and queues the business's e-mail (its links start with `origin`); both or
 * neither are written. The e-mail goes for every emergency, and for other enquiries while the
 * `alertNewEnquiries` setting is on.
 */
export function recordContactEnquiry(db: Db, input: ContactInput, businessEmail: string, origin: string): Contact {
  const settings = getSettings(db);
  const options = contactServiceOptions(listPricing(db), settings.currency);
  const serviceLabel = options.find((o) => o.value === input.service)?.label ?? input.service;
  return immediate(db, () => {
    const contact = db
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        service: input.service,
        message: input.message,
        urgency: input.urgency,
      })
      .returning()
      .get();
    // An emergency is always e-mailed at once; any other enquiry when the owner asked for it.
    if (contact.urgency === "emergency" || getSettings(db).alertNewEnquiries)
      enqueueMail(db, contactNotification(contactNotice(contact), { serviceLabel, businessEmail, origin, timeZone: settings.timezone }));
    return contact;
  });
}
