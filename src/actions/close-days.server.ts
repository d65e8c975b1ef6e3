/**
 * The owner closes a day or a range of days with a reason (POST /api/admin/timeslots/close,
 * decision 077): customers are offered no time on them from then on. Bookings already on those
 * days are never cancelled here: they are kept and listed back, so the owner can call each
 * customer and move or cancel it from the list.
 */
import type { AuditActor } from "../db/audit.server";
import { closeDays } from "../db/calendar-days.server";
import { getSettings } from "../db/settings.server";
import { formatDate, formatTime } from "../domain/format";
import { businessToday } from "../domain/slots";
import { daysBetween } from "../domain/timezone";
import { badRequest } from "../server/errors";
import type { CloseDaysResult, DayBooking } from "../shared/admin-calendar";
import type { ActionDeps } from "./action";

/** "25 Dec" or "25 Dec to 2 Jan": the days as the owner chose them. */
export function dayRangeText(from: string, to: string): string {
  return from === to ? formatDate(from, "long") : `${formatDate(from, "long")} to ${formatDate(to, "long")}`;
}

/** What the owner is told: the days closed and, when bookings are on them, that they are kept and need a call. */
function closeMessage(from: string, to: string, kept: DayBooking[]): string {
  const closed = `${dayRangeText(from, to)} ${from === to ? "is" : "are"} closed: customers can no longer book ${from === to ? "it" : "them"}.`;
  if (kept.length === 0) return closed;
  const who = kept.map((b) => `${b.customerName} (${formatDate(b.date, "short")} ${formatTime(b.time)})`).join(", ");
  const them = kept.length === 1 ? "it" : "each";
  return `${closed} ${kept.length} ${kept.length === 1 ? "booking is" : "bookings are"} still on ${from === to ? "it" : "them"} and kept: ${who}. Call the customer and move or cancel ${them} from the list.`;
}

/** Closes `from` to `to` with `reason` for `admin`; throws 400 for a range starting before today. */
export function closeDaysByAdmin(deps: ActionDeps, admin: AuditActor, input: { from: string; to: string; reason: string }, now = new Date()): CloseDaysResult {
  const today = businessToday(now, getSettings(deps.db).timezone);
  if (daysBetween(today, input.from) < 0) throw badRequest("Past days cannot be closed.", { from: "Choose today or a later day" });
  const result = closeDays(deps.db, admin, input.from, input.to, input.reason, now);
  return { ...result, message: closeMessage(input.from, input.to, result.bookings) };
}
