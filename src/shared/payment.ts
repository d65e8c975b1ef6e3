/**
 * The payment dialog's payloads: one schema each for payment requests (instructions, cash
 * deposit) and PayPal orders, used by the island and by the server's validators. Written with
 * zod/mini so the dialog's JavaScript stays small (decision 006).
 */
import { currencyName } from "../domain/currency";
import { type InstalmentRequested, instalmentsField } from "./payment-plan";
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

/** A booking's id (a UUID) as the dashboard's Pay button sends it. */
const bookingIdField = z.string("Choose a booking").check(z.trim(), z.regex(/^[0-9a-f-]{36}$/, "Choose a booking"));

/** Payment plans are for bookings only (decision 085). */
const instalmentsOnlyForBooking = "Payment plans are for bookings: choose one of your bookings to pay in instalments";

/**
 * POST /api/payment-requests, for a service (`serviceId`) or for one of the customer's bookings
 * (`bookingId`, signed in only), exactly one of the two. `email` is required when signed out; a
 * signed-in client's account e-mail is used.
 */
export const paymentRequestSchema = z
  .object({
    serviceId: z.optional(serviceIdField),
    bookingId: z.optional(bookingIdField),
    method: z.enum(paymentRequestMethods, "Choose a payment method"),
    email: z.optional(paymentEmailField),
    /** A booking's payment plan: 2-4 makes the plan on the first request (decision 085). */
    instalments: instalmentsField,
  })
  .check(
    z.refine((v) => v.serviceId !== undefined || v.bookingId !== undefined, { message: "Choose a service", path: ["serviceId"] }),
    z.refine((v) => (v.instalments ?? 1) === 1 || v.bookingId !== undefined, { message: instalmentsOnlyForBooking, path: ["instalments"] }),
    z.refine((v) => v.serviceId === undefined || v.bookingId === undefined, {
      message: "Pay for either a service or a booking, not both",
      path: ["bookingId"],
    }),
  );
export type PaymentRequestInput = z.infer<typeof paymentRequestSchema>;

/** The dialog's e-mail form, for signed-out clients. */
export const paymentEmailSchema = z.object({ email: paymentEmailField });
export type PaymentEmailValues = { email: string };

const amountMessage = "Enter the amount as a number";
const currencyMessage = "Give the currency as a 3-letter code, such as USD";

/** The refusal of a currency other than the business's (the currency setting). */
export function onlyCurrencyMessage(currency: string): string {
  return `Only ${currencyName(currency)} (${currency}) are accepted`;
}
const intentMessage = "Only immediate capture is supported";

/** A shop order's number as the customer sees it (`PI-7KQ4-M2XD`); lower case is read as upper. */
const orderNumberField = z
  .string("Give the order number")
  .check(z.trim(), z.toUpperCase(), z.regex(/^PI-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/, "Give the order number, such as PI-7KQ4-M2XD"));

export const paypalOrderMessages = {
  /** Neither a service nor an order was named (the service form's message, as before). */
  neither: "Choose a service",
  both: "Pay for either a service or a shop order, not both",
  bookingAlone: "Pay for a booking on its own, without a service or shop order",
} as const;

/**
 * POST /paypal/order: for a service (`serviceId`), one of the customer's shop orders
 * (`orderNumber`) or one of their bookings (`bookingId`, at its own price), exactly one of them. The server computes the amount: a service's from the
 * pricing table and the viewer's discount, an order's from the order itself. `amount`,
 * `currency` and `intent` (the payment provider's usual order fields) may be sent; for a service
 * they must then match, for an order they are ignored.
 */
export const paypalOrderSchema = z
  .object({
    serviceId: z.optional(serviceIdField),
    orderNumber: z.optional(orderNumberField),
    bookingId: z.optional(bookingIdField),
    amount: z.optional(
      z.union(
        [z.number(amountMessage).check(z.gte(0, amountMessage)), z.string(amountMessage).check(z.trim(), z.regex(/^\d{1,7}(\.\d{1,2})?$/, amountMessage))],
        amountMessage,
      ),
    ),
    // Checked against the currency setting by the handler.
    currency: z.optional(z.string(currencyMessage).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, currencyMessage))),
    intent: z.optional(z.pipe(z.string(intentMessage).check(z.trim(), z.toUpperCase()), z.literal("CAPTURE", intentMessage))),
    instalments: instalmentsField,
  })
  .check(
    z.refine((v) => (v.instalments ?? 1) === 1 || v.bookingId !== undefined, { message: instalmentsOnlyForBooking, path: ["instalments"] }),
    z.refine((v) => v.serviceId !== undefined || v.orderNumber !== undefined || v.bookingId !== undefined, {
      message: paypalOrderMessages.neither,
      path: ["serviceId"],
    }),
    z.refine((v) => v.serviceId === undefined || v.orderNumber === undefined, { message: paypalOrderMessages.both, path: ["orderNumber"] }),
    z.refine((v) => v.bookingId === undefined || (v.serviceId === undefined && v.orderNumber === undefined), {
      message: paypalOrderMessages.bookingAlone,
      path: ["bookingId"],
    }),
  );
export type PayPalOrderInput = z.infer<typeof paypalOrderSchema>;

/** Answers of the payment endpoints. */
export type PaymentRequestResult = {
  referenceCode: string;
  email: string;
  /** With a payment plan: the instalment this request pays. */
  instalment?: InstalmentRequested;
  /** A booking's earlier requests this one replaced (now cancelled), and the words that say so. */
  replaces?: string[];
  notice?: string;
};

/** What a booking's new payment request says when it replaced earlier ones: in its answer, the dialog and its e-mail. */
export function replacesNotice(earlier: readonly string[]): string {
  const which = earlier.length === 1 ? `request ${earlier[0]}` : `requests ${earlier.join(" and ")}`;
  return `This replaces your earlier ${which}; please use the new reference.`;
}
export type PayPalOrderResult = { id: string };
/** GET /paypal/setup: the SDK's client token, and the (public) client id it is loaded with. */
export type PayPalSetupResult = { clientToken: string; clientId: string };
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
