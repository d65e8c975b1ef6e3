/**
 * `POST /api/bookings/{id}/reschedule` and the move page's form: the new date and time, one schema
 * for the page's form and the server. zod/mini, like the booking form.
 */
import { timeOnOtherDay } from "./booking-form";
import { z } from "./zod-mini";

const isoDate = z.string("Choose a new date").check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a new date"));

export const rescheduleSchema = z.object({
  appointmentDate: isoDate,
  appointmentTime: z.string("Choose a new time").check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose a new time")),
});
export type RescheduleInput = z.infer<typeof rescheduleSchema>;

/**
 * The move page's plain form: the day whose times the page showed, and the time picked among them
 * (with its own day). The two must name the same day (`moveFormChoice`).
 */
export const moveFormSchema = z.object({
  appointmentDate: isoDate,
  slot: z.string("Choose a new time").check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, "Choose a new time")),
});
export type MoveFormInput = z.infer<typeof moveFormSchema>;

/** The move the form asks for, or null when its time is on another day than the day it showed. */
export function moveFormChoice(form: MoveFormInput): RescheduleInput | null {
  const [date = "", time = ""] = form.slot.split("T");
  return date === form.appointmentDate ? { appointmentDate: date, appointmentTime: time } : null;
}

/** What the customer is told about a move, by outcome (the API's messages and the page's notices). */
export const rescheduleMessages = {
  moved: "Your booking was moved to its new time. We have e-mailed you the updated calendar invitation.",
  /** After a move, naming where the booking now is ("Thursday 3 December 2026 at 11:00 am"). */
  movedTo: (when: string) => `Your booking was moved to ${when}. We have e-mailed you the updated calendar invitation.`,
  /** A time sent with another day than the one whose times were shown (a page left open, or altered). */
  otherDay: timeOnOtherDay,
  taken: "That time is no longer available. Please pick another time.",
  sameTime: "Your booking is already at this time. Pick a different time to move it.",
  notFound: "No booking of yours has this id.",
  cutoff: (hours: number) =>
    `Bookings can be moved online until ${hours} hour${hours === 1 ? "" : "s"} before the appointment. Please call or e-mail us to change this one.`,
  notMovable: (status: string) => `This booking is ${status}, so it can no longer be moved.`,
} as const;
