/**
 * The business marks an enquiry handled or takes the mark off (POST /api/admin/contacts/{id}/handled
 * and /reopen): the change and its audit entry in one transaction (`setContactHandled`); the
 * inbox's kept counts follow by trigger. No e-mail: the enquirer is answered by the business's own mail.
 */
import { setContactHandled } from "../db/admin-contacts.server";
import type { AuditActor } from "../db/audit.server";
import { unknownEnquiry } from "./open-enquiry.server";
import type { AdminContact } from "../shared/admin-contacts";
import type { ActionDeps } from "./action";

/** Marks enquiry `contactId` handled (or not) for `admin`; answers it, or throws 404. */
export function setEnquiryHandledByAdmin(deps: ActionDeps, admin: AuditActor, contactId: string, handled: boolean, now = new Date()): AdminContact {
  const contact = setContactHandled(deps.db, contactId, handled, admin, now);
  if (!contact) throw unknownEnquiry();
  return contact;
}
