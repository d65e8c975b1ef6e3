/**
 * The owner blocks one time slot or reopens it (PATCH /api/admin/timeslots/{id}): customers can no
 * longer book a blocked slot, and the bookings already in it are kept; the change and its audit
 * entry are one transaction (`setSlotAvailability`).
 */
import { setSlotAvailability } from "../db/admin-bookings.server";
import type { AuditActor } from "../db/audit.server";
import { notFound } from "../server/errors";
import type { AdminSlotChange } from "../shared/admin-bookings";
import type { ActionDeps } from "./action";

/** What the owner is told, so a blocked slot's bookings are not mistaken for cancelled. */
function changeMessage(available: boolean, booked: number): string {
  if (available) return "Slot reopened: customers can book it again while it has room.";
  if (booked === 0) return "Slot blocked: customers can no longer book it.";
  const them = booked === 1 ? "it" : "them";
  return `Slot blocked: customers can no longer book it. Its ${booked} ${booked === 1 ? "booking is" : "bookings are"} kept; cancel ${them} from the list if needed.`;
}

/** Blocks or reopens slot `slotId` for `admin`; answers the slot and what to tell the owner, or throws 404. */
export function setSlotAvailabilityByAdmin(deps: ActionDeps, admin: AuditActor, slotId: number, available: boolean, now = new Date()): AdminSlotChange {
  const result = setSlotAvailability(deps.db, slotId, available, admin, now);
  if (!result.ok) throw notFound("There is no such time slot.");
  return { slot: result.slot, message: changeMessage(available, result.slot.currentBookings) };
}
