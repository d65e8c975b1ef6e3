/**
 * One of the customer's bookings (/bookings/{reference}): what was booked, its reference, status and
 * payment, what the customer can do with it now (pay, move, add to a calendar, cancel) and until
 * when, and what happens next. The booking form lands here once a booking is made, so a reload or a
 * bookmark keeps the summary. Plain HTML and forms; the one island is the payment dialog, while the
 * booking can be paid.
 */
import type { ReactNode } from "react";
import { BackLink } from "../components/BackLink";
import { Layout } from "../components/Layout";
import { StatusBadge } from "../components/StatusBadge";
import type { SiteData } from "../components/site";
import { TitledCard } from "../components/TitledCard";
import { bookingPagePath, type BookingStatus, heldLengthText } from "../domain/booking";
import { bookingPaymentLabel } from "../domain/booking-payment";
import { bookingPriceLines, discountNote } from "../domain/booking-price-lines";
import { planPromise } from "../domain/promised-percents";
import { formatDate, formatInstant, formatInstantDate, formatKeptMoney, formatTime, timeZoneCity } from "../domain/format";
import type { BookingPageView, MoveChance } from "../reads/bookings.server";
import { manifest } from "../server/assets.server";
import { AddToCalendarLink, CancelBookingForm, MoveBookingLink, PayBookingButton, reachBusiness } from "./booking-actions";
import { PlanTable } from "../islands/payment-dialog/PlanTable";
import { interestFree, nextInstalment, nextInstalmentText, planChoiceLabel, planProgressText, scheduleText } from "../islands/payment-dialog/plan-text";
import type { PlanOption, PlanView } from "../shared/payment-plan";
import { CaseRoomLink } from "./case-room";
import { paymentInvoicePath } from "./invoice";
import type { PageDefinition } from "./page";

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

/** "24 hours before they start", "3 days before they start", or "they start" when the owner allows moves up to the start. */
function beforeStart(hours: number): string {
  if (hours === 0) return "they start";
  const span = hours >= 48 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${span} before they start`;
}

/** A reference the customer may read out or copy, never broken over two lines. */
const Reference = ({ code }: { code: string }) => <span className="whitespace-nowrap">{code}</span>;

/** What happens next, by status: what the business does and what the customer receives. */
function NextSteps({ view }: { view: BookingPageView }) {
  const email = view.booking.contactEmail;
  const steps: Record<BookingStatus, string[]> = {
    pending: [
      `We review every new booking and confirm it by e-mail${email ? ` to ${email}` : ""}. Until then the time is held for you.`,
      "We have sent you a copy of this booking with a calendar invitation, marked tentative until we confirm it.",
    ],
    confirmed: ["Your appointment is confirmed. Your investigator will contact you the way you asked before it starts."],
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
          {steps[view.booking.status].map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One thing the customer can (or can no longer) do: what it is, until when, and its button. */
function Option({ title, testId, children, action }: { title: string; testId: string; children: ReactNode; action?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid={testId}>
      <div className="min-w-0">
        <h3 className="font-semibold">{title}</h3>
        <p className="text-sm break-words">{children}</p>
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </li>
  );
}

/** A button's classes here: full width on a phone, its own width beside the text on a wider screen. */
const button = (look: string) => `btn ${look} w-full sm:w-auto`;

/** Paying: the dialog while it can be paid, the payment under way, or when it was paid with its invoice. */
function PaymentOption({ view, site }: { view: BookingPageView; site: SiteData }) {
  const { booking, payment, plan } = view;
  const tz = site.settings.timezone;
  const price = formatKeptMoney(booking.servicePrice, booking.currency, site.settings.currency);
  if (payment.status === "paid" && plan) {
    return (
      <Option title="Payment" testId="option-pay">
        {`Paid in ${plan.count} payments. Nothing more to pay; each payment's invoice is in the payment plan below.`}
      </Option>
    );
  }
  if (payment.status === "paid") {
    return (
      <Option
        title="Payment"
        testId="option-pay"
        action={
          view.invoiceNumber &&
          payment.referenceCode && (
            <a href={paymentInvoicePath(payment.referenceCode)} className={button("btn-outline")}>
              {`Invoice ${view.invoiceNumber}`}
            </a>
          )
        }
      >
        {`Paid${payment.paidAt ? ` on ${formatInstantDate(payment.paidAt, tz)}` : ""}`}
        {payment.referenceCode && (
          <>
            {" (reference "}
            <Reference code={payment.referenceCode} />)
          </>
        )}
        . Nothing more to pay.
      </Option>
    );
  }
  if (payment.status === "review") {
    return (
      <Option title="Payment" testId="option-pay">
        A payment for this booking is being checked. Please don't pay again; we will contact you.
      </Option>
    );
  }
  if (payment.status === "refund_owed" || payment.status === "refunded") {
    return (
      <Option title="Payment" testId="option-pay">
        {payment.status === "refund_owed"
          ? "We are refunding your payment: it is on its way, and we e-mail you when we have sent it."
          : "Your payment was refunded, as we e-mailed you."}
        {payment.referenceCode && (
          <>
            {" (Payment reference "}
            <Reference code={payment.referenceCode} />
            .)
          </>
        )}
      </Option>
    );
  }
  if (!view.may.pay) return null;
  const pay = (
    <PayBookingButton
      site={site}
      paypalClientId={view.paypalClientId}
      booking={booking}
      paymentStatus={payment.status}
      plans={{ plan, planOptions: view.planOptions }}
      className={button("btn-primary")}
    />
  );
  const owed = plan ? nextInstalment(plan) : null;
  if (plan && owed) {
    const amount = formatKeptMoney(owed.amount, plan.currency, site.settings.currency);
    return (
      <Option title="Payment" testId="option-pay" action={pay}>
        {payment.status === "awaiting" ? (
          <>
            {`Awaiting your payment ${owed.number} of ${plan.count}, ${amount}`}
            {payment.referenceCode && (
              <>
                {" (reference "}
                <Reference code={payment.referenceCode} />)
              </>
            )}
            , as we e-mailed you. Once it arrives we mark it paid and its invoice appears in the plan below.
          </>
        ) : (
          `${nextInstalmentText(plan, owed)}. ${planProgressText(plan)} so far; the plan below shows every payment.`
        )}
      </Option>
    );
  }
  return (
    <Option title="Payment" testId="option-pay" action={pay}>
      {payment.status === "awaiting" ? (
        <>
          {`Awaiting your payment of ${price}`}
          {payment.referenceCode && (
            <>
              {" (reference "}
              <Reference code={payment.referenceCode} />)
            </>
          )}
          , as we e-mailed you. Once it arrives we mark it paid and its invoice appears here.
        </>
      ) : (
        `Not paid yet: ${price} to pay. Once paid, its invoice appears here.`
      )}
      {view.planOptions.length > 0 && <PlanOffer options={view.planOptions} total={booking.servicePrice} currency={booking.currency} />}
    </Option>
  );
}

/**
 * The plans a booking may be paid in, as the payment dialog offers them: written on the page too,
 * so a customer without JavaScript (whose Pay button leads to the contact form) knows what to ask for.
 */
function PlanOffer({ options, total, currency }: { options: PlanOption[]; total: string; currency: string }) {
  const free = options.every((o) => interestFree(o.amounts, total));
  return (
    <span className="mt-2 block" data-testid="plan-offer">
      {`Or pay in instalments${free ? ` (${planPromise})` : ""}: choose it when you pay.`}
      <span className="mt-1 block">
        {options.map((o) => (
          <span key={o.count} className="block">{`${planChoiceLabel(o.count)}: ${scheduleText(o, currency)}.`}</span>
        ))}
      </span>
      <noscript>
        <span className="mt-1 block">
          With JavaScript off, Pay now leads to our contact form: say which of these you would like and we e-mail you the instructions.
        </span>
      </noscript>
    </span>
  );
}

/** A booking's payment plan: every instalment with its amount, due date and state, each paid one with its invoice. */
function PlanCard({ plan, site }: { plan: PlanView; site: SiteData }) {
  return (
    <TitledCard id="plan" title="Payment plan">
      <p className="text-sm">{`${formatKeptMoney(plan.total, plan.currency, site.settings.currency)} in ${plan.count} payments, one every ${plan.intervalDays} days: ${planProgressText(plan)}.`}</p>
      <div className="-mx-2 overflow-x-auto sm:mx-0">
        <PlanTable
          plan={plan}
          timeZone={site.settings.timezone}
          caption={`Your ${plan.count} payments`}
          invoiceHref={(i) => (i.referenceCode ? paymentInvoicePath(i.referenceCode) : null)}
        />
      </div>
    </TitledCard>
  );
}

/** Moving: until the cut-off, with the deadline in the business's time, or why it is too late. */
function MoveOption({ view, site, move }: { view: BookingPageView; site: SiteData; move: MoveChance }) {
  if (move.kind === "never") return null;
  const { booking } = view;
  if (move.kind === "too_late") {
    return (
      <Option title="Change the time" testId="option-move">
        {`It is too close to the appointment to move it online: bookings can be moved online until ${beforeStart(move.cutoffHours)}. To change it, `}
        {reachBusiness(site, "call")} and quote <Reference code={booking.reference} />.
      </Option>
    );
  }
  const tz = site.settings.timezone;
  return (
    <Option title="Change the time" testId="option-move" action={<MoveBookingLink bookingId={booking.id} className={button("btn-outline")} />}>
      {`You can move it to another free time until ${formatInstant(move.deadline, tz)} (${timeZoneCity(tz)} time).`}
    </Option>
  );
}

/** Cancelling: the customer's own while it awaits confirmation, the business's once confirmed. */
function CancelOption({ view, site }: { view: BookingPageView; site: SiteData }) {
  const { booking } = view;
  if (view.may.cancel) {
    return (
      <Option
        title="Cancel"
        testId="option-cancel"
        action={<CancelBookingForm bookingId={booking.id} reference={booking.reference} className={button("btn-outline btn-error")} />}
      >
        You can cancel it yourself until we confirm it; its time is then released.
      </Option>
    );
  }
  if (booking.status !== "confirmed") return null;
  return (
    <Option title="Cancel" testId="option-cancel">
      Now that it is confirmed, only we can cancel it: {reachBusiness(site, "call")} and quote <Reference code={booking.reference} />.
    </Option>
  );
}

/** Everything the customer can do with the booking now, and until when; a booking that is over or cancelled says it cannot be changed. */
function Options({ view, site }: { view: BookingPageView; site: SiteData }) {
  const { booking, payment, may } = view;
  const closed =
    booking.status === "cancelled" ? "Cancelled bookings cannot be changed." : booking.status === "completed" ? "Completed bookings cannot be changed." : null;
  // Each option says something only when it applies; a cancelled booking unpaid has none.
  const anything =
    ["paid", "review", "refund_owed", "refunded"].includes(payment.status) || may.pay || may.move.kind !== "never" || may.addToCalendar || may.cancel;
  return (
    <TitledCard id="options" title="What you can do">
      {closed && <p data-testid="booking-closed">{closed}</p>}
      {anything && (
        <ul className="divide-y divide-base-300">
          <PaymentOption view={view} site={site} />
          <MoveOption view={view} site={site} move={may.move} />
          {may.addToCalendar && (
            <Option
              title="Calendar"
              testId="option-calendar"
              action={<AddToCalendarLink bookingId={booking.id} fileName={`appointment-${booking.appointmentDate}.ics`} className={button("btn-outline")} />}
            >
              Add the appointment to your calendar. Whenever it changes, we e-mail you the updated invitation.
            </Option>
          )}
          <CancelOption view={view} site={site} />
        </ul>
      )}
    </TitledCard>
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

/** When and by whom a cancelled booking was cancelled, in the business's time. */
function cancelledText(booking: BookingPageView["booking"], timeZone: string): string | null {
  if (booking.status !== "cancelled" || !booking.cancelledAt) return null;
  const when = formatInstant(booking.cancelledAt, timeZone);
  return booking.cancelledBy === "customer" ? `You cancelled it on ${when}` : `Cancelled by us on ${when}`;
}

/** The booking's page; `notice` is what the last form did (a cancellation). */
export function bookingSummaryPage(site: SiteData, view: BookingPageView, notice?: string): PageDefinition {
  const { booking, payment } = view;
  const tz = site.settings.timezone;
  // In the currency it was booked in: a later change of the currency setting does not re-label it.
  const price = formatKeptMoney(booking.servicePrice, booking.currency, site.settings.currency);
  const listPrice = booking.discountApplied && booking.originalPrice ? formatKeptMoney(booking.originalPrice, booking.currency, site.settings.currency) : null;
  // A cancelled booking's payment status matters only when it was paid (and so perhaps paid back).
  const showPayment = booking.status !== "cancelled" || ["paid", "refund_owed", "refunded"].includes(payment.status);
  const cancelled = cancelledText(booking, tz);
  return {
    path: bookingPagePath(booking.reference),
    title: `Booking ${booking.reference} | ${site.settings.businessName}`,
    description: "Your booking: when, what it costs, what you can do with it and what happens next.",
    noindex: true,
    scripts: view.may.cancel ? [manifest.formPending] : undefined,
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
              {showPayment && (
                <StatusBadge kind="bookingPayment" status={payment.status} testId="booking-payment">
                  {bookingPaymentLabel(payment)}
                </StatusBadge>
              )}
              <span className="text-sm text-base-content/80">{`Booked ${formatInstant(booking.createdAt, tz)}`}</span>
              {cancelled && <span className="text-sm text-base-content/80">{cancelled}</span>}
            </div>
            {view.caseRoom && (
              <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
                <CaseRoomLink reference={booking.reference} isNew={false} className="btn btn-outline btn-sm" />
                <span className="text-base-content/80">Your case's progress, our reports and files, and messages with us.</span>
              </p>
            )}
          </div>
          {notice && (
            <div role="status" className="alert alert-info" data-testid="booking-notice">
              <p>{notice}</p>
            </div>
          )}

          <TitledCard id="what" title={booking.serviceName}>
            <dl className="divide-y divide-base-300">
              <Row term="Date" testId="booking-date">
                {formatDate(booking.appointmentDate, "full")}
              </Row>
              <Row term="Time" testId="booking-time">{`${formatTime(booking.appointmentTime)} (${timeZoneCity(tz)} time)`}</Row>
              <Row term="Length">{heldLengthText(booking)}</Row>
              <Row term="Price" testId="booking-price">
                {/* Each discount on its own line ("Volume discount (15%): $194.25 off"), as the booking was priced (decision 083). */}
                {listPrice
                  ? `${price} (${discountNote(bookingPriceLines(booking), (a) => formatKeptMoney(a, booking.currency, site.settings.currency))}; usually ${listPrice})`
                  : price}
              </Row>
              {booking.location ? <Row term="Location">{booking.location}</Row> : null}
              {booking.contactPhone ? <Row term="Phone">{booking.contactPhone}</Row> : null}
              {booking.contactEmail ? <Row term="E-mail">{booking.contactEmail}</Row> : null}
            </dl>
          </TitledCard>

          <Options view={view} site={site} />

          {view.plan && <PlanCard plan={view.plan} site={site} />}

          <NextSteps view={view} />

          <div className="flex flex-wrap gap-3">
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
