/**
 * The business deletes an enquiry (DELETE /api/admin/contacts/{id}): the enquiry and its case notes
 * go, and the audit entry keeps who sent it and when (kind enquiries, `enquiry.delete`), in one
 * transaction (`deleteAdminContact`). No e-mail.
 */
import { deleteAdminContact } from "../db/admin-contacts.server";
import type { AuditActor } from "../db/audit.server";
import type { ActionDeps } from "./action";
import { unknownEnquiry } from "./open-enquiry.server";

/** Deletes enquiry `contactId` for `admin`, or throws 404. */
export function deleteEnquiryByAdmin(deps: ActionDeps, admin: AuditActor, contactId: string, now = new Date()): void {
  if (!deleteAdminContact(deps.db, contactId, admin, now)) throw unknownEnquiry();
}
