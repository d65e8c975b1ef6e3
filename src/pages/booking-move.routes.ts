/**
 * GET and POST /bookings/:id/move: the customer moves their own booking to another free time with
 * a plain form (the same action, limit and e-mails as POST /api/bookings/{id}/reschedule).
 */
import { type Context, Hono } from "hono";
import { moveBooking } from "../actions/move-booking.server";
import { isIsoDate } from "../domain/timezone";
import { ownBookingMove } from "../reads/bookings.server";
import { rescheduleSchema } from "../shared/booking-reschedule";
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
