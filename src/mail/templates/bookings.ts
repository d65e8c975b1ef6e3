/** The e-mails of a booking: the customer's confirmation and the business's notice, both with the `.ics`. */
import { formatMoney, timeZoneCity } from "../../domain/format";
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

export type BookingMailInput = {
  booking: {
    id: string;
    serviceName: string;
    servicePrice: string;
    originalPrice: string | null;
    appointmentDate: string;
    appointmentTime: string;
    duration: number;
    location: string | null;
    notes: string | null;
    contactPhone: string | null;
    contactEmail: string | null;
  };
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  manageUrl: string;
  whenText: string;
  /** The business timezone the appointment's wall-clock time is in (settings). */
  timeZone: string;
  ics: string;
};

/** The customer's confirmation, with the calendar invitation attached. */
export function bookingConfirmationMail(m: BookingMailInput): MailMessage {
  const b = m.booking;
  if (b.contactEmail === null) throw new Error(`booking ${b.id} has no contact e-mail to confirm to`);
  const saved = b.originalPrice && b.originalPrice !== b.servicePrice ? ` (new-client price; list price ${formatMoney(b.originalPrice)})` : "";
  return {
    to: b.contactEmail,
    replyTo: m.businessEmail,
    subject: `Booking received: ${b.serviceName} on ${m.whenText}`,
    text: plainText([
      `Thank you. Your appointment is scheduled:`,
      ``,
      `Service: ${b.serviceName}`,
      `When: ${m.whenText} (${timeZoneCity(m.timeZone)} time), ${b.duration} minutes`,
      `Price: ${formatMoney(b.servicePrice)}${saved}`,
      b.location ? `Where: ${b.location}` : `Where: to be agreed with your investigator`,
      `Reference: ${b.id.slice(0, 8).toUpperCase()}`,
      ``,
      `The booking is pending until your investigator confirms it. You can see or cancel it here:`,
      m.manageUrl,
      ``,
      `The attached invitation adds the appointment to your calendar.`,
      `Questions: reply to this e-mail or call ${m.businessPhone}.`,
      ``,
      m.businessName,
    ]),
    attachments: [{ filename: "appointment.ics", content: m.ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
  };
}

/** The business's notice of a new booking. */
export function bookingNotificationMail(m: BookingMailInput): MailMessage {
  const b = m.booking;
  return {
    to: m.businessEmail,
    replyTo: b.contactEmail ?? undefined,
    subject: `New booking: ${b.serviceName} on ${m.whenText}`,
    text: plainText([
      `A customer booked through the website.`,
      ``,
      `Service: ${b.serviceName}`,
      `When: ${m.whenText} (${timeZoneCity(m.timeZone)} time), ${b.duration} minutes`,
      `Price: ${formatMoney(b.servicePrice)}${b.originalPrice && b.originalPrice !== b.servicePrice ? ` (list ${formatMoney(b.originalPrice)})` : ""}`,
      `Phone: ${b.contactPhone ?? ""}`,
      `E-mail: ${b.contactEmail ?? ""}`,
      `Location: ${b.location ?? "(not given)"}`,
      `Notes: ${b.notes ?? "(none)"}`,
      `Booking id: ${b.id}`,
    ]),
    attachments: [{ filename: "appointment.ics", content: m.ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
  };
}
