/**
 * What a customer can do with one of their bookings, as the dashboard's list and the booking's own
 * page offer it: pay (the payment dialog at the booking's own price), move (a link to the plain move
 * form), add it to a calendar (its .ics file) and cancel (a plain form post). Each works with
 * JavaScript off, except paying, whose link leads to the contact form until the dialog loads.
 */
import type { ReactNode } from "react";
import { Island } from "../components/Island";
import type { SiteData } from "../components/site";
import { type BookingPaymentStatus, bookingOffer, type PricedBooking } from "../domain/booking-payment";
import { nextInstalment } from "../islands/payment-dialog/plan-text";
import type { BookingPlanData } from "../shared/payment-plan";
import { paymentDialogProps } from "./payment-dialog-props";

/** The address of the plain form that moves a booking. */
export const moveBookingPath = (bookingId: string) => `/bookings/${bookingId}/move`;

/** The address of a booking's calendar file. */
export const bookingCalendarPath = (bookingId: string) => `/api/bookings/${bookingId}/ics`;

/** How a customer reaches the business about what the site cannot change: the phone once set (decision 037), else a reply to the booking e-mail. */
export function reachBusiness(site: SiteData, start: "Call" | "call"): ReactNode {
  const phone = site.settings.phone;
  if (!phone) return `${start === "Call" ? "Reply" : "reply"} to your booking e-mail`;
  return (
    <>
      {`${start} us on `}
      <span className="whitespace-nowrap">{phone}</span>
    </>
  );
}

/**
 * What the Pay button says: "Pay now", "Pay instalment 2" once a plan is under way, or "Pay another
 * way" while a request is open (the customer may have asked for instructions and changed their mind).
 */
function payLabel(paymentStatus: BookingPaymentStatus, plan: BookingPlanData["plan"]): string {
  if (paymentStatus === "awaiting") return "Pay another way";
  const owed = plan ? nextInstalment(plan) : null;
  return owed && owed.number > 1 ? `Pay instalment ${owed.number}` : "Pay now";
}

/**
 * The button opening the payment dialog for a booking (a link to the contact form before it loads
 * and with JavaScript off), with the booking's plan or the plans it may be paid in.
 */
export function PayBookingButton({
  site,
  paypalClientId,
  booking,
  paymentStatus,
  plans,
  className,
}: {
  site: SiteData;
  paypalClientId: string | null;
  /** With the currency it was priced in: the dialog asks for that, never today's setting. */
  booking: PricedBooking & { currency: string };
  paymentStatus: BookingPaymentStatus;
  plans: BookingPlanData;
  className: string;
}) {
  return (
    <Island
      name="PaymentDialog"
      hydrate="interaction"
      props={{
        ...paymentDialogProps(site, paypalClientId),
        service: bookingOffer(booking, site.settings.cryptoDiscountPercent, booking.currency),
        bookingId: booking.id,
        plan: plans.plan,
        planOptions: plans.planOptions,
        fallbackHref: `/contact?service=${encodeURIComponent(booking.serviceId ?? "")}#contact-form`,
        triggerLabel: payLabel(paymentStatus, plans.plan),
        triggerClassName: className,
      }}
    />
  );
}

/** The link to the plain form that moves a booking to another free time. */
export function MoveBookingLink({ bookingId, className }: { bookingId: string; className: string }) {
  return (
    <a href={moveBookingPath(bookingId)} className={className}>
      Move booking
    </a>
  );
}

/** The booking's calendar file (an invitation the calendar updates when the booking changes). */
export function AddToCalendarLink({ bookingId, fileName, className }: { bookingId: string; fileName?: string; className: string }) {
  return (
    <a href={bookingCalendarPath(bookingId)} className={className} download={fileName ?? true}>
      Add to calendar (.ics)
    </a>
  );
}

/**
 * The plain form that cancels a pending booking (POST /bookings/{id}/cancel). With `reference`, the
 * answer leads back to the booking's page rather than the dashboard.
 */
export function CancelBookingForm({ bookingId, reference, className }: { bookingId: string; reference?: string; className: string }) {
  return (
    <form method="post" action={`/bookings/${bookingId}/cancel`} data-pending>
      {reference && <input type="hidden" name="reference" value={reference} />}
      <button type="submit" className={className} data-pending-label="Cancelling...">
        Cancel booking
      </button>
    </form>
  );
}
