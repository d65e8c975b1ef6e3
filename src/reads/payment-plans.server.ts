/**
 * What the screens read of payment plans (decision 085): a booking's plan with each instalment's
 * status, and the plans the payment dialog may offer it (none once it has one, or when the
 * settings offer it none).
 */
import { adminPlanView, bookingPlansData, type PlanBooking } from "../db/payment-plans.server";
import type { BookingPlanData, PlanView } from "../shared/payment-plan";
import type { ReadDeps } from "./read";

/** One booking's plan and plan options, at `now`. */
export function bookingPlan(deps: ReadDeps, booking: PlanBooking, now = new Date()): BookingPlanData {
  return bookingPlansData(deps.db, [booking], now).get(booking.id) ?? { plan: null, planOptions: [] };
}

/** Several bookings' plans and plan options (the dashboard's recent bookings), at `now`. */
export function bookingPlans(deps: ReadDeps, bookings: readonly PlanBooking[], now = new Date()): Map<string, BookingPlanData> {
  return bookingPlansData(deps.db, bookings, now);
}

/** A booking's plan as the owner's booking detail shows it, or null. */
export function adminBookingPlan(deps: ReadDeps, bookingId: string, now = new Date()): PlanView | null {
  return adminPlanView(deps.db, bookingId, now);
}
