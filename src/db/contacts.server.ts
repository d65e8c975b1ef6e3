/** Contact enquiries: stored, with whatever the caller queues about them, in one transaction. */
import type { ContactInput } from "../shared/contact";
import { immediate, type Db } from "./client.server";
import { contacts, type Contact } from "./schema";

/**
 * Records an enquiry and runs `recorded` with it inside the same transaction (where the caller
 * queues the business's notice), so both or neither are written.
 */
export function recordContactEnquiry(db: Db, input: ContactInput, recorded: (contact: Contact) => void = () => {}): Contact {
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
    recorded(contact);
    return contact;
  });
}
