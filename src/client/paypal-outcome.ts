/** What the customer is told when PayPal's buttons fail, on the order page and in the payment dialog alike. */
import { paymentMessages } from "../shared/payment";
import { ApiError } from "./api";

/** The toast for a capture that did not go through; `variant` is "default" while the payment is being checked. */
export function captureFailure(err: unknown) {
  // PayPal may have taken the money: a neutral notice, never "not completed".
  const checking = err instanceof ApiError && err.body?.error?.code === "payment_pending";
  return {
    title: checking ? paymentMessages.paymentCheckingTitle : paymentMessages.paymentFailedTitle,
    description: err instanceof ApiError && err.serverMessage ? err.serverMessage : "Your payment could not be completed. Please try again.",
    variant: checking ? ("default" as const) : ("destructive" as const),
  };
}

/** The words for a payment PayPal could not start (its `onError`): the server's reason when it gave one. */
export function startFailureText(err: unknown): string {
  return err instanceof ApiError && err.serverMessage
    ? err.serverMessage
    : "PayPal could not start the payment. No money was taken. Please try again or choose another method.";
}

/** A declined card: the buttons may offer the customer another funding source for the same order. */
export const isDeclined = (err: unknown) => err instanceof ApiError && err.status === 402;
