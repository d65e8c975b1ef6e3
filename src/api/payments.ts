/**
 * POST /api/payment-requests: the payment dialog's "Confirm Order & Request Instructions" and
 * "Request Cash Deposit Locations", for a service or (with `bookingId`) one of the signed-in
 * customer's own bookings: src/actions/request-payment.server.ts. 201 with the reference code;
 * 400 bad fields; 401 a booking asked for signed out; 404 anyone else's booking; 409 a booking
 * cancelled or paid; 429 too many requests from one address.
 */
import { Hono } from "hono";
import { requestPayment } from "../actions/request-payment.server";
import { paymentRequestSchema } from "../shared/payment";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { validJson } from "../server/validate";

export function paymentsApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/", validJson(paymentRequestSchema), (c) =>
    c.json(requestPayment(deps, { user: c.get("user"), address: clientIp(c) }, c.req.valid("json")), 201),
  );
}
