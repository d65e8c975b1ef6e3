/**
 * GET /services: the page with the payment dialog. When PayPal is configured this one page's CSP
 * also allows PayPal's hosts, so the SDK can load once the customer opens the PayPal tab, and its
 * opener policy lets PayPal's checkout window talk back to it.
 */
import { Hono, type Context } from "hono";
import { paypalConfig, paypalPageSecurity } from "../payments/paypal-config.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { extendSecurityHeaders } from "../server/middleware/security-headers";
import { servePage } from "../server/render-page";
import { servicesPage } from "./services";

export function showServices(deps: AppDeps, c: Context<AppEnv>) {
  const paypal = paypalConfig(deps.env);
  if (paypal) extendSecurityHeaders(c, paypalPageSecurity);
  return servePage(deps, c, (site) => servicesPage(site, { paypalClientId: paypal?.clientId ?? null }), { cache: "public" });
}

export function servicesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/services", (c) => showServices(deps, c));
}
