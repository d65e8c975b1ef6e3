/**
 * The booking form (docs/product.md#field-messages), one schema for the island and the server. Written with
 * zod/mini so the booking page's JavaScript stays small.
 */
import { z } from "./zod-mini";

/** How the customer wants to hear from us: e-mail only, or a call or text (which needs a phone number). */
export const contactMethods = [
  { value: "email", label: "E-mail only" },
  { value: "phone", label: "Call or text me" },
] as const;

export const bookingFieldMessages = {
  phoneRequired: "Phone number is required",
  hours: "Choose a whole number of hours",
  hoursMinimum: (n: number) => `Book at least ${n} hours`,
  hoursTooMany: "That is longer than one working day: choose fewer hours",
  pastClosing: "Those hours run past closing time: choose an earlier start or fewer hours",
} as const;

const requiredText = (message: string, max = 200) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Please keep this under ${max} characters`));

export const bookingSchema = z
  .object({
    serviceName: requiredText("Service is required", 100),
    servicePrice: z.number("Price is required").check(z.gte(0, "Price is required")),
    appointmentDate: z.string("Date is required").check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Date is required")),
    appointmentTime: z.string("Time is required").check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time is required")),
    /** Hours of surveillance, for a package booked by the hour (its minimum when left out); other packages ignore it. */
    hours: z.optional(
      z
        .number(bookingFieldMessages.hours)
        .check(z.int(bookingFieldMessages.hours), z.gte(1, bookingFieldMessages.hours), z.lte(24, bookingFieldMessages.hoursTooMany)),
    ),
    location: z.optional(z.string().check(z.trim(), z.maxLength(200, "Please keep the location under 200 characters"))),
    notes: z.optional(z.string().check(z.trim(), z.maxLength(2000, "Please keep the notes under 2000 characters"))),
    contactMethod: z._default(z.enum(["email", "phone"], "Choose how we should contact you"), "email"),
    /** Needed only when the customer asks to be called or texted (the privacy page says the phone is optional). */
    contactPhone: z._default(z.string().check(z.trim(), z.maxLength(40, "Please keep this under 40 characters")), ""),
    contactEmail: z.string("Valid email is required").check(z.trim(), z.maxLength(200, "Valid email is required"), z.email("Valid email is required")),
    /** The customer was told they already have this package that day and books it again on purpose. */
    confirmDuplicate: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => b.contactMethod !== "phone" || b.contactPhone.length > 0, {
      message: bookingFieldMessages.phoneRequired,
      path: ["contactPhone"],
      // Said together with the other fields' messages, not only once they are right.
      when: (payload) => {
        const v = payload.value as { contactMethod?: unknown; contactPhone?: unknown } | undefined;
        return typeof v === "object" && v !== null && (v.contactPhone === undefined || typeof v.contactPhone === "string");
      },
    }),
  );

/** What a caller sends: how to contact and the phone may be left out (e-mail only, no phone). */
export type BookingInput = z.input<typeof bookingSchema>;

export const bookingMessages = {
  failure: { title: "Booking failed", text: "Failed to create booking. Please try again." },
  taken: { title: "That time was just taken", text: "That time was just taken: someone booked it a moment ago. Please pick another time." },
  duplicate: { title: "Book this package twice that day?", text: "You already have this package booked on that day. Book it a second time?" },
  unauthorized: { title: "Unauthorized", text: "You are logged out. Logging in again..." },
  authRequired: { title: "Authentication required", text: "Please log in to book an appointment." },
} as const;
