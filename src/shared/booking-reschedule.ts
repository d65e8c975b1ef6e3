/**
 * `POST /api/bookings/{id}/reschedule` and the dashboard's "Move booking" form: the new date and
 * time, one schema for the page's form and the server. zod/mini, like the booking form.
 */
import { z } from "./zod-mini";

export const rescheduleSchema = z.object({
  appointmentDate: z.string("Choose a new date").check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a new date")),
  appointmentTime: z.string("Choose a new time").check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose a new time")),
});
export type RescheduleInput = z.infer<typeof rescheduleSchema>;

/** What the customer is told about a move, by outcome (the API's messages and the page's notices). */
export const rescheduleMessages = {
  moved: "Your booking was moved to its new time. We have e-mailed you the updated calendar invitation.",
  taken: "That time is no longer available. Please pick another time.",
  sameTime: "Your booking is already at this time. Pick a different time to move it.",
  notFound: "No booking of yours has this id.",
  cutoff: (hours: number) =>
    `Bookings can be moved online until ${hours} hour${hours === 1 ? "" : "s"} before the appointment. Please call or e-mail us to change this one.`,
  notMovable: (status: string) => `This booking is ${status}, so it can no longer be moved.`,
} as const;
