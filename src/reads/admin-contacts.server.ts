/**
 * What the owner sees of the enquiries inbox: a page in inbox order, what the dashboard counts, and
 * every match as a CSV with its instants in the business's time zone. Opening one enquiry marks it
 * read, so that is an action (`openEnquiryByAdmin`), not a read.
 */
import { allAdminContacts, contactsSummary, listAdminContacts } from "../db/admin-contacts.server";
import { getSettings } from "../db/settings.server";
import { isoWithOffset } from "../domain/timezone";
import { type CsvColumn, datedCsvName } from "../server/csv";
import {
  type AdminContact,
  type AdminContactList,
  type AdminContactsQuery,
  type AdminContactsSummary,
  contactUrgencyLabels,
  type ContactUrgency,
} from "../shared/admin-contacts";
import type { ReadDeps } from "./read";

/** The enquiries CSV: its file name (the day it was made), its columns and its rows. */
export type AdminContactsCsv = { filename: string; columns: CsvColumn<AdminContact>[]; rows: AdminContact[] };

/** An instant of the enquiry in the business's time, or empty when it has not happened. */
const at = (iso: string | null, timeZone: string) => (iso ? isoWithOffset(new Date(iso), timeZone) : "");

const csvColumns = (timeZone: string): CsvColumn<AdminContact>[] => [
  { header: "Received", value: (c) => at(c.createdAt, timeZone) },
  { header: "Name", value: (c) => c.name },
  { header: "E-mail", value: (c) => c.email },
  { header: "Phone", value: (c) => c.phone },
  { header: "Service", value: (c) => c.serviceLabel },
  { header: "Urgency", value: (c) => contactUrgencyLabels[c.urgency as ContactUrgency] ?? c.urgency },
  { header: "Read", value: (c) => at(c.readAt, timeZone) },
  { header: "Handled", value: (c) => at(c.handledAt, timeZone) },
  { header: "Message", value: (c) => c.message },
];

/** One page of enquiries matching `query`, in inbox order, with the total. */
export function adminContactsPage(deps: ReadDeps, query: AdminContactsQuery): AdminContactList {
  return listAdminContacts(deps.db, query);
}

/** Every enquiry matching `query` (every page), with its instants in the business's time zone. */
export function adminContactsCsv(deps: ReadDeps, query: AdminContactsQuery, now = new Date()): AdminContactsCsv {
  return { filename: datedCsvName("enquiries", now), columns: csvColumns(getSettings(deps.db).timezone), rows: allAdminContacts(deps.db, query) };
}

/** What the dashboard shows: how many enquiries wait to be handled, and how many of those are emergencies. */
export function adminContactsSummary(deps: ReadDeps): AdminContactsSummary {
  return contactsSummary(deps.db);
}
