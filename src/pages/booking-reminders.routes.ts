/** GET and POST /unsubscribe/booking-reminders?token= (the link in a booking reminder): no sign-in needed. */
import { type Context, Hono } from "hono";
import { unsubscribeBookingReminders } from "../actions/unsubscribe-booking-reminders.server";
import { bookingRemindersUnsubscribePath, userOfBookingRemindersToken } from "../server/booking-reminders.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { readForm } from "../server/form";
import { servePage } from "../server/render-page";
import { type BookingRemindersPageState, bookingRemindersUnsubscribePage } from "./booking-reminders";

function render(deps: AppDeps, c: Context<AppEnv>, state: BookingRemindersPageState) {
  return servePage(deps, c, (site) => bookingRemindersUnsubscribePage(site, state));
}

export function bookingReminderRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(bookingRemindersUnsubscribePath, (c) => {
      const token = c.req.query("token") ?? "";
      return render(deps, c, userOfBookingRemindersToken(deps.secrets, token) ? { outcome: "ask", token } : { outcome: "invalid" });
    })
    .post(bookingRemindersUnsubscribePath, async (c) => {
      const form = await readForm(c, 1000);
      const token = typeof form.token === "string" ? form.token : "";
      // A customer whose account is gone gets no reminders either: the answer is the same.
      return render(deps, c, { outcome: unsubscribeBookingReminders(deps, token) ? "done" : "invalid" });
    });
}
