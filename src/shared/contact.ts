/**
 * The contact form: one schema for the form island, the no-JS form post and the API. Written with
 * zod/mini so the page's JavaScript stays small.
 */
import { z } from "./zod-mini";

/**
 * The packages a visitor may name come from the pricing table (`contactServiceOptions`); besides them
 * only a general consultation or "other". No option stands for something the business does not sell.
 */
export const contactPackageValues = ["checkup", "partner", "infidelity", "fullcheating", "hourly", "ongoing"] as const;
export const contactServiceValues = [...contactPackageValues, "consultation", "other"] as const;

/** Options without a package price (the packages are labelled from the pricing table). */
export const contactExtraServiceLabels: Record<string, string> = {
  consultation: "General Consultation",
  other: "Other",
};

/** Labels of services once offered, for enquiries sent back then (the back office still names them). */
export const retiredContactServiceLabels: Record<string, string> = {
  membership: "Membership",
};

export const urgencyValues = ["low", "normal", "high", "emergency"] as const;

/**
 * The urgency choices. An immediate response is promised only where the business shows a phone to
 * call: without one, an emergency is still e-mailed to the investigator at once, and says only that.
 */
export function urgencyOptionsFor(businessPhone: string): { value: (typeof urgencyValues)[number]; label: string }[] {
  return [
    { value: "low", label: "Low - General inquiry" },
    { value: "normal", label: "Normal - Within 24 hours" },
    { value: "high", label: "High - Within 6 hours" },
    { value: "emergency", label: businessPhone ? "Emergency - Immediate response" : "Emergency - Sent to your investigator at once" },
  ];
}

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
  urgency: z._default(z.enum(urgencyValues, "Choose an urgency"), "normal"),
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
  failureTitle: "Error",
  failureText: "Failed to send message. Please try again.",
} as const;

const within = (hours: number) => (hours === 1 ? "within an hour" : `within ${hours} hours`);

/** The line under "Message Sent Successfully": the reply time the owner promises (the response time setting). */
export function contactSuccessText(responseHours: number): string {
  return `We'll contact you ${within(responseHours)} for secure consultation.`;
}

/**
 * What happens after a message is sent, in the panel that stays in the form's place: who reads it,
 * when and how the reply comes, and that nothing is e-mailed before it (the address is not proven).
 */
export function contactNextSteps(responseHours: number, businessPhone: string): string[] {
  return [
    `Your investigator reads it personally and replies ${within(responseHours)}, by e-mail, or by phone if you gave a number.`,
    "No automatic confirmation is e-mailed to you, so nothing about this reaches your inbox before our reply.",
    ...(businessPhone ? [`If it cannot wait, call ${businessPhone}.`] : []),
  ];
}

/**
 * What the form says above itself about the last attempt: the message was sent, it was refused as a
 * whole (`text` says why), or fields need fixing. One at a time, so a new attempt replaces the old word.
 */
export type ContactNotice = { kind: "sent" } | { kind: "failed"; text: string } | { kind: "invalid" };

/** The hidden field bots fill in and people never see. */
export const honeypotField = "website";
