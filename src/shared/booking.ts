/**
 * The booking form (docs/product.md#field-messages), one schema for the island and the server. Written with
 * zod/mini so the booking page's JavaScript stays small.
 */
import { z } from "./zod-mini";

export const durationOptions = [
  { value: 30, label: "30 minutes" },
  { value: 60, label: "1 hour" },
  { value: 90, label: "1.5 hours" },
  { value: 120, label: "2 hours" },
] as const;

const requiredText = (message: string, max = 200) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Please keep this under ${max} characters`));

export const bookingSchema = z.object({
  serviceName: requiredText("Service is required", 100),
  servicePrice: z.number("Price is required").check(z.gte(0, "Price is required")),
  appointmentDate: z.string("Date is required").check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Date is required")),
  appointmentTime: z.string("Time is required").check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time is required")),
  duration: z._default(
    z.number("Duration must be at least 30 minutes").check(
      z.gte(30, "Duration must be at least 30 minutes"),
      z.refine((n) => durationOptions.some((o) => o.value === n), "Choose 30, 60, 90 or 120 minutes"),
    ),
    60,
  ),
  location: z.optional(z.string().check(z.trim(), z.maxLength(200, "Please keep the location under 200 characters"))),
  notes: z.optional(z.string().check(z.trim(), z.maxLength(2000, "Please keep the notes under 2000 characters"))),
  contactPhone: requiredText("Phone number is required", 40),
  contactEmail: z.string("Valid email is required").check(z.trim(), z.maxLength(200, "Valid email is required"), z.email("Valid email is required")),
  /** The customer was told they already have this package that day and books it again on purpose. */
  confirmDuplicate: z.optional(z.boolean()),
});

export type BookingInput = z.infer<typeof bookingSchema>;

export const bookingMessages = {
  failure: { title: "Booking failed", text: "Failed to create booking. Please try again." },
  taken: { title: "That time was just taken", text: "That time was just taken: someone booked it a moment ago. Please pick another time." },
  duplicate: { title: "Book this package twice that day?", text: "You already have this package booked on that day. Book it a second time?" },
  unauthorized: { title: "Unauthorized", text: "You are logged out. Logging in again..." },
  authRequired: { title: "Authentication required", text: "Please log in to book an appointment." },
} as const;
