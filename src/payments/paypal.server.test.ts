import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { startPayPalStandIn, standInCredentials, type PayPalStandIn } from "../../tests/helpers/paypal-stand-in";
import { setLogLevel } from "../server/log.server";
import { paypalConfig, paypalSandboxApiBase } from "./paypal-config.server";
import { PayPalClient, PayPalError } from "./paypal.server";

let standIn: PayPalStandIn;
beforeEach(() => {
  setLogLevel("silent");
  standIn = startPayPalStandIn();
});
afterEach(() => standIn.close());

const client = (options: ConstructorParameters<typeof PayPalClient>[1] = {}) =>
  new PayPalClient({ ...standInCredentials, apiBase: standIn.url }, { retryDelayMs: 1, ...options });

const order = (requestId: string) => ({
  requestId,
  referenceCode: "PAY-TEST-CODE",
  paymentId: "payment-1",
  description: "Partner Check",
  amount: "148.00",
  currency: "USD",
});

describe("configuration", () => {
  test("off unless both credentials are set; sandbox by default", () => {
    expect(paypalConfig({ PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_BASE: undefined })).toBeNull();
    expect(paypalConfig({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: undefined, PAYPAL_API_BASE: undefined })).toBeNull();
    expect(paypalConfig({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_BASE: undefined })).toEqual({
      clientId: "id",
      clientSecret: "s",
      apiBase: paypalSandboxApiBase,
    });
    expect(paypalConfig({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_BASE: "https://api-m.paypal.com/" })?.apiBase).toBe(
      "https://api-m.paypal.com",
    );
    expect(paypalConfig({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_BASE: "not a url" })).toBeNull();
  });
});

describe("access token", () => {
  test("fetched once with the client credentials and reused until it expires", async () => {
    let now = 1_000_000;
    const paypal = client({ now: () => now });
    await Promise.all([paypal.clientToken(), paypal.clientToken(), paypal.clientToken()]);
    expect(standIn.stats.tokensIssued).toBe(1);
    const [tokenCall] = standIn.requestsTo("/v1/oauth2/token");
    expect(tokenCall!.authorization).toBe(`Basic ${btoa(`${standInCredentials.clientId}:${standInCredentials.clientSecret}`)}`);
    expect(tokenCall!.body).toBe("grant_type=client_credentials");

    now += 32400 * 1000 - 120_000; // still inside the lifetime less the safety margin
    await paypal.clientToken();
    expect(standIn.stats.tokensIssued).toBe(1);
    now += 90_000; // within a minute of expiry: renewed
    await paypal.clientToken();
    expect(standIn.stats.tokensIssued).toBe(2);
  });

  test("a token PayPal no longer accepts is replaced once, transparently", async () => {
    const paypal = client();
    await paypal.clientToken();
    standIn.revokeTokens();
    expect(await paypal.clientToken()).toBe("client-token-2");
    expect(standIn.stats.tokensIssued).toBe(2);
  });

  test("refused credentials are an error, not retried", async () => {
    standIn.behaviour.oauth = "unauthorized";
    const err = await client()
      .clientToken()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayPalError);
    expect((err as PayPalError).status).toBe(401);
    expect(standIn.requestsTo("/v1/oauth2/token")).toHaveLength(1);
  });
});

describe("create and capture", () => {
  test("create sends our request id, the amount and intent CAPTURE", async () => {
    const created = await client().createOrder(order("pi-order-1"));
    expect(created.status).toBe("CREATED");
    const [call] = standIn.requestsTo("/v2/checkout/orders");
    expect(call!.requestId).toBe("pi-order-1");
    expect(call!.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ reference_id: "PAY-TEST-CODE", custom_id: "payment-1", amount: { currency_code: "USD", value: "148.00" } }],
    });
  });

  test("a 500 is retried with the same request id, and PayPal creates one order", async () => {
    standIn.behaviour.createOrder = "error-once";
    const created = await client().createOrder(order("pi-order-2"));
    const calls = standIn.requestsTo("/v2/checkout/orders");
    expect(calls.map((c) => c.requestId)).toEqual(["pi-order-2", "pi-order-2"]);
    expect(standIn.stats.ordersCreated).toBe(1);
    expect(standIn.orders.has(created.id)).toBe(true);
  });

  test("a capture that times out is retried with the same request id and charges once", async () => {
    const paypal = client({ timeoutMs: 150 });
    const { id } = await paypal.createOrder(order("pi-order-3"));
    standIn.behaviour.capture = "slow-once";
    standIn.behaviour.delayMs = 1000;
    const result = await paypal.captureOrder(id, "pi-capture-3");
    expect(result.capture).toMatchObject({ status: "COMPLETED", amount: "148.00", currency: "USD" });
    const calls = standIn.requestsTo(/\/capture$/);
    expect(calls.map((c) => c.requestId)).toEqual(["pi-capture-3", "pi-capture-3"]);
    expect(standIn.stats.capturesExecuted).toBe(1);
  });

  test("when PayPal keeps failing the error says so after the retries", async () => {
    standIn.behaviour.createOrder = "error";
    const err = await client({ retries: 2 })
      .createOrder(order("pi-order-4"))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayPalError);
    expect((err as PayPalError).status).toBe(500);
    expect(standIn.requestsTo("/v2/checkout/orders")).toHaveLength(3);
  });

  test("an unreachable PayPal is a retryable error with status 0", async () => {
    const url = standIn.url;
    standIn.close();
    const paypal = new PayPalClient({ ...standInCredentials, apiBase: url }, { retries: 1, retryDelayMs: 1, timeoutMs: 500 });
    const err = (await paypal.clientToken().catch((e: unknown) => e)) as PayPalError;
    expect(err).toBeInstanceOf(PayPalError);
    expect(err.status).toBe(0);
    expect(err.retryable).toBe(true);
    standIn = startPayPalStandIn(); // for afterEach
  });

  test("a declined instrument is reported with PayPal's issue and not retried", async () => {
    const paypal = client();
    const { id } = await paypal.createOrder(order("pi-order-5"));
    standIn.behaviour.capture = "instrument-declined";
    const err = (await paypal.captureOrder(id, "pi-capture-5").catch((e: unknown) => e)) as PayPalError;
    expect(err.status).toBe(422);
    expect(err.issue).toBe("INSTRUMENT_DECLINED");
    expect(standIn.requestsTo(/\/capture$/)).toHaveLength(1);
  });
});

describe("order lookup", () => {
  test("is a GET PayPal's spec accepts (no body, no request id) and reports the capture", async () => {
    const paypal = client();
    const { id } = await paypal.createOrder(order("pi-order-6"));
    expect(await paypal.getOrder(id)).toEqual({ orderId: id, orderStatus: "CREATED", capture: null, payerEmail: null });
    await paypal.captureOrder(id, "pi-capture-6");
    const shown = await paypal.getOrder(id);
    expect(shown).toMatchObject({
      orderId: id,
      orderStatus: "COMPLETED",
      capture: { status: "COMPLETED", amount: "148.00", currency: "USD" },
      payerEmail: "payer@example.com",
    });
    const lookups = standIn.requests.filter((r) => r.method === "GET");
    expect(lookups).toHaveLength(2);
    expect(lookups.every((r) => r.requestId === null && r.body === null)).toBe(true);
    expect(standIn.violations).toEqual([]);
  });

  test("after a declined card the completed capture is the one reported", async () => {
    const paypal = client();
    const { id } = await paypal.createOrder(order("pi-order-7"));
    standIn.behaviour.capture = "declined";
    await paypal.captureOrder(id, "pi-capture-7a");
    expect((await paypal.getOrder(id)).capture?.status).toBe("DECLINED");
    standIn.behaviour.capture = "ok";
    await paypal.captureOrder(id, "pi-capture-7b");
    expect((await paypal.getOrder(id)).capture?.status).toBe("COMPLETED");
  });

  test("an id PayPal's spec refuses is a 400 from the stand-in, as from PayPal", async () => {
    const err = (await client()
      .getOrder("lower-case-id")
      .catch((e: unknown) => e)) as PayPalError;
    expect(err).toBeInstanceOf(PayPalError);
    expect(err.status).toBe(400);
    expect(standIn.violations[0]).toContain("does not match");
  });
});
