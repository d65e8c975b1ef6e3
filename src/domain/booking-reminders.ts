/**
 * When a confirmed booking's reminder is due: once its start (the appointment's wall-clock time in
 * the business timezone) is no more than `hours` away and still ahead, unless the customer was
 * already reminded of that very start. A booking moved to another start is due again at its new
 * time; 0 hours sends no reminders.
 */
import { addDays, localDate, zonedToInstant } from "./timezone";

const hourMs = 60 * 60 * 1000;

/** The dates, in the business timezone, a booking due a reminder at `now` falls on: today up to the day `hours` from now. */
export function reminderDates(now: Date, hours: number, timeZone: string): { from: string; to: string } {
  const from = localDate(now, timeZone);
  // The day after the window's end as well, so a daylight-saving change never leaves a booking out; reminderStart decides.
  return { from, to: addDays(localDate(new Date(now.getTime() + hours * hourMs), timeZone), 1) };
}

/**
 * The start a booking's reminder is due for at `now`, or null when none is: not yet within `hours`,
 * already begun, a time that does not exist in `timeZone`, or `remindedFor` is this start already.
 */
export function reminderStart(
  booking: { appointmentDate: string; appointmentTime: string; remindedFor: Date | null },
  now: Date,
  hours: number,
  timeZone: string,
): Date | null {
  if (hours <= 0) return null;
  const start = zonedToInstant(booking.appointmentDate, booking.appointmentTime, timeZone);
  if (!start || start.getTime() <= now.getTime() || start.getTime() - now.getTime() > hours * hourMs) return null;
  return booking.remindedFor?.getTime() === start.getTime() ? null : start;
}
