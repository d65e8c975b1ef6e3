/**
 * A message in a case room's thread (decision 079), from the client (POST /api/cases/{ref}/messages
 * and the room's plain form) or the business (POST /api/admin/cases/{ref}/messages). The other side
 * is told by a notice that carries nothing of the message (`notifyCaseRoom`), queued in the same
 * transaction; the business's message is audited without its words.
 */
import type { CurrentUser } from "../components/site";
import type { AuditActor } from "../db/audit.server";
import { addCaseMessage, type CaseWriteResult } from "../db/case-rooms.server";
import { notifyCaseRoom } from "../mail/case-room-mail.server";
import { HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { type CaseMessageInput, type CaseSide, caseRoomMessages } from "../shared/case-room";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** Thirty messages an hour per customer account, the JSON route and the plain form together. */
export const caseMessageLimit: ActionLimit = {
  limiter: (limits) => limits.caseMessages,
  key: (userId) => userId,
  message: "Too many messages in a short time. Please wait a while and try again.",
};

/** The 404 of a reference that reaches no room of the asker's (never a 403: nothing says whose it is). */
export const noCaseRoom = () => notFound("There is no case room here.");

/** The HTTP refusal of a write the room does not take. */
export function caseWriteRefusal(reason: Exclude<CaseWriteResult<unknown>, { ok: true }>["reason"]): HttpError {
  switch (reason) {
    case "not_found":
      return noCaseRoom();
    case "case_closed":
      return new HttpError(409, "case_closed", caseRoomMessages.roomClosed);
    case "files_deleted":
      return new HttpError(409, "files_deleted", caseRoomMessages.filesDeleted);
  }
}

const otherSide = (side: CaseSide): CaseSide => (side === "client" ? "business" : "client");

function postCaseMessage(deps: ActionDeps, reference: string, author: Parameters<typeof addCaseMessage>[2], body: string, now: Date): { id: number } {
  const result = addCaseMessage(deps.db, reference, author, body, ({ caseRoomId }) => notifyCaseRoom(deps.db, caseRoomId, otherSide(author.side), now), now);
  if (!result.ok) throw caseWriteRefusal(result.reason);
  deps.outbox.kick();
  log.info("case message written", { caseRoomId: result.value.caseRoomId, side: author.side });
  return { id: result.value.id };
}

/** The signed-in `customer` writes in the room of their booking `reference`: spends the limit first; 404 not theirs, 409 closed. */
export function postCaseMessageByClient(deps: ActionDeps, customer: CurrentUser, reference: string, input: CaseMessageInput, now = new Date()): { id: number } {
  spendLimit(deps, caseMessageLimit, customer.id);
  return postCaseMessage(deps, reference, { side: "client", userId: customer.id }, input.body, now);
}

/** `admin` writes for the business in the room reached by `reference` (closed or not); 404 when no booking has it. */
export function postCaseMessageByAdmin(deps: ActionDeps, admin: AuditActor, reference: string, input: CaseMessageInput, now = new Date()): { id: number } {
  return postCaseMessage(deps, reference, { side: "business", actor: admin }, input.body, now);
}
