/**
 * Someone follows the "stop these reminders" link of a booking reminder
 * (POST /unsubscribe/booking-reminders): no sign-in, the sealed token names the customer. No
 * limit: a token cannot be forged, and turning reminders off twice changes nothing.
 */
import { setBookingReminders } from "../db/booking-reminders.server";
import { userOfBookingRemindersToken } from "../server/booking-reminders.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** Turns off the booking reminders of the customer `token` names; false when it names nobody we know. */
export function unsubscribeBookingReminders(deps: Pick<ActionDeps, "db"> & Pick<AppDeps, "secrets">, token: string): boolean {
  const userId = userOfBookingRemindersToken(deps.secrets, token);
  if (!userId) return false;
  if (setBookingReminders(deps.db, userId, false)) log.info("booking reminders turned off", { userId });
  return true;
}
