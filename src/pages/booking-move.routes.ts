/**
 * GET and POST /bookings/:id/move: the customer moves their own booking to another free time with
 * a plain form (the same action, limit and e-mails as POST /api/bookings/{id}/reschedule). The day
 * is chosen by address (`?date=`), so the times on the page are always the chosen day's; each time
 * carries its own day, and a time sent with another day is refused (decision 065).
 */
import { type Context, Hono } from "hono";
import { moveBooking } from "../actions/move-booking.server";
import { bookingPagePath } from "../domain/booking";
import { formatDate } from "../domain/format";
import { isIsoDate } from "../domain/timezone";
import { ownBookingMove } from "../reads/bookings.server";
import { moveFormChoice, moveFormSchema, rescheduleMessages } from "../shared/booking-reschedule";
import { z } from "../shared/zod-mini";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { type BookingMoveState, bookingMovePage } from "./booking-move";
import { notFoundPage } from "./not-found";

function render(
  deps: AppDeps,
  c: Context<CustomerEnv>,
  extra: { chosenDate?: string; chosenTime?: string; error?: string; status?: BookingMoveState["status"]; headers?: Record<string, string> } = {},
) {
  const move = ownBookingMove(deps, c.req.param("id") ?? "", c.get("user").id);
  if (!move) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  // A refusal's Retry-After, as the JSON twin sends it.
  setErrorHeaders(c, extra);
  const asked = extra.chosenDate ?? c.req.query("date") ?? "";
  const chosenDate = move.days.some((d) => d.date === asked) ? asked : (move.days[0]?.date ?? null);
  return servePage(deps, c, (site) =>
    bookingMovePage(site, {
      ...move,
      chosenDate,
      chosenTime: extra.chosenTime,
      error: extra.error,
      status: extra.status,
    }),
  );
}

async function submitMove(deps: AppDeps, c: Context<CustomerEnv>) {
  const form = await readForm(c, 200);
  const parsed = z.safeParse(moveFormSchema, form);
  const date = isIsoDate(form.appointmentDate ?? "") ? form.appointmentDate : undefined;
  if (!parsed.success) return render(deps, c, { chosenDate: date, error: "Please choose one of the free times below.", status: 400 });
  const choice = moveFormChoice(parsed.data);
  // Only a time of the day the page showed moves the booking: never a day the customer did not see the times of.
  if (!choice) return render(deps, c, { chosenDate: date, error: rescheduleMessages.otherDay(formatDate(parsed.data.appointmentDate, "long")), status: 400 });
  let moved: ReturnType<typeof moveBooking>;
  try {
    moved = moveBooking(deps, c.get("user"), c.req.param("id") ?? "", choice);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
    return render(deps, c, {
      chosenDate: date,
      chosenTime: choice.appointmentTime,
      error: error.message,
      status: error.status as 400 | 409 | 429,
      headers: error.headers,
    });
  }
  // The booking's own page names its new date and time (bookingNotice in booking.routes.ts).
  return c.redirect(moved.reference ? `${bookingPagePath(moved.reference)}?notice=moved` : "/dashboard?notice=moved", 303);
}

export function bookingMoveRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/dashboard" });
  return new Hono<AppEnv>().get("/bookings/:id/move", customer, (c) => render(deps, c)).post("/bookings/:id/move", customer, (c) => submitMove(deps, c));
}
