/**
 * The enquiries inbox as a file (decision 073): every enquiry matching the inbox's filters and
 * search, in inbox order, its instants on the business's clock and its phone as typed.
 */
import { allAdminContacts } from "../db/admin-contacts.server";
import { getSettings } from "../db/settings.server";
import type { ExportColumn, ListExport } from "../server/export-columns";
import { type AdminContact, type AdminContactsQuery, type ContactUrgency, contactUrgencyLabels } from "../shared/admin-contacts";
import type { ReadDeps } from "./read";

/** An instant of the enquiry, or nothing when it has not happened. */
const at = (iso: string | null) => (iso ? new Date(iso) : null);

const columns: ExportColumn<AdminContact>[] = [
  { header: "Received", kind: "instant", value: (c) => at(c.createdAt) },
  { header: "Name", kind: "text", value: (c) => c.name, width: 22 },
  { header: "E-mail", kind: "text", value: (c) => c.email, width: 28 },
  { header: "Phone", kind: "text", value: (c) => c.phone, width: 16 },
  { header: "Service", kind: "text", value: (c) => c.serviceLabel, width: 24 },
  { header: "Urgency", kind: "text", value: (c) => contactUrgencyLabels[c.urgency as ContactUrgency] ?? c.urgency, width: 12 },
  { header: "Read", kind: "instant", value: (c) => at(c.readAt) },
  { header: "Handled", kind: "instant", value: (c) => at(c.handledAt) },
  { header: "Message", kind: "text", value: (c) => c.message, width: 60 },
];

/** Every enquiry matching `query` (every page), in inbox order. */
export function adminContactsExport(deps: ReadDeps, query: AdminContactsQuery): ListExport<AdminContact> {
  return { list: "enquiries", sheet: "Enquiries", timeZone: getSettings(deps.db).timezone, columns, rows: allAdminContacts(deps.db, query) };
}
