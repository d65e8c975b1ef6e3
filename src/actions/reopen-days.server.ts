/**
 * The owner opens a closed day or range of days again (POST /api/admin/timeslots/reopen, decision
 * 077), a public holiday included: its free slots are offered to customers again.
 */
import type { AuditActor } from "../db/audit.server";
import { reopenDays } from "../db/calendar-days.server";
import type { ReopenDaysResult } from "../shared/admin-calendar";
import type { ActionDeps } from "./action";
import { dayRangeText } from "./close-days.server";

/** Opens `from` to `to` for `admin`; answers the days and what to tell the owner. */
export function reopenDaysByAdmin(deps: ActionDeps, admin: AuditActor, input: { from: string; to: string }, now = new Date()): ReopenDaysResult {
  const reopened = reopenDays(deps.db, admin, input.from, input.to, now);
  const them = input.from === input.to ? "it" : "them";
  return {
    reopened,
    message: `${dayRangeText(input.from, input.to)} ${input.from === input.to ? "is" : "are"} open again: customers can book ${them} while there is room.`,
  };
}
