/** The payment dialog's props: all computed on the server for the viewer (see pages/services.tsx). */
import type { CryptoAddress, ServiceOffer } from "../../domain/payment";
import type { PlanInstalmentChoice, PlanOption, PlanView } from "../../shared/payment-plan";

export type PaymentDialogProps = {
  service: ServiceOffer;
  /** Where the Select button leads before hydration and with JavaScript off. */
  fallbackHref: string;
  /** PayPal's public client id; null when card payments are not configured. */
  paypalClientId: string | null;
  cryptoAddresses: CryptoAddress[];
  cryptoDiscountPercent: number;
  /** Whether payment plans may be promised: only while the owner offers them (`plansPromised`, decision 087). */
  plansPromised: boolean;
  /** The business's e-mail and phone, for arranging other ways to pay. */
  contact: { email: string; phone: string };
  /** The signed-in client's e-mail (requests go there); null asks for an e-mail in the dialog. */
  accountEmail: string | null;
  /** Paying one of the customer's bookings (at its own price) rather than choosing a service. */
  bookingId?: string;
  /** The booking's payment plan once chosen: the dialog then asks for its next instalment instead of offering the choice. */
  plan?: PlanView | null;
  /** The plans the booking may be paid in (2, 3 or 4 payments) while it has none; empty or absent: in full only. */
  planOptions?: PlanOption[];
  /** The owner's plan settings, so a service's dialog promises a plan only where its booking will be offered one. */
  planRule?: PlanRule;
  /** The trigger's words and classes, when not "Select {service}" as a full-width button. */
  triggerLabel?: string;
  triggerClassName?: string;
};

/**
 * What a payment pays, as the payment endpoints take it: a booking (with the number of payments
 * chosen, when the customer chose a plan), else the service.
 */
export type PaymentTarget = { serviceId: string } | { bookingId: string; instalments?: PlanInstalmentChoice };

export function paymentTarget(props: Pick<PaymentDialogProps, "service" | "bookingId">, instalments: PlanInstalmentChoice = 1): PaymentTarget {
  if (!props.bookingId) return { serviceId: props.service.id };
  // Only a plan's first payment names the count: later ones pay the plan's next instalment.
  return instalments > 1 ? { bookingId: props.bookingId, instalments } : { bookingId: props.bookingId };
}

/** Which bookings may be paid by a plan besides `plansPromised`: the services and the smallest price (decision 085's settings). */
export type PlanRule = { serviceIds: string; minimum: number | string };

/** The instalment of a plan a payment is for: "payment 1 of 3". */
export type PlanPart = { number: number; of: number };

export type PaymentTab = "instructions" | "paypal" | "crypto" | "cash" | "other";
