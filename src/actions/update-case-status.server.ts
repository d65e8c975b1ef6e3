/**
 * The business moves a case room's timeline on (POST /api/admin/cases/{ref}/updates): scheduled,
 * in progress, report ready, closed, each with an optional note for the client and, when asked,
 * the content-free notice to the client. Closing starts the time the files are kept; reopening
 * stops it, unless they were already deleted (409). Audited without the note's words.
 */
import type { AuditActor } from "../db/audit.server";
import { addCaseUpdate, markCaseUpdateNotified } from "../db/case-rooms.server";
import { notifyCaseRoom } from "../mail/case-room-mail.server";
import { log } from "../server/log.server";
import type { CaseUpdateInput } from "../shared/case-room";
import type { ActionDeps } from "./action";
import { caseWriteRefusal } from "./post-case-message.server";

/** `admin` sets the room reached by `reference` to `input.status`; answers the update's id, or throws 404 / 409 `files_deleted`. */
export function updateCaseStatusByAdmin(deps: ActionDeps, admin: AuditActor, reference: string, input: CaseUpdateInput, now = new Date()): { id: number } {
  const result = addCaseUpdate(
    deps.db,
    reference,
    { status: input.status, note: input.note ?? null, notify: input.notify },
    admin,
    ({ id, caseRoomId }) => {
      // `notified` says a notice went: none does while the client has not opened the room since the last one.
      if (input.notify && notifyCaseRoom(deps.db, caseRoomId, "client", now)) markCaseUpdateNotified(deps.db, id);
    },
    now,
  );
  if (!result.ok) throw caseWriteRefusal(result.reason);
  deps.outbox.kick();
  log.info("case status updated", { caseRoomId: result.value.caseRoomId, status: input.status });
  return { id: result.value.id };
}
