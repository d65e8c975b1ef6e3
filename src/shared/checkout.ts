/**
 * The checkout form: Australian addresses and the payment method, one schema for the checkout
 * island, the plain form (JavaScript off) and `POST /api/orders`. Written with zod/mini so the
 * checkout page's JavaScript stays small.
 */
import { z } from "./zod-mini";

/** The eight states and territories an order can ship to. */
export const australianStates = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AustralianState = (typeof australianStates)[number];

export const stateNames: Record<AustralianState, string> = {
  ACT: "Australian Capital Territory",
  NSW: "New South Wales",
  NT: "Northern Territory",
  QLD: "Queensland",
  SA: "South Australia",
  TAS: "Tasmania",
  VIC: "Victoria",
  WA: "Western Australia",
};

/** How an order can be paid; PayPal only when it is configured. */
export const orderPaymentMethods = ["paypal", "bank_transfer", "crypto", "cash_deposit"] as const;
export type OrderPaymentMethod = (typeof orderPaymentMethods)[number];

export const paymentMethodLabels: Record<OrderPaymentMethod, string> = {
  paypal: "PayPal",
  bank_transfer: "Bank transfer",
  crypto: "Cryptocurrency",
  cash_deposit: "Cash deposit",
};

const requiredText = (message: string, max: number) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Please keep this under ${max} characters`));

export const addressSchema = z.object({
  name: requiredText("Name is required", 100),
  line1: requiredText("Street address is required", 120),
  line2: z.optional(z.string().check(z.trim(), z.maxLength(120, "Please keep this under 120 characters"))),
  suburb: requiredText("Suburb is required", 60),
  state: z.enum(australianStates, "Choose a state or territory"),
  postcode: z.string("Postcode is required").check(z.trim(), z.regex(/^\d{4}$/, "Postcode must be 4 digits")),
  phone: z
    .string("Phone number is required")
    .check(z.trim(), z.minLength(1, "Phone number is required"), z.regex(/^[+()\d\s-]{6,20}$/, "Enter a phone number such as 0412 345 678")),
});
export type ShippingAddress = z.infer<typeof addressSchema>;

export const checkoutSchema = z.object({
  shippingAddress: addressSchema,
  /** Absent means the same as the shipping address. */
  billingAddress: z.optional(addressSchema),
  paymentMethod: z.enum(orderPaymentMethods, "Choose how you will pay"),
  notes: z.optional(z.string().check(z.trim(), z.maxLength(1000, "Please keep the notes under 1000 characters"))),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;
