/**
 * Case notes: the back office's private notes on an enquiry, a booking, an order or a customer.
 * Only admins read them (GET/POST /api/admin/notes/{list}/{key}, DELETE /api/admin/notes/{id});
 * no customer page, e-mail or CSV file ever includes them, and a customer's account deletion takes
 * the notes about them along (decision 041).
 */
import type { AdminRecordList } from "./admin-records";
import { z } from "./zod-mini";

/** The records a note can be kept on: the lists whose records have an address. */
export const caseNoteLists = ["contacts", "bookings", "orders", "users"] as const satisfies readonly AdminRecordList[];
export type CaseNoteList = (typeof caseNoteLists)[number];

/** How a record of each list is named in a sentence ("a note on this order"). */
export const caseNoteRecordNames: Record<CaseNoteList, string> = {
  contacts: "enquiry",
  bookings: "booking",
  orders: "order",
  users: "customer",
};

export const maxCaseNoteLength = 4000;

/** The body of POST /api/admin/notes/{list}/{key}. */
export const caseNoteSchema = z.object({
  body: z
    .string("Write the note")
    .check(z.trim(), z.minLength(1, "Write the note"), z.maxLength(maxCaseNoteLength, `Keep the note under ${maxCaseNoteLength + 1} characters`)),
});
export type CaseNoteInput = z.infer<typeof caseNoteSchema>;

/** One note as the portal shows it; `mine` when the viewing admin wrote it (only they may delete it). */
export type CaseNote = { id: number; adminUsername: string; body: string; createdAt: string; mine: boolean };

/** The API path of a record's notes. */
export function caseNotesPath(list: CaseNoteList, key: string): string {
  return `/api/admin/notes/${list}/${encodeURIComponent(key)}`;
}
