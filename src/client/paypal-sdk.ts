/**
 * Loads PayPal's JS SDK on demand: only when the customer opens the PayPal tab, once per page.
 * The services page's CSP allows PayPal's hosts for exactly this script and what it loads.
 */

/** Where the SDK comes from (the same host for sandbox and live client ids). */
export const paypalSdkUrl = "https://www.paypal.com/sdk/js";

export type PayPalApproveData = { orderID: string };
export type PayPalActions = { restart?: () => Promise<void> | void };

/** The part of `paypal.Buttons` the dialog uses. */
export type PayPalButtonsOptions = {
  style?: Record<string, string | number | boolean>;
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproveData, actions: PayPalActions) => Promise<void>;
  onCancel?: (data: unknown) => void;
  onError?: (err: unknown) => void;
};
export type PayPalButtons = { render: (container: HTMLElement) => Promise<void>; close?: () => Promise<void>; isEligible?: () => boolean };
export type PayPalNamespace = { Buttons: (options: PayPalButtonsOptions) => PayPalButtons };

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

let loading: Promise<PayPalNamespace> | null = null;

/**
 * The SDK's `paypal` namespace, loading the script the first time (a failed load may be retried).
 * `clientToken` is asked for only when the script is actually loaded.
 */
export function loadPayPalSdk(options: { clientId: string; currency: string; clientToken: () => Promise<string> }): Promise<PayPalNamespace> {
  if (window.paypal) return Promise.resolve(window.paypal);
  loading ??= options
    .clientToken()
    .then(
      (clientToken) =>
        new Promise<PayPalNamespace>((resolve, reject) => {
          const script = document.createElement("script");
          const query = new URLSearchParams({ "client-id": options.clientId, currency: options.currency, intent: "capture", components: "buttons" });
          script.src = `${paypalSdkUrl}?${query}`;
          script.async = true;
          script.dataset.clientToken = clientToken;
          script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error("the PayPal SDK loaded without its paypal global")));
          script.onerror = () => {
            script.remove();
            reject(new Error("the PayPal SDK could not be loaded"));
          };
          document.head.append(script);
        }),
    )
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}
