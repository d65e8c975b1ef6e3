/**
 * GET and POST /bookings/:id/move: the customer moves their own booking to another free time with
 * a plain form (the same action, limit and e-mails as POST /api/bookings/{id}/reschedule).
 */
import { type Context, Hono } from "hono";
import { moveBooking } from "../actions/move-booking.server";
import { findOwnBooking } from "../db/bookings.server";
import { getSettings } from "../db/settings.server";
import { freeSlots } from "../db/timeslots.server";
import { beforeMoveDeadline, customerMayMove, moveDeadline } from "../domain/booking";
import { businessToday } from "../domain/slots";
import { addDays, isIsoDate } from "../domain/timezone";
import { rescheduleMessages, rescheduleSchema } from "../shared/booking-reschedule";
import { z } from "../shared/zod-mini";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { type BookingMoveState, bookingMovePage, type MoveDay } from "./booking-move";
import { notFoundPage } from "./not-found";

/** The days from today to 30 days on with free times, leaving out the booking's own time. */
function daysWithFreeTimes(deps: AppDeps, current: { appointmentDate: string; appointmentTime: string }, now: Date, timeZone: string): MoveDay[] {
  const today = businessToday(now, timeZone);
  const days: MoveDay[] = [];
  for (let i = 0; i <= 30; i++) {
    const date = addDays(today, i);
    const times = freeSlots(deps.db, date, now, timeZone)
      .map((s) => s.time)
      .filter((t) => !(date === current.appointmentDate && t === current.appointmentTime));
    if (times.length > 0) days.push({ date, times });
  }
  return days;
}

function render(
  deps: AppDeps,
  c: Context<CustomerEnv>,
  extra: { chosenDate?: string; chosenTime?: string; error?: string; status?: BookingMoveState["status"]; headers?: Record<string, string> } = {},
) {
  const booking = findOwnBooking(deps.db, c.req.param("id") ?? "", c.get("user").id);
  if (!booking) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  // A refusal's Retry-After, as the JSON twin sends it.
  setErrorHeaders(c, extra);
  const settings = getSettings(deps.db);
  const now = new Date();
  const hours = settings.rescheduleCutoffHours;
  const movable = customerMayMove(booking.status);
  const inTime = movable && beforeMoveDeadline(booking, now, settings.timezone, hours);
  const blocked = !movable ? rescheduleMessages.notMovable(booking.status) : !inTime ? rescheduleMessages.cutoff(hours) : null;
  const days = blocked ? [] : daysWithFreeTimes(deps, booking, now, settings.timezone);
  const asked = extra.chosenDate ?? c.req.query("date") ?? "";
  const chosenDate = days.some((d) => d.date === asked) ? asked : (days[0]?.date ?? null);
  const deadline = inTime ? moveDeadline(booking.appointmentDate, booking.appointmentTime, settings.timezone, hours) : null;
  return servePage(deps, c, (site) =>
    bookingMovePage(site, {
      booking,
      deadline: deadline?.toISOString() ?? null,
      blocked,
      days,
      chosenDate,
      chosenTime: extra.chosenTime,
      error: extra.error,
      status: extra.status,
    }),
  );
}

async function submitMove(deps: AppDeps, c: Context<CustomerEnv>) {
  const form = await readForm(c, 200);
  const parsed = z.safeParse(rescheduleSchema, form);
  const date = isIsoDate(form.appointmentDate ?? "") ? form.appointmentDate : undefined;
  if (!parsed.success) return render(deps, c, { chosenDate: date, error: "Please choose one of the free times below.", status: 400 });
  try {
    moveBooking(deps, c.get("user"), c.req.param("id") ?? "", parsed.data);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
    return render(deps, c, { chosenDate: date, error: error.message, status: error.status as 400 | 409 | 429, headers: error.headers });
  }
  return c.redirect("/dashboard?notice=moved", 303);
}

export function bookingMoveRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/dashboard" });
  return new Hono<AppEnv>().get("/bookings/:id/move", customer, (c) => render(deps, c)).post("/bookings/:id/move", customer, (c) => submitMove(deps, c));
}
