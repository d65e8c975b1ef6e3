/**
 * The PayPal tab: the price and PayPal's checkout button. The SDK is loaded only when this tab is
 * opened; the order's amount is set by the server, and the capture is checked and recorded there.
 */
import { useEffect, useRef, useState } from "react";
import { apiRequest } from "../../client/api";
import { captureFailure, isDeclined, startFailureText } from "../../client/paypal-outcome";
import { loadPayPalSdk, type PayPalButtons } from "../../client/paypal-sdk";
import { toast } from "../../client/toast-store";
import type { ServiceOffer } from "../../domain/payment";
import { formatMoneyWithCode } from "../../domain/format";
import type { PaymentTarget } from "./types";
import { paymentMessages, type PayPalCaptureResult, type PayPalOrderResult } from "../../shared/payment";

type Status = "loading" | "ready" | "failed";

export function PayPalPanel({
  service,
  target,
  clientId,
  onPaid,
}: {
  service: ServiceOffer;
  /** The service, or the booking paid at its own price (the server prices it; the amount sent is ignored then). */
  target: PaymentTarget;
  clientId: string | null;
  onPaid: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>("loading");
  const [attempt, setAttempt] = useState(0);
  // The latest onPaid, without re-rendering PayPal's buttons whenever the dialog re-renders.
  const paid = useRef(onPaid);
  useEffect(() => {
    paid.current = onPaid;
  }, [onPaid]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger; "Try again" bumps it so the SDK is loaded and the buttons rendered again.
  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    let buttons: PayPalButtons | null = null;
    setStatus("loading");
    void (async () => {
      try {
        const paypal = await loadPayPalSdk({
          clientId,
          currency: service.currency,
          clientToken: async () => (await apiRequest<{ clientToken: string }>("GET", "/paypal/setup")).clientToken,
        });
        if (cancelled || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: "vertical", label: "pay", shape: "rect" },
          createOrder: async () => {
            const order = await apiRequest<PayPalOrderResult>("POST", "/paypal/order", {
              ...target,
              amount: service.amountDue,
              currency: service.currency,
              intent: "CAPTURE",
            });
            return order.id;
          },
          onApprove: async ({ orderID }, actions) => {
            try {
              const result = await apiRequest<PayPalCaptureResult>("POST", `/paypal/order/${encodeURIComponent(orderID)}/capture`);
              toast({
                title: paymentMessages.paidTitle,
                description: `Thank you. Your payment for ${service.name} is confirmed (reference ${result.referenceCode}). A receipt is on its way by e-mail.`,
                variant: "success",
              });
              paid.current();
            } catch (err) {
              toast(captureFailure(err));
              // A declined card: let the customer choose another funding source for the same order.
              if (isDeclined(err) && actions.restart) await actions.restart();
            }
          },
          onCancel: () => console.info("PayPal payment cancelled"),
          onError: (err) => {
            console.warn("PayPal payment failed", err);
            toast({ title: paymentMessages.paymentFailedTitle, description: startFailureText(err), variant: "destructive" });
          },
        });
        await buttons.render(container.current);
        if (!cancelled) setStatus("ready");
      } catch (err) {
        console.warn("PayPal could not be loaded", err);
        if (!cancelled) setStatus("failed");
      }
    })();
    return () => {
      cancelled = true;
      void buttons?.close?.().catch(() => undefined);
    };
  }, [clientId, attempt, target, service.amountDue, service.name]);

  return (
    <div className="space-y-4">
      <p>
        {"Pay "}
        <strong className="text-xl">{formatMoneyWithCode(service.amountDue, service.currency)}</strong>
        {" securely with PayPal."}
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
              <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>
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
