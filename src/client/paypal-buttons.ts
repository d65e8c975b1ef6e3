/**
 * PayPal's buttons in one place, for the order page (`OrderPayPal`) and the payment dialog
 * (`PayPalPanel`): the SDK loaded, the buttons rendered into a container, the capture sent to our
 * server, and the customer told the truth when it fails (`paypal-outcome.ts`). A declined card lets
 * them choose another funding source for the same order. "Try again" loads everything again.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { paymentMessages, type PayPalCaptureResult } from "../shared/payment";
import { ApiError, apiRequest } from "./api";
import { captureFailure, isDeclined, startFailureText } from "./paypal-outcome";
import { loadPayPalSdk, type PayPalButtons } from "./paypal-sdk";
import { toast } from "./toast-store";

/** `idle`: rendered on the server, before any script ran; `unavailable`: the site does not take PayPal (503 from /paypal/setup). */
export type PayPalButtonsStatus = "idle" | "loading" | "ready" | "failed" | "unavailable";

export type PayPalButtonsOptions = {
  /** False while there is nothing to pay with (no client id yet): nothing is loaded. */
  enabled: boolean;
  /** Changes when the buttons must be rendered again for another order, amount or currency. */
  renderKey: string;
  currency: string;
  /** The SDK's client id and the way to its client token. */
  setup: () => Promise<{ clientId: string; clientToken: () => Promise<string> }>;
  /** Opens the PayPal order on our server; answers its id. */
  createOrder: () => Promise<string>;
  /** The capture went through and is recorded. */
  onPaid: (result: PayPalCaptureResult) => void;
  /** Besides the toast, what the customer should keep reading (a declined card, a payment being checked). */
  onNotice?: (notice: { text: string; error: boolean }) => void;
};

/** Renders PayPal's buttons into `container`; answers where loading stands and a way to try again. */
export function usePayPalButtons(container: RefObject<HTMLDivElement | null>, options: PayPalButtonsOptions) {
  const [status, setStatus] = useState<PayPalButtonsStatus>("idle");
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, without rendering PayPal's buttons again whenever the island re-renders.
  const latest = useRef(options);
  latest.current = options;
  const { enabled, renderKey, currency } = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger and `renderKey` names what the buttons are for; both render them again.
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let buttons: PayPalButtons | null = null;
    setStatus("loading");
    void (async () => {
      let setup: Awaited<ReturnType<PayPalButtonsOptions["setup"]>>;
      try {
        setup = await latest.current.setup();
      } catch (err) {
        if (!cancelled) setStatus(err instanceof ApiError && err.status === 503 ? "unavailable" : "failed");
        return;
      }
      try {
        const paypal = await loadPayPalSdk({ clientId: setup.clientId, currency, clientToken: setup.clientToken });
        if (cancelled || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: "vertical", label: "pay", shape: "rect" },
          createOrder: () => latest.current.createOrder(),
          onApprove: async ({ orderID }, actions) => {
            try {
              latest.current.onPaid(await apiRequest<PayPalCaptureResult>("POST", `/paypal/order/${encodeURIComponent(orderID)}/capture`));
            } catch (err) {
              const failure = captureFailure(err);
              toast(failure);
              latest.current.onNotice?.({ text: failure.description, error: failure.variant === "destructive" });
              if (isDeclined(err) && actions.restart) await actions.restart();
            }
          },
          onCancel: () => console.info("PayPal payment cancelled"),
          onError: (err) => {
            console.warn("PayPal payment failed", err);
            const text = startFailureText(err);
            toast({ title: paymentMessages.paymentFailedTitle, description: text, variant: "destructive" });
            latest.current.onNotice?.({ text, error: true });
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
  }, [enabled, renderKey, currency, attempt]);

  return { status, retry: () => setAttempt((n) => n + 1) };
}
