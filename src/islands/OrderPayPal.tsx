/**
 * PayPal's buttons for one shop order awaiting payment, on the order's page (mounted in its
 * `section#order-payment`). The order is created with `{ orderNumber }` only: the server charges
 * the order's own total. Once captured the page reloads to show the order paid. The SDK and its
 * client id come from GET /paypal/setup; without PayPal configured the island says so. The page
 * must allow PayPal's hosts in its CSP (`paypalPageSecurity`), as /services does.
 */
import { useEffect, useRef, useState } from "react";
import { ApiError, apiRequest } from "../client/api";
import { captureFailure, isDeclined, startFailureText } from "../client/paypal-outcome";
import { loadPayPalSdk, type PayPalButtons } from "../client/paypal-sdk";
import { toast } from "../client/toast-store";
import { formatMoneyWithCode } from "../domain/format";
import { paymentMessages, type PayPalCaptureResult, type PayPalOrderResult, type PayPalSetupResult } from "../shared/payment";

/** `currency`: the one the order was priced in, which the PayPal SDK and the order both use. */
export type OrderPayPalProps = { orderNumber: string; totalAmount: string; currency: string };

/** `idle`: rendered on the server, before any script ran. */
type Status = "idle" | "loading" | "ready" | "failed" | "unavailable" | "paid";

export default function OrderPayPal({ orderNumber, totalAmount, currency }: OrderPayPalProps) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [attempt, setAttempt] = useState(0);
  // The last answer that should stay on the page (a declined card, a payment being checked).
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger; "Try again" bumps it so the SDK is loaded and the buttons rendered again.
  useEffect(() => {
    let cancelled = false;
    let buttons: PayPalButtons | null = null;
    setStatus("loading");
    void (async () => {
      let setup: PayPalSetupResult;
      try {
        setup = await apiRequest<PayPalSetupResult>("GET", "/paypal/setup");
      } catch (err) {
        if (!cancelled) setStatus(err instanceof ApiError && err.status === 503 ? "unavailable" : "failed");
        return;
      }
      try {
        const paypal = await loadPayPalSdk({ clientId: setup.clientId, currency, clientToken: async () => setup.clientToken });
        if (cancelled || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: "vertical", label: "pay", shape: "rect" },
          createOrder: async () => (await apiRequest<PayPalOrderResult>("POST", "/paypal/order", { orderNumber })).id,
          onApprove: async ({ orderID }, actions) => {
            try {
              const result = await apiRequest<PayPalCaptureResult>("POST", `/paypal/order/${encodeURIComponent(orderID)}/capture`);
              setStatus("paid");
              toast({
                title: paymentMessages.paidTitle,
                description: `Thank you. Your payment for order ${orderNumber} is confirmed (reference ${result.referenceCode}).`,
                variant: "success",
              });
              window.location.reload();
            } catch (err) {
              const failure = captureFailure(err);
              toast(failure);
              setNotice({ text: failure.description, error: failure.variant === "destructive" });
              // A declined card: let the customer choose another funding source for the same order.
              if (isDeclined(err) && actions.restart) await actions.restart();
            }
          },
          onCancel: () => console.info("PayPal payment cancelled"),
          onError: (err) => {
            console.warn("PayPal payment failed", err);
            const text = startFailureText(err);
            toast({ title: paymentMessages.paymentFailedTitle, description: text, variant: "destructive" });
            setNotice({ text, error: true });
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
  }, [orderNumber, currency, attempt]);

  return (
    <div className="space-y-3" data-testid="order-paypal">
      <p>
        {"Pay "}
        <strong className="text-xl">{formatMoneyWithCode(totalAmount, currency)}</strong>
        {" securely with PayPal: your PayPal balance, a linked bank account, or a debit or credit card."}
      </p>
      {status === "idle" && <p className="text-sm">PayPal's buttons appear here once the page has loaded; they need JavaScript.</p>}
      {status === "loading" && (
        <p className="flex items-center gap-2 text-sm" role="status">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Loading PayPal...
        </p>
      )}
      {status === "paid" && (
        <p className="flex items-center gap-2 text-sm" role="status">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Payment received. Showing your paid order...
        </p>
      )}
      {status === "unavailable" && (
        <div role="status" className="alert">
          <p>{paymentMessages.cardsUnavailable}</p>
        </div>
      )}
      {status === "failed" && (
        <div role="alert" className="alert alert-error flex-wrap">
          <p>PayPal could not be loaded. Check your connection and try again, or contact us to arrange payment.</p>
          <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {notice && status !== "paid" && (
        <div role="alert" className={notice.error ? "alert alert-error" : "alert alert-info"}>
          <p>{notice.text}</p>
        </div>
      )}
      <div ref={container} data-testid="paypal-buttons" className={status === "paid" ? "hidden" : "min-h-12"} />
    </div>
  );
}
