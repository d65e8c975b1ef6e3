/**
 * GET /booking (publicly cached); /booking?service=<id> opens a package directly and is rendered
 * per request, with the plain form's days and times for a signed-in customer (`&date=`, `&hours=`).
 * POST /booking: that form with JavaScript off, booked by the same action as POST
 * /api/bookings/calendar (one budget); errors re-render it with messages under the fields and what
 * was typed kept, success leads to the booking's page. GET /bookings/{reference}: one of the
 * customer's bookings, its summary and what they can do with it now (owner only; anyone else, or a
 * malformed reference, gets the 404 page; never cached).
 */
import { Hono, type Context } from "hono";
import { bookAppointment } from "../actions/book-appointment.server";
import type { CurrentUser } from "../components/site";
import { bookingPagePath, bookingReferencePattern } from "../domain/booking";
import { formatAppointment, formatDate } from "../domain/format";
import { isIsoDate } from "../domain/timezone";
import { paypalPageSecurity } from "../payments/paypal-config.server";
import { ownBookingPage } from "../reads/bookings.server";
import { bookingWindowDays, freeTimesOn } from "../reads/timeslots.server";
import { bookingSchema } from "../shared/booking";
import { type BookingFormValues, bookingFormFromFields, bookingPayload, emptyBookingForm, timeOnOtherDay } from "../shared/booking-form";
import { rescheduleMessages } from "../shared/booking-reschedule";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
import { extendSecurityHeaders } from "../server/middleware/security-headers";
import { asAppContext, requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { bookingPage, type BookingPageState } from "./booking";
import type { PlainBooking } from "./booking-form-nojs";
import { bookingSummaryPage } from "./booking-summary";
import { bookingCancelNotices } from "./dashboard.routes";
import { notFoundPage } from "./not-found";

type PlainTry = Pick<PlainBooking, "errors" | "formError" | "duplicate"> & { values?: BookingFormValues };

/**
 * The plain form's days and times for package `service` (and the hours asked), read only for a
 * signed-in customer with a confirmed address: nobody else can book.
 */
function plainBooking(deps: AppDeps, user: CurrentUser | null, service: string | null, asked: { date?: string; hours?: string }, last: PlainTry = {}) {
  if (!service || !user?.emailVerified) return undefined;
  const now = new Date();
  const n = Number(asked.hours);
  const wanted = { service, hours: Number.isInteger(n) && n > 0 && n <= 24 ? n : undefined };
  const days = bookingWindowDays(deps, now, wanted).dates;
  const chosenDate = asked.date && days.includes(asked.date) ? asked.date : (days[0] ?? null);
  const times = chosenDate ? freeTimesOn(deps, chosenDate, now, wanted).map((t) => t.time) : [];
  const plain: PlainBooking = {
    service,
    hours: wanted.hours ? String(wanted.hours) : "",
    days,
    chosenDate,
    times,
    values: last.values ?? emptyBookingForm(user.email),
    errors: last.errors,
    formError: last.formError,
    duplicate: last.duplicate,
  };
  return plain;
}

function renderBooking(
  deps: AppDeps,
  c: Context<AppEnv>,
  service: string | null,
  asked: { date?: string; hours?: string },
  last?: PlainTry,
  status?: BookingPageState["status"],
) {
  const plain = plainBooking(deps, c.get("user") ?? null, service, asked, last);
  return servePage(deps, c, (site) => bookingPage(site, service, new Date(), { plain, status }), service || status ? {} : { cache: "public" });
}

export function showBooking(deps: AppDeps, c: Context<AppEnv>) {
  const date = c.req.query("date");
  return renderBooking(deps, c, c.req.query("service") ?? null, { date: date && isIsoDate(date) ? date : undefined, hours: c.req.query("hours") });
}

/** POST /booking: the plain form (the island posts to /api/bookings/calendar instead). */
export async function submitBooking(deps: AppDeps, c: Context<CustomerEnv>) {
  const values = bookingFormFromFields(await readForm(c, 2000));
  const again = (last: PlainTry, status: BookingPageState["status"]) =>
    renderBooking(deps, asAppContext(c), values.service || null, { date: values.appointmentDate, hours: values.hours }, { values, ...last }, status);
  const payload = bookingPayload(values);
  if (payload === "other_day") {
    const day = isIsoDate(values.appointmentDate) ? formatDate(values.appointmentDate, "long") : "the day shown";
    return again({ errors: { appointmentTime: timeOnOtherDay(day) }, formError: timeOnOtherDay(day) }, 400);
  }
  const parsed = bookingSchema.safeParse(payload);
  if (!parsed.success) return again({ errors: fieldErrors(parsed.error), formError: "Some fields need attention." }, 400);
  try {
    const booking = bookAppointment(deps, c.get("user"), parsed.data);
    return c.redirect(booking.reference ? bookingPagePath(booking.reference) : "/dashboard", 303);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // A refusal's Retry-After, as the JSON twin sends it.
    setErrorHeaders(c, error);
    const status = error.status === 409 || error.status === 403 || error.status === 429 ? error.status : 400;
    return again({ errors: error.fields, formError: error.message, duplicate: error.code === "duplicate_booking" }, status);
  }
}

/** What the last form said on the booking's page: a move names the booking's date and time as stored now. */
function bookingNotice(key: string, booking: { appointmentDate: string; appointmentTime: string }): string | undefined {
  if (key === "moved") return rescheduleMessages.movedTo(formatAppointment(booking.appointmentDate, booking.appointmentTime));
  return bookingCancelNotices.get(key);
}

/** GET /bookings/{reference} (routing lowercases paths; references are stored in capitals); `?notice=` says what the cancel or move form did. */
export function showBookingSummary(deps: AppDeps, c: Context<CustomerEnv>) {
  const reference = (c.req.param("reference") ?? "").toUpperCase();
  const view = bookingReferencePattern.test(reference) ? ownBookingPage(deps, c.get("user").id, reference) : undefined;
  if (!view) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  // PayPal's checkout needs its hosts in the security headers, only while the booking can be paid.
  if (view.paypalCheckout) extendSecurityHeaders(c, paypalPageSecurity);
  const notice = bookingNotice(c.req.query("notice") ?? "", view.booking);
  return servePage(deps, c, (site) => bookingSummaryPage(site, view, notice));
}

export function bookingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/booking", (c) => showBooking(deps, c))
    .post("/booking", requireCustomer(deps, { returnTo: "/booking" }), (c) => submitBooking(deps, c))
    .get("/bookings/:reference", requireCustomer(deps), (c) => showBookingSummary(deps, c));
}
