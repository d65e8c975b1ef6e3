/**
 * A side opens its case room (GET /cases/{ref} for the client, GET /api/admin/cases/{ref} for the
 * business): the room is marked seen by that side, so the next thing new in it may be told again
 * by one notice (`mail/case-room-mail.server.ts`) and the portal's list stops showing it as unseen.
 * Not audited: it changes nothing anyone works with.
 */
import type { CurrentUser } from "../components/site";
import type { AuditActor } from "../db/audit.server";
import { markCaseRoomSeenBy } from "../db/case-rooms.server";
import type { ActionDeps } from "./action";

/** The signed-in `customer` opened the room of their booking `reference`; nothing when it is not theirs or has no row yet. */
export function markCaseRoomSeen(deps: ActionDeps, customer: CurrentUser, reference: string, now = new Date()): void {
  markCaseRoomSeenBy(deps.db, reference, { side: "client", userId: customer.id }, now);
}

/** `_admin` opened the room reached by `reference` for the business; answers whether there is one to open. */
export function markCaseRoomSeenByAdmin(deps: ActionDeps, _admin: AuditActor, reference: string, now = new Date()): boolean {
  return markCaseRoomSeenBy(deps.db, reference, { side: "business" }, now);
}
