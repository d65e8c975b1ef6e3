/**
 * "What became of this attempt" against the PayPal stand-in, which checks each lookup against
 * PayPal's published contract: one meaning for each answer, a 404 above all (decision 059).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { startPayPalStandIn, standInCredentials, type PayPalStandIn } from "../../tests/helpers/paypal-stand-in";
import { setLogLevel } from "../server/log.server";
import { attemptOutcome } from "./attempt-outcome.server";
import { PayPalClient } from "./paypal.server";

let standIn: PayPalStandIn;
let paypal: PayPalClient;
beforeEach(() => {
  setLogLevel("silent");
  standIn = startPayPalStandIn();
  paypal = new PayPalClient({ ...standInCredentials, apiBase: standIn.url }, { retries: 0 });
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
  standIn.close();
});

const payment = { id: "payment-1" };

/** An order opened at the stand-in as the site opens one. */
async function openedOrder(): Promise<string> {
  const created = await paypal.createOrder({
    requestId: `pi-order-${crypto.randomUUID()}`,
    referenceCode: "PAY-TEST-CODE",
    paymentId: payment.id,
    description: "Partner Check",
    amount: "148.00",
    currency: "USD",
  });
  return created.id;
}

describe("what became of an attempt", () => {
  test("an order PayPal no longer holds (404) took nothing and never can: final", async () => {
    const orderId = await openedOrder();
    standIn.behaviour.getOrder = "gone";
    expect(await attemptOutcome(paypal, payment, orderId)).toEqual({ seen: "nothing", final: true });
    expect(standIn.requestsTo(`/v2/checkout/orders/${orderId}`)).toHaveLength(1);
  });

  test("an order PayPal still holds uncaptured took nothing yet: not final", async () => {
    expect(await attemptOutcome(paypal, payment, await openedOrder())).toEqual({ seen: "nothing", final: false });
  });

  test("a captured order answers PayPal's report of the capture", async () => {
    const orderId = await openedOrder();
    await paypal.captureOrder(orderId, "pi-capture-test");
    const outcome = await attemptOutcome(paypal, payment, orderId);
    expect(outcome).toMatchObject({ seen: "capture", report: { orderId, orderStatus: "COMPLETED", capture: { status: "COMPLETED", amount: "148.00" } } });
  });

  test("a PayPal that fails or cannot be reached gives no answer, never 'nothing'", async () => {
    const orderId = await openedOrder();
    standIn.behaviour.getOrder = "error";
    expect(await attemptOutcome(paypal, payment, orderId)).toEqual({ seen: "no_answer" });
    const unreachable = new PayPalClient({ ...standInCredentials, apiBase: "http://127.0.0.1:9" }, { retries: 0 });
    expect(await attemptOutcome(unreachable, payment, orderId)).toEqual({ seen: "no_answer" });
  });
});
