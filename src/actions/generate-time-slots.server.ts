/**
 * The owner makes the missing time slots of a range of days from the business hours
 * (POST /api/admin/timeslots/generate), when the site's own window (decision 029) is not enough:
 * the range checked by the slots' rule (`slotRangeProblem`), the slots and their audit entry in one
 * transaction (`generateSlotsByAdmin`).
 */
import { generateSlotsByAdmin } from "../db/admin-bookings.server";
import type { AuditActor } from "../db/audit.server";
import { getSettings } from "../db/settings.server";
import { businessToday, slotRangeProblem } from "../domain/slots";
import { badRequest } from "../server/errors";
import type { ActionDeps } from "./action";

/** Today in the business's time zone. */
export function slotsToday(deps: Pick<ActionDeps, "db">, now = new Date()): string {
  return businessToday(now, getSettings(deps.db).timezone);
}

/** Throws the 400 of a range of days the slots' rule refuses, naming the field; `future` for a range slots are made in. */
export function checkSlotRange(today: string, from: string, to: string, kind: { future: boolean }): void {
  const problem = slotRangeProblem(from, to, today, kind);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.fieldMessage });
}

/** Makes the missing slots from `from` to `to` for `admin`; answers how many were made, or throws 400 for a refused range. */
export function generateTimeSlotsByAdmin(deps: ActionDeps, admin: AuditActor, from: string, to: string, now = new Date()): number {
  checkSlotRange(slotsToday(deps, now), from, to, { future: true });
  const settings = getSettings(deps.db);
  return generateSlotsByAdmin(deps.db, admin, from, to, settings.businessHours, settings.timezone);
}
