/** The payment dialog's props: all computed on the server for the viewer (see pages/services.tsx). */
import type { CryptoAddress, ServiceOffer } from "../../domain/payment";

export type PaymentDialogProps = {
  service: ServiceOffer;
  /** Where the Select button leads before hydration and with JavaScript off. */
  fallbackHref: string;
  /** PayPal's public client id; null when card payments are not configured. */
  paypalClientId: string | null;
  cryptoAddresses: CryptoAddress[];
  cryptoDiscountPercent: number;
  /** The business's e-mail and phone, for arranging other ways to pay. */
  contact: { email: string; phone: string };
  /** The signed-in client's e-mail (requests go there); null asks for an e-mail in the dialog. */
  accountEmail: string | null;
  /** Paying one of the customer's bookings (at its own price) rather than choosing a service. */
  bookingId?: string;
  /** The trigger's words and classes, when not "Select {service}" as a full-width button. */
  triggerLabel?: string;
  triggerClassName?: string;
};

/** What a payment pays, as the payment endpoints take it: a booking, else the service. */
export type PaymentTarget = { serviceId: string } | { bookingId: string };

export function paymentTarget(props: Pick<PaymentDialogProps, "service" | "bookingId">): PaymentTarget {
  return props.bookingId ? { bookingId: props.bookingId } : { serviceId: props.service.id };
}

export type PaymentTab = "instructions" | "paypal" | "crypto" | "cash" | "other";
