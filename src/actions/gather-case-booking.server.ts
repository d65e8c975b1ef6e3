/**
 * The business gathers another booking of the same customer into a case room
 * (POST /api/admin/cases/{ref}/gather): when that booking had a room of its own, what it held moves
 * over and the emptied room is deleted, in one transaction, audited (decision 079).
 */
import type { AuditActor } from "../db/audit.server";
import { gatherCaseBooking } from "../db/case-rooms.server";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";
import { noCaseRoom } from "./post-case-message.server";

/** `admin` gathers the customer's booking `bookingReference` into the room reached by `reference`; 404 either unknown, 409 already there. */
export function gatherCaseBookingByAdmin(deps: ActionDeps, admin: AuditActor, reference: string, input: { bookingReference: string }, now = new Date()): void {
  const other = input.bookingReference.trim().toUpperCase();
  const result = gatherCaseBooking(deps.db, reference, other, admin, now);
  if (!result.ok) {
    if (result.reason === "not_found") throw noCaseRoom();
    if (result.reason === "already_gathered") {
      throw new HttpError(409, "already_gathered", "That booking is already in this case room.", { bookingReference: "Already in this case room" });
    }
    throw new HttpError(404, "not_found", "This customer has no booking with that reference.", {
      bookingReference: "No booking of this customer has this reference",
    });
  }
  log.info("case booking gathered", { caseRoomId: result.caseRoomId });
}
