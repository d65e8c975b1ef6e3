/**
 * PayPal's buttons for one shop order awaiting payment, on the order's page (mounted in its
 * `section#order-payment`). The order is created with `{ orderNumber }` only: the server charges
 * the order's own total. Once captured the page reloads to show the order paid. The SDK and its
 * client id come from GET /paypal/setup; without PayPal configured the island says so. The page
 * must allow PayPal's hosts in its CSP (`paypalPageSecurity`), as /services does.
 */
import { useRef, useState } from "react";
import { apiRequest } from "../client/api";
import { usePayPalButtons } from "../client/paypal-buttons";
import { toast } from "../client/toast-store";
import { formatMoneyWithCode } from "../domain/format";
import { paymentMessages, type PayPalOrderResult, type PayPalSetupResult } from "../shared/payment";

/** `currency`: the one the order was priced in, which the PayPal SDK and the order both use. */
export type OrderPayPalProps = { orderNumber: string; totalAmount: string; currency: string };

export default function OrderPayPal({ orderNumber, totalAmount, currency }: OrderPayPalProps) {
  const container = useRef<HTMLDivElement>(null);
  const [paid, setPaid] = useState(false);
  // The last answer that should stay on the page (a declined card, a payment being checked).
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const buttons = usePayPalButtons(container, {
    enabled: true,
    renderKey: orderNumber,
    currency,
    setup: async () => {
      const setup = await apiRequest<PayPalSetupResult>("GET", "/paypal/setup");
      return { clientId: setup.clientId, clientToken: async () => setup.clientToken };
    },
    createOrder: async () => (await apiRequest<PayPalOrderResult>("POST", "/paypal/order", { orderNumber })).id,
    onPaid: (result) => {
      setPaid(true);
      toast({
        title: paymentMessages.paidTitle,
        description: `Thank you. Your payment for order ${orderNumber} is confirmed (reference ${result.referenceCode}).`,
        variant: "success",
      });
      window.location.reload();
    },
    onNotice: setNotice,
  });
  const status = paid ? "paid" : buttons.status;

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
          <button type="button" className="btn btn-sm" onClick={buttons.retry}>
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
