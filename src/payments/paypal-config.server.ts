/**
 * Whether and where the site talks to PayPal, and what a page showing PayPal's buttons must allow.
 * Pages read this to decide whether to offer PayPal; only src/payments/ makes the client that calls it.
 */
import type { Env } from "../server/env.server";
import { log } from "../server/log.server";
import type { SecurityExtension } from "../server/middleware/security-headers";

export const paypalSandboxApiBase = "https://api-m.sandbox.paypal.com";
export const paypalLiveApiBase = "https://api-m.paypal.com";

/**
 * What the page with PayPal's buttons needs: its CSP to allow PayPal's published hosts, and
 * PayPal's checkout popup to keep its link back to the page (COOP same-origin-allow-popups).
 */
export const paypalPageSecurity: SecurityExtension = {
  csp: {
    "script-src": ["https://*.paypal.com", "https://*.paypalobjects.com"],
    "connect-src": ["https://*.paypal.com", "https://*.paypalobjects.com"],
    "frame-src": ["https://*.paypal.com"],
    "img-src": ["https://*.paypal.com", "https://*.paypalobjects.com"],
  },
  allowPopups: true,
};

export type PayPalConfig = { clientId: string; clientSecret: string; apiBase: string };

/** The PayPal configuration, or null (the feature is off) when the credentials are not both set. */
export function paypalConfig(env: Pick<Env, "PAYPAL_CLIENT_ID" | "PAYPAL_CLIENT_SECRET" | "PAYPAL_API_BASE">): PayPalConfig | null {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret) return null;
  const base = env.PAYPAL_API_BASE ?? paypalSandboxApiBase;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    log.error("PAYPAL_API_BASE is not a URL; card payments are off", { value: base });
    return null;
  }
  return { clientId, clientSecret, apiBase: url.origin + url.pathname.replace(/\/+$/, "") };
}
