/** The e-mails of a booking moved by its customer: the business's notice and the customer's updated invitation. */
import { formatAppointment, formatMoney, timeZoneCity } from "../../domain/format";
import { adminRecordPath, bookingRecordKey } from "../../shared/admin-records";
import type { MailMessage } from "../outbox.server";
import type { VisitorText } from "../visitor-text";
import { reference } from "./bookings";
import { replyOrCall } from "../../domain/payment-instructions";
import { plainText } from "./layout";

export type BookingMovedMailInput = {
  /** The currency prices are shown in: the booking's own (the one it was booked in). */
  currency: string;
  booking: {
    id: string;
    reference?: string | null;
    serviceName: string;
    servicePrice: string;
    status: string;
    appointmentDate: string;
    appointmentTime: string;
    duration: number;
    location: VisitorText | null;
    contactPhone: VisitorText | null;
  };
  /** Where the appointment was before the move. */
  from: { appointmentDate: string; appointmentTime: string };
  /** The account's confirmed address, or null when it is not confirmed (the customer is then not mailed). */
  customerEmail: string | null;
  /** The account's name as its owner typed it, else its address. */
  customerName: VisitorText;
  businessName: string;
  businessEmail: string;
  /** The business's phone as customers may see it: empty while a placeholder (decision 037). */
  businessPhone: string;
  origin: string;
  timeZone: string;
  /** The updated invitation: same UID, the next SEQUENCE, METHOD:REQUEST (decision 028). */
  ics: string;
};

const invitation = (ics: string) => ({
  attachments: [{ filename: "appointment.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
});

/** The customer's confirmation of the new time, with the invitation that moves the event in their calendar; null with no confirmed address. */
export function bookingMovedMail(m: BookingMovedMailInput): MailMessage | null {
  if (!m.customerEmail) return null;
  const b = m.booking;
  const when = formatAppointment(b.appointmentDate, b.appointmentTime);
  const was = formatAppointment(m.from.appointmentDate, m.from.appointmentTime);
  return {
    to: m.customerEmail,
    replyTo: m.businessEmail,
    subject: `Booking moved: appointment ${reference(b)} now on ${when}`,
    text: plainText([
      `Your appointment has moved to ${when} (${timeZoneCity(m.timeZone)} time).`,
      ``,
      `Service: ${b.serviceName}`,
      `New time: ${when} (${timeZoneCity(m.timeZone)} time), ${b.duration} minutes`,
      `Was: ${was}`,
      b.location ? `Where: ${b.location}` : `Where: to be agreed with your investigator`,
      `Price: ${formatMoney(b.servicePrice, m.currency)}`,
      `Reference: ${reference(b)}`,
      ...(b.status === "pending" ? [`The booking is still awaiting confirmation; we will e-mail you once your investigator confirms it.`] : []),
      ``,
      `The attached invitation moves the appointment in your calendar.`,
      `Your bookings: ${m.origin}/dashboard`,
      `Questions: ${replyOrCall(m.businessPhone)}.`,
      ``,
      m.businessName,
    ]),
    ...invitation(m.ics),
  };
}

/** The business's notice that a customer moved their booking, with the same updated invitation. */
export function bookingMovedNotification(m: BookingMovedMailInput): MailMessage {
  const b = m.booking;
  const when = formatAppointment(b.appointmentDate, b.appointmentTime);
  const was = formatAppointment(m.from.appointmentDate, m.from.appointmentTime);
  return {
    to: m.businessEmail,
    replyTo: m.customerEmail ?? undefined,
    subject: `Booking moved: ${b.serviceName} from ${was} to ${when}`,
    text: plainText([
      `${m.customerName} moved their booking through the website. The old time is free again.`,
      ``,
      `Service: ${b.serviceName}`,
      `New time: ${when} (${timeZoneCity(m.timeZone)} time), ${b.duration} minutes`,
      `Was: ${was}`,
      `Status: ${b.status}`,
      `Phone: ${b.contactPhone ?? ""}`,
      `E-mail: ${m.customerEmail ?? "(not confirmed)"}`,
      `Booking id: ${b.id}`,
      ``,
      `Manage it in the admin portal: ${m.origin}${adminRecordPath("bookings", bookingRecordKey(b))}`,
    ]),
    ...invitation(m.ics),
  };
}
