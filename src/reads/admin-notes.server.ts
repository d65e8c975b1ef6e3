/** The case notes on a record of the back office (decision 041): read by the portal only, never by a customer's page, e-mail or CSV. */
import type { AuditActor } from "../db/audit.server";
import { caseNotesOf } from "../db/case-notes.server";
import type { CaseNote, CaseNoteList } from "../shared/admin-notes";
import type { ReadDeps } from "./read";

/** The notes on record `key` of `list`, newest first, each marked `mine` when `viewer` wrote it; null when there is no such record. */
export function caseNotesOfRecord(deps: ReadDeps, list: CaseNoteList, key: string, viewer: AuditActor): CaseNote[] | null {
  return caseNotesOf(deps.db, list, key, viewer);
}
