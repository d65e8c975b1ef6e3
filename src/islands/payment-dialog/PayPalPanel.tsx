/**
 * The PayPal tab: the price and PayPal's checkout button. The SDK is loaded only when this tab is
 * opened; the order's amount is set by the server, and the capture is checked and recorded there.
 */
import { useRef } from "react";
import { apiRequest } from "../../client/api";
import { usePayPalButtons } from "../../client/paypal-buttons";
import { toast } from "../../client/toast-store";
import type { ServiceOffer } from "../../domain/payment";
import { formatMoneyWithCode } from "../../domain/format";
import { paymentOfText } from "./plan-text";
import type { PaymentTarget, PlanPart } from "./types";
import { paymentMessages, type PayPalOrderResult } from "../../shared/payment";

export function PayPalPanel({
  service,
  target,
  clientId,
  part,
  onPaid,
}: {
  /** What is paid now: the booking or service, or a plan's instalment. */
  service: ServiceOffer;
  /** The service, or the booking paid at its own price (the server prices it; the amount sent is ignored then). */
  target: PaymentTarget;
  clientId: string | null;
  /** The instalment of a plan this pays, if it does. */
  part: PlanPart | null;
  onPaid: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const { status: loading, retry } = usePayPalButtons(container, {
    enabled: clientId !== null,
    renderKey: JSON.stringify([clientId, target, service.amountDue, service.name]),
    currency: service.currency,
    setup: async () => ({
      clientId: clientId ?? "",
      clientToken: async () => (await apiRequest<{ clientToken: string }>("GET", "/paypal/setup")).clientToken,
    }),
    createOrder: async () => {
      const order = await apiRequest<PayPalOrderResult>("POST", "/paypal/order", {
        ...target,
        amount: service.amountDue,
        currency: service.currency,
        intent: "CAPTURE",
      });
      return order.id;
    },
    onPaid: (result) => {
      toast({
        title: paymentMessages.paidTitle,
        description: `Thank you. Your payment${part ? ` (${paymentOfText(part).toLowerCase()})` : ""} for ${service.name} is confirmed (reference ${result.referenceCode}). A receipt is on its way by e-mail.`,
        variant: "success",
      });
      onPaid();
    },
  });
  // Opened after the page has loaded: until the buttons answer, PayPal is loading.
  const status = loading === "idle" ? "loading" : loading;

  return (
    <div className="space-y-4">
      <p>
        {"Pay "}
        <strong className="text-xl">{formatMoneyWithCode(service.amountDue, service.currency)}</strong>
        {part ? ` securely with PayPal (${paymentOfText(part).toLowerCase()}).` : " securely with PayPal."}
      </p>
      {clientId ? (
        <>
          <p className="text-sm">Use your PayPal balance, a linked bank account, or a debit or credit card. You do not need a PayPal account to pay by card.</p>
          {status === "loading" && (
            <p className="flex items-center gap-2 text-sm" role="status">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Loading PayPal...
            </p>
          )}
          {status === "failed" && (
            <div role="alert" className="alert alert-error">
              <p>PayPal could not be loaded. Check your connection and try again, or choose another payment method.</p>
              <button type="button" className="btn btn-sm" onClick={retry}>
                Try again
              </button>
            </div>
          )}
          <div ref={container} data-testid="paypal-buttons" className="min-h-12" />
        </>
      ) : (
        <div role="status" className="alert">
          <p>{paymentMessages.cardsUnavailable}</p>
        </div>
      )}
    </div>
  );
}
