/**
 * The booking form as the plain page posts it (POST /booking, JavaScript off): strings, and a time
 * that carries its own day, as on the move page. `bookingPayload` turns it into the body the booking
 * island sends to POST /api/bookings/calendar, so `bookingSchema` and the same action judge both.
 * No zod here.
 */

export const bookingFormFields = [
  "service",
  "serviceName",
  "servicePrice",
  "appointmentDate",
  "slot",
  "hours",
  "contactMethod",
  "contactPhone",
  "contactEmail",
  "location",
  "notes",
  "confirmDuplicate",
] as const;
export type BookingFormValues = Record<(typeof bookingFormFields)[number], string>;

/** A fresh form for `contactEmail` (the account's address): e-mail contact, nothing else filled. */
export function emptyBookingForm(contactEmail: string): BookingFormValues {
  const values = Object.fromEntries(bookingFormFields.map((f) => [f, ""])) as BookingFormValues;
  return { ...values, contactMethod: "email", contactEmail };
}

/** The form's fields as posted (anything else left out, anything missing empty). */
export function bookingFormFromFields(fields: Record<string, string>): BookingFormValues {
  return Object.fromEntries(bookingFormFields.map((f) => [f, fields[f] ?? ""])) as BookingFormValues;
}

/** What a form says of a time sent with another day than the one whose times it showed. */
export const timeOnOtherDay = (day: string) => `The time you picked is not on ${day}. Choose one of the times shown for ${day}.`;

/** A time as the plain forms (booking and moving) offer it, "2026-12-03T11:00": it can only be sent with its own day. */
export const slotValue = (date: string, time: string) => `${date}T${time}`;

/**
 * The body for `bookingSchema`, or "other_day" when the time picked is on another day than the one
 * whose times the page showed (a page left open, or altered). No time picked leaves the time empty,
 * which the schema names under the times.
 */
export function bookingPayload(v: BookingFormValues): Record<string, unknown> | "other_day" {
  const [slotDate = "", slotTime = ""] = v.slot.split("T");
  if (v.slot !== "" && slotDate !== v.appointmentDate) return "other_day";
  return {
    serviceName: v.serviceName,
    servicePrice: v.servicePrice === "" ? undefined : Number(v.servicePrice),
    appointmentDate: v.appointmentDate,
    appointmentTime: slotTime,
    ...(v.hours.trim() === "" ? {} : { hours: Number(v.hours) }),
    location: v.location,
    notes: v.notes,
    ...(v.contactMethod === "" ? {} : { contactMethod: v.contactMethod }),
    contactPhone: v.contactPhone,
    contactEmail: v.contactEmail,
    ...(v.confirmDuplicate === "yes" ? { confirmDuplicate: true } : {}),
  };
}
