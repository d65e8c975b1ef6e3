/**
 * The e-mails of a booking: the customer's confirmation and the business's notice, both with the
 * `.ics`, the status changes, and the reminder before a confirmed appointment. What the customer typed on the form reaches them only as
 * `VisitorText` (`quotedBooking`), so it stays on its own line; customer mail goes to the account's
 * confirmed address, never to the contact address typed on the form (shown to the business only).
 */
import { type BookingStatus, bookingPagePath, heldLengthText } from "../../domain/booking";
import { bookingPriceLines, discountNote } from "../../domain/booking-price-lines";
import { formatAppointment, formatInstant, formatMoney, timeZoneCity } from "../../domain/format";
import { bookingStatusLabels } from "../../shared/admin-bookings";
import { adminRecordPath, bookingRecordKey } from "../../shared/admin-records";
import type { MailMessage } from "../outbox.server";
import { optionalVisitorText, type VisitorText } from "../visitor-text";
import { replyOrCall } from "../../domain/payment-instructions";
import { plainText } from "./layout";

/** What the customer typed on the booking form, as a template may quote it. */
export type QuotedBookingFields = {
  location: VisitorText | null;
  notes: VisitorText | null;
  contactPhone: VisitorText | null;
  contactEmail: VisitorText | null;
};

/** A booking with what its customer typed made safe to quote (one line each, capped as the form caps it). */
export function quotedBooking<B extends { location: string | null; notes: string | null; contactPhone: string | null; contactEmail: string | null }>(
  b: B,
): Omit<B, keyof QuotedBookingFields> & QuotedBookingFields {
  return {
    ...b,
    location: optionalVisitorText(b.location, 200),
    notes: optionalVisitorText(b.notes, 2000),
    contactPhone: optionalVisitorText(b.contactPhone, 40),
    contactEmail: optionalVisitorText(b.contactEmail, 200),
  };
}

export type BookingMailInput = {
  booking: {
    id: string;
    /** What the customer quotes (`BK-7KQ4-M2XD`), as on the booking's page. */
    reference?: string | null;
    serviceName: string;
    servicePrice: string;
    originalPrice: string | null;
    appointmentDate: string;
    appointmentTime: string;
    duration: number;
    /** Its length as booked (decision 070): days with their end, or hours; absent for a booking of minutes. */
    bookingDetails?: Record<string, unknown> | null;
    /** Its status as stored: a new booking waits for the investigator to confirm it, and the mail says so. */
    status: BookingStatus;
  } & QuotedBookingFields;
  /** The account's confirmed address: the confirmation goes there, and the business's replies. */
  customerEmail: string;
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  manageUrl: string;
  /** The site's origin, for the business's link to the booking in the admin portal. */
  origin: string;
  whenText: string;
  /** The business timezone the appointment's wall-clock time is in (settings). */
  timeZone: string;
  /** The currency the prices are in: the booking's own (the one it was booked in). */
  currency: string;
  ics: string;
};

/** How long the booking holds the investigator, as its page says it: "1 hour", or "3 days, until Wednesday 9 December 2026 at 5:00 pm". */
const lengthOf = (b: { duration: number; bookingDetails?: Record<string, unknown> | null }) =>
  heldLengthText({ duration: b.duration, bookingDetails: b.bookingDetails ?? null });

/** The reference the customer quotes: the booking's own, as its page shows it (the id's start for a booking without one). */
export const reference = (b: { id: string; reference?: string | null }) => b.reference ?? b.id.slice(0, 8).toUpperCase();

/**
 * The opening of the customer's confirmation, in the booking's real status: a pending booking is a
 * request the investigator has yet to confirm, never "scheduled". It names no service (phone previews).
 */
const receivedOpening: Record<BookingStatus, string> = {
  pending: "Thank you. We have received your booking request. It is not confirmed yet: your investigator will confirm it, and we will e-mail you when they do.",
  confirmed: "Thank you. Your appointment is confirmed.",
  completed: "Your appointment is recorded as completed.",
  cancelled: "Your booking is cancelled.",
};

/** The customer's confirmation, with the calendar invitation attached. */
export function bookingConfirmationMail(m: BookingMailInput): MailMessage {
  const b = m.booking;
  const lines = bookingPriceLines(b);
  const saved =
    b.originalPrice && lines.length > 0
      ? ` (${discountNote(lines, (a) => formatMoney(a, m.currency))}; list price ${formatMoney(b.originalPrice, m.currency)})`
      : "";
  return {
    to: m.customerEmail,
    replyTo: m.businessEmail,
    subject: `Booking received: appointment ${reference(b)} on ${m.whenText}`,
    text: plainText([
      receivedOpening[b.status],
      ``,
      `Status: ${bookingStatusLabels[b.status]}`,
      `Service: ${b.serviceName}`,
      `When: ${m.whenText} (${timeZoneCity(m.timeZone)} time), ${lengthOf(b)}`,
      `Price: ${formatMoney(b.servicePrice, m.currency)}${saved}`,
      b.location ? `Where: ${b.location}` : `Where: to be agreed with your investigator`,
      `Reference: ${reference(b)}`,
      ...(b.reference ? [`Your booking: ${m.origin}${bookingPagePath(b.reference)}`] : []),
      ``,
      b.status === "pending" ? `Until it is confirmed you can see or cancel it here:` : `You can see it here:`,
      m.manageUrl,
      ``,
      `The attached invitation adds the appointment to your calendar.`,
      `Questions: ${replyOrCall(m.businessPhone)}.`,
      ``,
      m.businessName,
    ]),
    attachments: [{ filename: "appointment.ics", content: m.ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
  };
}

/** The business's notice of a new booking; a contact address typed on the form is shown, never replied to. */
export function bookingNotificationMail(m: BookingMailInput): MailMessage {
  const b = m.booking;
  const typed = b.contactEmail && b.contactEmail !== m.customerEmail ? [`E-mail typed on the form (not confirmed, not mailed): ${b.contactEmail}`] : [];
  return {
    to: m.businessEmail,
    replyTo: m.customerEmail,
    subject: `New booking: ${b.serviceName} on ${m.whenText}`,
    text: plainText([
      `A customer booked through the website.`,
      ``,
      `Status: ${bookingStatusLabels[b.status]}${b.status === "pending" ? " (waiting for you to confirm it)" : ""}`,
      `Service: ${b.serviceName}`,
      `When: ${m.whenText} (${timeZoneCity(m.timeZone)} time), ${lengthOf(b)}`,
      `Price: ${formatMoney(b.servicePrice, m.currency)}${b.originalPrice && b.originalPrice !== b.servicePrice ? ` (list ${formatMoney(b.originalPrice, m.currency)})` : ""}`,
      ...bookingPriceLines(b).map((l) => `  ${l.label}: ${formatMoney(l.amount, m.currency)} off`),
      `Phone: ${b.contactPhone ?? ""}`,
      `E-mail: ${m.customerEmail}`,
      ...typed,
      `Location: ${b.location ?? "(not given)"}`,
      `Notes: ${b.notes ?? "(none)"}`,
      `Booking id: ${b.id}`,
      ...(b.reference ? [`Reference: ${b.reference}`] : []),
      ``,
      `Manage it in the admin portal: ${m.origin}${adminRecordPath("bookings", bookingRecordKey(b))}`,
    ]),
    attachments: [{ filename: "appointment.ics", content: m.ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
  };
}

/** A booking as its customer's mails show it. */
type MailedBooking = {
  id: string;
  reference?: string | null;
  serviceName: string;
  appointmentDate: string;
  appointmentTime: string;
  duration: number;
  /** Its length as booked (decision 070): days with their end, or hours; absent for a booking of minutes. */
  bookingDetails?: Record<string, unknown> | null;
  location: VisitorText | null;
};

/** What the customer's e-mail about a status change needs. */
export type BookingStatusMailInput = {
  booking: MailedBooking & { servicePrice: string };
  /** The account's confirmed address. */
  to: string;
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  /** Where the customer sees their bookings (the dashboard) and books again (/booking). */
  origin: string;
  timeZone: string;
  /** The currency the price is in: the booking's own (the one it was booked in). */
  currency: string;
  /** The updated calendar invitation (confirm and cancel send one; same UID, higher SEQUENCE). */
  ics?: string;
};

/** The updated invitation as an attachment: a REQUEST, or a CANCEL when the booking is cancelled. */
const updatedInvitation = (ics: string | undefined, method: "REQUEST" | "CANCEL") =>
  ics ? { attachments: [{ filename: "appointment.ics", content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }] } : {};

/** The customer's notice that the business confirmed the booking, with the confirmed invitation. */
export function bookingConfirmedMail(m: BookingStatusMailInput): MailMessage {
  const b = m.booking;
  const when = formatAppointment(b.appointmentDate, b.appointmentTime);
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject: `Booking confirmed: appointment ${reference(b)} on ${when}`,
    text: plainText([
      `Your appointment is confirmed. We look forward to seeing you.`,
      ``,
      `Service: ${b.serviceName}`,
      `When: ${when} (${timeZoneCity(m.timeZone)} time), ${lengthOf(b)}`,
      b.location ? `Where: ${b.location}` : `Where: to be agreed with your investigator`,
      `Price: ${formatMoney(b.servicePrice, m.currency)}`,
      `Reference: ${reference(b)}`,
      ``,
      `Your bookings: ${m.origin}/dashboard`,
      `If the time no longer suits you, ${replyOrCall(m.businessPhone)}.`,
      ...(m.ics ? [``, `The attached invitation updates the appointment in your calendar.`] : []),
      ``,
      m.businessName,
    ]),
    ...updatedInvitation(m.ics, "REQUEST"),
  };
}

/** The customer's thank-you once the business marked the booking completed. */
export function bookingCompletedMail(m: BookingStatusMailInput): MailMessage {
  const b = m.booking;
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject: `Thank you: appointment ${reference(b)} completed`,
    text: plainText([
      `Thank you for choosing ${m.businessName}. Your ${b.serviceName} appointment on ${formatAppointment(b.appointmentDate, b.appointmentTime)} is complete.`,
      ``,
      `Reference: ${reference(b)}`,
      `If anything about it needs following up, ${replyOrCall(m.businessPhone)}.`,
      `Whenever you need us again, you can book at ${m.origin}/booking.`,
      ``,
      m.businessName,
    ]),
  };
}

/** The customer's notice that the business cancelled the booking, with the cancellation for their calendar. */
export function bookingCancelledByBusinessMail(m: BookingStatusMailInput): MailMessage {
  const b = m.booking;
  const when = formatAppointment(b.appointmentDate, b.appointmentTime);
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject: `Booking cancelled: appointment ${reference(b)} on ${when}`,
    text: plainText([
      `We are sorry: we have had to cancel your ${b.serviceName} appointment on ${when} (${timeZoneCity(m.timeZone)} time).`,
      ``,
      `Reference: ${reference(b)}`,
      `Nothing is owed for it; if you have already paid for this service, reply to this e-mail and we will arrange the refund.`,
      `To find another time, ${replyOrCall(m.businessPhone)}, or book again at ${m.origin}/booking.`,
      ...(m.ics ? [``, `The attached cancellation removes the appointment from your calendar.`] : []),
      ``,
      m.businessName,
    ]),
    ...updatedInvitation(m.ics, "CANCEL"),
  };
}

/**
 * Who the business's alerts go to, where they link, the timezone their times are shown in, and
 * the customer's confirmed address a reply goes to (none when it is not confirmed).
 */
export type BusinessAlertContext = { businessEmail: string; origin: string; timeZone?: string; customerEmail?: string | null };

/** The business's alert that a customer cancelled their booking (the `alertCustomerCancellations` setting). */
export function bookingCancelledByCustomerAlert(
  b: Pick<BookingMailInput["booking"], "id" | "serviceName" | "appointmentDate" | "appointmentTime" | "contactEmail" | "contactPhone">,
  ctx: BusinessAlertContext,
): MailMessage {
  const when = formatAppointment(b.appointmentDate, b.appointmentTime);
  return {
    to: ctx.businessEmail,
    replyTo: ctx.customerEmail ?? undefined,
    subject: `Booking cancelled by the customer: ${b.serviceName} on ${when}`,
    text: plainText([
      `The customer cancelled their booking on the website. The time is free for others to book again.`,
      ``,
      `Service: ${b.serviceName}`,
      `When: ${when}${ctx.timeZone ? ` (${timeZoneCity(ctx.timeZone)} time)` : ""}`,
      `E-mail: ${b.contactEmail ?? "(not given)"}`,
      `Phone: ${b.contactPhone ?? "(not given)"}`,
      ``,
      `See it in the admin portal: ${ctx.origin}${adminRecordPath("bookings", bookingRecordKey(b))}`,
    ]),
  };
}

/** What a booking's reminder needs: the booking as it stands, where to act on it, and its invitation. */
export type BookingReminderMailInput = {
  booking: MailedBooking;
  /** The account's confirmed address. */
  to: string;
  /** The account's first name as its owner typed it, if any. */
  firstName: VisitorText | null;
  businessName: string;
  businessEmail: string;
  /** The business's phone as customers may see it: empty while a placeholder (decision 037). */
  businessPhone: string;
  origin: string;
  timeZone: string;
  /** Until when the customer may still move the booking themselves (the move cut-off), or null once that has passed. */
  movableUntil: Date | null;
  /** The link that turns reminders off without signing in. */
  unsubscribeUrl: string;
  /** The invitation as it stands: same UID, the booking's current SEQUENCE, METHOD:REQUEST. */
  ics: string;
};

/** The reminder some hours before a confirmed booking, with the invitation that keeps the customer's calendar right. */
export function bookingReminderMail(m: BookingReminderMailInput): MailMessage {
  const b = m.booking;
  const when = formatAppointment(b.appointmentDate, b.appointmentTime);
  const page = b.reference ? `${m.origin}${bookingPagePath(b.reference)}` : `${m.origin}/dashboard`;
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject: `Reminder: appointment ${reference(b)} on ${when}`,
    text: plainText([
      m.firstName ? `Hello ${m.firstName},` : "Hello,",
      ``,
      `A reminder of your appointment with ${m.businessName}:`,
      ``,
      `Service: ${b.serviceName}`,
      `When: ${when} (${timeZoneCity(m.timeZone)} time), ${lengthOf(b)}`,
      b.location ? `Where: ${b.location}` : `Where: to be agreed with your investigator`,
      `Reference: ${reference(b)}`,
      ``,
      `Your booking, and how to cancel it:`,
      page,
      ``,
      ...(m.movableUntil
        ? [`To move it to another time (until ${formatInstant(m.movableUntil, m.timeZone)}):`, `${m.origin}/bookings/${b.id}/move`]
        : [`It is too close to the appointment to move it online; to change it, ${replyOrCall(m.businessPhone)}.`]),
      ``,
      `The attached invitation keeps the appointment in your calendar up to date.`,
      `Questions: ${replyOrCall(m.businessPhone)}.`,
      ``,
      `We send one reminder before each confirmed appointment. To stop them, open this link (no sign-in needed), or untick them in your account settings:`,
      m.unsubscribeUrl,
      ``,
      m.businessName,
    ]),
    ...updatedInvitation(m.ics, "REQUEST"),
  };
}
