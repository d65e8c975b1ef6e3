/**
 * The contact form: one schema for the form island, the no-JS form post and the API. Written with
 * zod/mini so the page's JavaScript stays small.
 */
import { z } from "./zod-mini";

export const contactServiceValues = ["checkup", "partner", "infidelity", "fullcheating", "hourly", "ongoing", "membership", "consultation", "other"] as const;

/** Options without a package price (the six packages are labelled from the pricing table). */
export const contactExtraServiceLabels: Record<string, string> = {
  membership: "Membership",
  consultation: "General Consultation",
  other: "Other",
};

export const urgencyOptions = [
  { value: "low", label: "Low - General inquiry" },
  { value: "normal", label: "Normal - Within 24 hours" },
  { value: "high", label: "High - Within 6 hours" },
  { value: "emergency", label: "Emergency - Immediate response" },
] as const;

export const contactSchema = z.object({
  name: z.string("Required").check(z.trim(), z.minLength(1, "Required"), z.maxLength(100, "Please keep the name under 100 characters")),
  email: z
    .string("Required")
    .check(
      z.trim(),
      z.minLength(1, "Required"),
      z.maxLength(200, "Please keep the e-mail under 200 characters"),
      z.email("Please enter a valid e-mail address"),
    ),
  phone: z._default(z.string("Please enter a phone number").check(z.trim(), z.maxLength(40, "Please keep the phone number under 40 characters")), ""),
  service: z.enum(contactServiceValues, "Required"),
  message: z.string("Required").check(z.trim(), z.minLength(1, "Required"), z.maxLength(5000, "Please keep the message under 5000 characters")),
  urgency: z._default(z.enum(["low", "normal", "high", "emergency"], "Choose an urgency"), "normal"),
});

/** What the form holds before validation (every field a string). */
export type ContactFormValues = {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  urgency: string;
};
export type ContactInput = z.infer<typeof contactSchema>;

export const contactDefaults: ContactFormValues = {
  name: "",
  email: "",
  phone: "",
  service: "",
  message: "",
  urgency: "normal",
};

export const contactMessages = {
  successTitle: "Message Sent Successfully",
  successText: "We'll contact you within 2 hours for secure consultation.",
  failureTitle: "Error",
  failureText: "Failed to send message. Please try again.",
} as const;

/**
 * What the form says above itself about the last attempt: the message was sent, it was refused as a
 * whole (`text` says why), or fields need fixing. One at a time, so a new attempt replaces the old word.
 */
export type ContactNotice = { kind: "sent" } | { kind: "failed"; text: string } | { kind: "invalid" };

/** The hidden field bots fill in and people never see. */
export const honeypotField = "website";
