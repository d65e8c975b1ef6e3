/**
 * The payment dialog's payloads: one schema each for payment requests (instructions, cash
 * deposit) and PayPal orders, used by the island and by the server's validators. Written with
 * zod/mini so the dialog's JavaScript stays small (decision 006).
 */
import { z } from "./zod-mini";

export const paymentRequestMethods = ["instructions", "cash"] as const;
export type PaymentRequestMethod = (typeof paymentRequestMethods)[number];

/** The e-mail a signed-out client gives in the dialog (same rule and messages as the contact form). */
export const paymentEmailField = z
  .string("Required")
  .check(z.trim(), z.minLength(1, "Required"), z.maxLength(200, "Please keep the e-mail under 200 characters"), z.email("Please enter a valid e-mail address"));

const serviceIdField = z
  .string("Choose a service")
  .check(z.trim(), z.minLength(1, "Choose a service"), z.maxLength(40, "Choose a service"), z.regex(/^[a-z0-9-]+$/, "Choose a service"));

/** POST /api/payment-requests. `email` is required when signed out; a signed-in client's account e-mail is used. */
export const paymentRequestSchema = z.object({
  serviceId: serviceIdField,
  method: z.enum(paymentRequestMethods, "Choose a payment method"),
  email: z.optional(paymentEmailField),
});
export type PaymentRequestInput = z.infer<typeof paymentRequestSchema>;

/** The dialog's e-mail form, for signed-out clients. */
export const paymentEmailSchema = z.object({ email: paymentEmailField });
export type PaymentEmailValues = { email: string };

const amountMessage = "Enter the amount as a number";
const currencyMessage = "Only US dollars (USD) are accepted";
const intentMessage = "Only immediate capture is supported";

/**
 * POST /paypal/order. The server computes the amount from the pricing table and the viewer's
 * discount; `amount`, `currency` and `intent` (the payment provider's usual order fields) may be sent and must then match.
 */
export const paypalOrderSchema = z.object({
  serviceId: serviceIdField,
  amount: z.optional(
    z.union(
      [z.number(amountMessage).check(z.gte(0, amountMessage)), z.string(amountMessage).check(z.trim(), z.regex(/^\d{1,7}(\.\d{1,2})?$/, amountMessage))],
      amountMessage,
    ),
  ),
  currency: z.optional(z.pipe(z.string(currencyMessage).check(z.trim(), z.toUpperCase()), z.literal("USD", currencyMessage))),
  intent: z.optional(z.pipe(z.string(intentMessage).check(z.trim(), z.toUpperCase()), z.literal("CAPTURE", intentMessage))),
});
export type PayPalOrderInput = z.infer<typeof paypalOrderSchema>;

/** Answers of the payment endpoints. */
export type PaymentRequestResult = { referenceCode: string; email: string };
export type PayPalOrderResult = { id: string };
export type PayPalCaptureResult = { id: string; status: "COMPLETED"; referenceCode: string };

/** The dialog's toast titles (docs/product.md#toasts-and-notices) and texts. */
export const paymentMessages = {
  instructionsTitle: "Payment Instructions Requested",
  cashTitle: "Cash Deposit Instructions Sent",
  copiedTitle: "Copied to Clipboard",
  paidTitle: "Payment Received",
  failureTitle: "Error",
  failureText: "Failed to send your request. Please try again.",
  paymentFailedTitle: "Payment not completed",
  /** When PayPal did not confirm a capture in time and the server is checking: money may have been taken. */
  paymentCheckingTitle: "Checking your payment",
  cardsUnavailable: "Card payments are not available right now. Please choose another payment method, or contact us to arrange payment.",
} as const;
