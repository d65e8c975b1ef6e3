/**
 * An admin deletes one of their own case notes (DELETE /api/admin/notes/{id}), audited in one
 * transaction (`deleteCaseNote`); another admin's note is theirs to delete, not this admin's.
 */
import type { AuditActor } from "../db/audit.server";
import { deleteCaseNote } from "../db/case-notes.server";
import { HttpError, notFound } from "../server/errors";
import type { ActionDeps } from "./action";

/** Deletes note `noteId` when `admin` wrote it; throws 404 for no such note, 403 `not_yours` for another admin's. */
export function deleteCaseNoteByAdmin(deps: ActionDeps, admin: AuditActor, noteId: number, now = new Date()): void {
  const result = deleteCaseNote(deps.db, noteId, admin, now);
  if (result.ok) return;
  if (result.reason === "not_found") throw notFound("There is no such note. It may have been deleted.");
  throw new HttpError(403, "not_yours", "Only the admin who wrote a note can delete it.");
}
