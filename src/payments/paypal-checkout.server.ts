/**
 * The customer's side of PayPal as the /paypal routes use it: the SDK's setup, opening an order
 * and capturing it. The PayPal client stays inside src/payments/, so a handler never calls PayPal
 * itself; it asks for this checkout and calls one of its actions.
 */
import type { CurrentUser } from "../components/site";
import type { AppDeps } from "../server/deps";
import type { PayPalCaptureResult, PayPalOrderInput, PayPalOrderResult, PayPalSetupResult } from "../shared/payment";
import { capturePayPalOrder } from "./capture.server";
import { payPalCallFailed } from "./paypal-failures.server";
import { openPayPalOrder } from "./paypal-order.server";
import { paypalClientFromEnv } from "./paypal.server";

export type PayPalCheckout = {
  /** A client token for the browser SDK, and the public client id it is loaded with. */
  setup(): Promise<PayPalSetupResult>;
  /** Opens a PayPal order for what the customer pays; see `openPayPalOrder`. */
  openOrder(input: PayPalOrderInput, user: CurrentUser | null): Promise<PayPalOrderResult>;
  /** Captures an order we opened; see `capturePayPalOrder`. */
  capture(orderId: string | null): Promise<PayPalCaptureResult>;
};

/** The PayPal checkout, one client (and so one cached access token) for all its calls; null when PayPal is not configured. */
export function paypalCheckout(deps: AppDeps): PayPalCheckout | null {
  const paypal = paypalClientFromEnv(deps.env);
  if (!paypal) return null;
  return {
    async setup() {
      try {
        // The client id is public (the SDK's URL carries it); islands outside /services read it here.
        return { clientToken: await paypal.clientToken(), clientId: paypal.clientId };
      } catch (err) {
        throw payPalCallFailed(err, "setup");
      }
    },
    openOrder: (input, user) => openPayPalOrder(deps, paypal, input, user),
    capture: (orderId) => capturePayPalOrder(deps, paypal, orderId),
  };
}
