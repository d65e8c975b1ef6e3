/**
 * One of the customer's bookings (/bookings/{reference}): what was booked, its reference and
 * status, what happens next, and the calendar invitation to download. The booking form lands here
 * once a booking is made, so a reload or a bookmark keeps the summary. Plain HTML: no island.
 */
import type { ReactNode } from "react";
import { Layout } from "../components/Layout";
import { StatusBadge } from "../components/StatusBadge";
import type { SiteData } from "../components/site";
import { TitledCard } from "../components/TitledCard";
import { bookingPagePath, type BookingStatus, isActiveBooking } from "../domain/booking";
import { formatDate, formatInstant, formatMoney, formatTime, timeZoneCity } from "../domain/format";
import type { PageDefinition } from "./page";
import { BackLink } from "../components/BackLink";

export type BookingSummary = {
  id: string;
  reference: string;
  serviceName: string;
  servicePrice: string;
  originalPrice: string | null;
  discountApplied: boolean;
  appointmentDate: string;
  appointmentTime: string;
  duration: number;
  location: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  status: BookingStatus;
  createdAt: Date;
};

/** The status as the customer reads it: a new booking waits for the business, it is not yet confirmed. */
export const bookingStatusForCustomer: Record<BookingStatus, string> = {
  pending: "Awaiting confirmation",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

const headings: Record<BookingStatus, string> = {
  pending: "Booking received",
  confirmed: "Booking confirmed",
  completed: "Appointment completed",
  cancelled: "Booking cancelled",
};

const lengthText = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`);

function NextSteps({ booking, site }: { booking: BookingSummary; site: SiteData }) {
  const email = booking.contactEmail;
  // The phone only once the owner has set a real one (decision 037); otherwise the booking e-mail.
  const phone = site.settings.phone;
  const reach = (start: "Call" | "call") =>
    phone ? (
      <>
        {start} us on <span className="whitespace-nowrap">{phone}</span>
      </>
    ) : (
      `${start === "Call" ? "Reply" : "reply"} to your booking e-mail`
    );
  const reference = <span className="whitespace-nowrap font-semibold">{booking.reference}</span>;
  const steps: Record<BookingStatus, ReactNode[]> = {
    pending: [
      `We review every new booking and confirm it by e-mail${email ? ` to ${email}` : ""}. Until then the time is held for you.`,
      "We have sent you a copy of this booking with a calendar invitation, marked tentative until we confirm it.",
      <>
        Need to change something? {reach("Call")} and quote {reference}, or cancel it from your dashboard while it awaits confirmation.
      </>,
    ],
    confirmed: [
      "Your appointment is confirmed. Your investigator will contact you the way you asked before it starts.",
      <>
        To change or cancel it, {reach("call")} and quote {reference}.
      </>,
    ],
    completed: ["This appointment is over. Thank you for choosing us; we will be in touch about the results as agreed."],
    cancelled: ["This booking was cancelled and its time released. Nothing more is needed from you."],
  };
  return (
    <section aria-labelledby="next-title" className="card border border-primary/40 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="next-title" className="card-title">
          What happens next
        </h2>
        <ul className="list-inside list-disc space-y-2">
          {steps[booking.status].map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per status, never reordered
            <li key={i}>{s}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Row({ term, children, testId }: { term: string; children: string; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-base-content/80">{term}</dt>
      <dd className="font-semibold break-words text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function bookingSummaryPage(site: SiteData, booking: BookingSummary): PageDefinition {
  const tz = site.settings.timezone;
  const price = formatMoney(Number(booking.servicePrice), site.settings.currency);
  const listPrice = booking.discountApplied && booking.originalPrice ? formatMoney(Number(booking.originalPrice), site.settings.currency) : null;
  const holds = isActiveBooking(booking.status);
  return {
    path: bookingPagePath(booking.reference),
    title: `Booking ${booking.reference} | ${site.settings.businessName}`,
    description: "Your booking: when, what it costs and what happens next.",
    noindex: true,
    body: (
      <Layout site={site} active="/dashboard">
        <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
          <div>
            <BackLink href="/dashboard">Your bookings</BackLink>
            <h1 className="mt-2 text-3xl font-bold break-words">{headings[booking.status]}</h1>
            <p className="mt-1 text-lg">
              Reference{" "}
              <strong className="font-mono tracking-wide" data-testid="booking-reference">
                {booking.reference}
              </strong>
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StatusBadge kind="booking" status={booking.status} className="" testId="booking-status">
                {bookingStatusForCustomer[booking.status]}
              </StatusBadge>
              <span className="text-sm text-base-content/80">{`Booked ${formatInstant(booking.createdAt, tz)}`}</span>
            </div>
          </div>

          <TitledCard id="what" title={booking.serviceName}>
            <dl className="divide-y divide-base-300">
              <Row term="Date" testId="booking-date">
                {formatDate(booking.appointmentDate, "full")}
              </Row>
              <Row term="Time" testId="booking-time">{`${formatTime(booking.appointmentTime)} (${timeZoneCity(tz)} time)`}</Row>
              <Row term="Length">{lengthText(booking.duration)}</Row>
              <Row term="Price" testId="booking-price">
                {listPrice ? `${price} (new-client price; usually ${listPrice})` : price}
              </Row>
              {booking.location ? <Row term="Location">{booking.location}</Row> : null}
              {booking.contactPhone ? <Row term="Phone">{booking.contactPhone}</Row> : null}
              {booking.contactEmail ? <Row term="E-mail">{booking.contactEmail}</Row> : null}
            </dl>
          </TitledCard>

          <NextSteps booking={booking} site={site} />

          <div className="flex flex-wrap gap-3">
            {holds && (
              <a className="btn btn-primary" href={`/api/bookings/${booking.id}/ics`} download={`appointment-${booking.appointmentDate}.ics`}>
                Add to calendar (.ics)
              </a>
            )}
            <a className="btn btn-outline" href="/dashboard">
              See all your bookings
            </a>
            <a className="btn btn-ghost" href="/booking">
              Book another service
            </a>
          </div>
        </div>
      </Layout>
    ),
  };
}
