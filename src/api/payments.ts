/**
 * POST /api/payment-requests: the payment dialog's "Confirm Order & Request Instructions" and
 * "Request Cash Deposit Locations". The request is recorded with a reference code and the client
 * is e-mailed (through the outbox) at the account's address, or the one given when signed out.
 */
import { Hono } from "hono";
import { recordPaymentRequest } from "../db/payments.server";
import { offerForViewer } from "../payments/offers.server";
import { paymentRequestSchema, type PaymentRequestResult } from "../shared/payment";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest } from "../server/errors";
import { log } from "../server/log.server";
import { rateLimit } from "../server/middleware/rate-limit";
import { siteOrigin } from "../server/origin";
import { validJson } from "../server/validate";
import { customerFacingSettings } from "../shared/go-live";

export const paymentRequestRateLimitMessage = "Too many payment requests from your connection. Please wait a few minutes and try again.";

export function paymentsApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/", rateLimit(deps.limits.paymentRequests, paymentRequestRateLimitMessage), validJson(paymentRequestSchema), (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    const email = user?.email ?? input.email;
    const priced = offerForViewer(deps.db, input.serviceId, user);
    const fields: Record<string, string> = {};
    if (!priced) fields.serviceId = "Choose a service";
    if (!email) fields.email = "Required";
    if (!priced || !email) throw badRequest("Some fields need attention.", fields);

    const { offer, settings } = priced;
    const payment = recordPaymentRequest(deps.db, {
      userId: user?.id ?? null,
      method: input.method,
      offer,
      email,
      mail: { settings: customerFacingSettings(settings), businessEmail: deps.env.BUSINESS_EMAIL ?? settings.email, origin: siteOrigin(deps) },
    });
    deps.outbox.kick();
    log.info("payment request recorded", { paymentId: payment.id, method: payment.method, serviceId: offer.id });
    return c.json({ referenceCode: payment.referenceCode, email } satisfies PaymentRequestResult, 201);
  });
}
