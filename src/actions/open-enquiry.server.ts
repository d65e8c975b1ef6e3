/**
 * The business opens an enquiry (GET /api/admin/contacts/{id}): the first opening marks it read,
 * audited (kind enquiries, `enquiry.read`) in one transaction (`openAdminContact`); a later one
 * changes and records nothing. No e-mail.
 */
import { openAdminContact } from "../db/admin-contacts.server";
import type { AuditActor } from "../db/audit.server";
import { notFound } from "../server/errors";
import type { AdminContact } from "../shared/admin-contacts";
import type { ActionDeps } from "./action";

/** The 404 of an id that names no enquiry (or one since deleted). */
export const unknownEnquiry = () => notFound("There is no such enquiry. It may have been deleted.");

/** Opens enquiry `contactId` for `admin`, marking it read the first time; answers it, or throws 404. */
export function openEnquiryByAdmin(deps: ActionDeps, admin: AuditActor, contactId: string, now = new Date()): AdminContact {
  const contact = openAdminContact(deps.db, contactId, admin, now);
  if (!contact) throw unknownEnquiry();
  return contact;
}
