/**
 * An admin adds a case note to a record of the back office (POST /api/admin/notes/{list}/{key}):
 * the note and its audit entry in one transaction (`addCaseNote`). Notes are read by no customer
 * page, e-mail or CSV (decision 041).
 */
import type { AuditActor } from "../db/audit.server";
import { addCaseNote } from "../db/case-notes.server";
import { notFound } from "../server/errors";
import { type CaseNote, type CaseNoteList, caseNoteRecordNames } from "../shared/admin-notes";
import type { ActionDeps } from "./action";

/** The 404 of a key that names no record of the list. */
export const unknownRecord = (list: CaseNoteList) => notFound(`There is no such ${caseNoteRecordNames[list]}.`);

/** Adds `admin`'s note `body` to record `key` of `list` (the key as stored); answers the note, or throws 404. */
export function addCaseNoteByAdmin(deps: ActionDeps, admin: AuditActor, list: CaseNoteList, key: string, body: string, now = new Date()): CaseNote {
  const note = addCaseNote(deps.db, list, key, body, admin, now);
  if (!note) throw unknownRecord(list);
  return note;
}
