/** GET and POST /unsubscribe/booking-reminders?token= (the link in a booking reminder): no sign-in needed. */
import { unsubscribeBookingReminders } from "../actions/unsubscribe-booking-reminders.server";
import { bookingRemindersUnsubscribePath, userOfBookingRemindersToken } from "../server/booking-reminders.server";
import type { AppDeps } from "../server/deps";
import type { OptOut } from "./opt-out";
import { optOutRoutes } from "./opt-out.routes";

const bookingReminders: OptOut = {
  path: bookingRemindersUnsubscribePath,
  name: "Booking reminders",
  description: "Stop the e-mails that remind you of your appointments.",
  explanation:
    "Before each confirmed appointment, we e-mail you once to remind you of it. Stop these reminders? Your bookings and the other e-mails about them (confirmations, changes) stay as they are.",
};

export function bookingReminderRoutes(deps: AppDeps) {
  return optOutRoutes(deps, bookingReminders, { userOf: userOfBookingRemindersToken, stop: unsubscribeBookingReminders });
}
