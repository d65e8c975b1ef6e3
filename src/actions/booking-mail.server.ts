/**
 * What the booking actions' e-mails share: the business's details, the calendar invitation of a
 * booking, the customer's proven address and name, all from the mail context of the moment the
 * message is queued.
 */
import type { Booking, BookingAccount } from "../db/bookings.server";
import { bookingPagePath } from "../domain/booking";
import { bookingIcs, discreetEventText, type IcsStatus } from "../domain/ics";
import type { MailContext } from "../mail/context.server";
import { optionalVisitorText, type VisitorText, visitorText } from "../mail/visitor-text";

/**
 * The business's part of every booking e-mail: who it is from, how to reach it, and how times and
 * prices read. The price is in the booking's own currency (the one it was booked in), not today's setting.
 */
export function bookingMailBusiness(ctx: MailContext, booking: Pick<Booking, "currency">) {
  return {
    businessName: ctx.businessName,
    businessEmail: ctx.businessEmail,
    businessPhone: ctx.settings.phone,
    origin: ctx.origin,
    timeZone: ctx.timeZone,
    currency: booking.currency,
  };
}

/** How the calendar shows a booking: tentative until the business confirms it. */
const icsStatus = (status: Booking["status"]): IcsStatus => (status === "pending" ? "tentative" : status === "cancelled" ? "cancelled" : "confirmed");

/** The calendar invitation of a booking as it stands, from the business to the customer at `attendeeEmail`. */
export function bookingInvitation(booking: Booking, ctx: MailContext, attendeeEmail: string): string {
  const { origin } = ctx;
  return bookingIcs({
    uid: `${booking.id}@${new URL(origin).host}`,
    date: booking.appointmentDate,
    time: booking.appointmentTime,
    durationMinutes: booking.duration,
    // Neither the service nor the trade: others may see the event (decision 069).
    ...discreetEventText(
      booking.reference ?? booking.id.slice(0, 8).toUpperCase(),
      ctx.settings.calendarTitle,
      booking.reference ? `${origin}${bookingPagePath(booking.reference)}` : `${origin}/dashboard`,
    ),
    location: optionalVisitorText(booking.location, 200),
    url: `${origin}/dashboard`,
    organizerName: ctx.businessName,
    organizerEmail: ctx.businessEmail,
    attendeeEmail,
    timeZone: ctx.timeZone,
    stamp: new Date(),
    status: icsStatus(booking.status),
    sequence: booking.icsSequence,
  });
}

/** Where the customer may be mailed: the account's address once confirmed, else nowhere. */
export function provenAddress(account: Pick<BookingAccount, "email" | "emailVerified"> | undefined): string | null {
  return account?.emailVerified ? account.email : null;
}

/** The customer's name as the account has it, else their address, made safe to quote. */
export function customerName(account: Pick<BookingAccount, "email" | "firstName" | "lastName"> | undefined): VisitorText {
  if (!account) return visitorText("a deleted customer");
  return visitorText([account.firstName, account.lastName].filter(Boolean).join(" ") || account.email);
}
