/**
 * What the owner sees of the enquiries inbox: a page in inbox order and what the dashboard counts
 * (the inbox's export is admin-contacts-export.server.ts). Opening one enquiry marks it
 * read, so that is an action (`openEnquiryByAdmin`), not a read.
 */
import { contactsSummary, listAdminContacts } from "../db/admin-contacts.server";
import type { AdminContactList, AdminContactsQuery, AdminContactsSummary } from "../shared/admin-contacts";
import type { ReadDeps } from "./read";

/** One page of enquiries matching `query`, in inbox order, with the total. */
export function adminContactsPage(deps: ReadDeps, query: AdminContactsQuery): AdminContactList {
  return listAdminContacts(deps.db, query);
}

/** What the dashboard shows: how many enquiries wait to be handled, and how many of those are emergencies. */
export function adminContactsSummary(deps: ReadDeps): AdminContactsSummary {
  return contactsSummary(deps.db);
}
