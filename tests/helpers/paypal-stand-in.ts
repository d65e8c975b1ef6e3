/**
 * A local stand-in for the part of PayPal's REST API the site uses: OAuth client-credentials
 * tokens, client tokens, Orders v2 create, capture and show (the order lookup). It keeps PayPal's idempotency rule (a
 * repeated `PayPal-Request-Id` gets the first answer, never a second charge) and can be switched
 * to answer errors, time out, or decline. Bun.serve on loopback, port 0.
 *
 * Run on its own (`bun tests/helpers/paypal-stand-in.ts`) it prints its URL, for end-to-end tests.
 */

export type StandInBehaviour = {
  /** The OAuth token endpoint: normal, refuses the credentials, or fails. */
  oauth: "ok" | "unauthorized" | "error";
  /** Order creation: normal, always 500, 500 once then normal, or slow once (answered after `delayMs`, having processed it). */
  createOrder: "ok" | "error" | "error-once" | "slow-once";
  /**
   * Capture: normal; DECLINED capture inside a COMPLETED order; 422 INSTRUMENT_DECLINED; always 500;
   * 500 once per request id; slow once (processed, answered late); another amount; another currency;
   * a PENDING capture; always slow having captured ("slow": every answer lost to a timeout); always
   * slow without capturing ("lost": the request never took effect).
   */
  capture: "ok" | "declined" | "instrument-declined" | "error" | "error-once" | "slow-once" | "wrong-amount" | "wrong-currency" | "pending" | "slow" | "lost";
  /**
   * The order lookup (GET /v2/checkout/orders/{id}): normal, always 500, always slow, or "gone":
   * 404 RESOURCE_NOT_FOUND for every order, as PayPal answers for an order it no longer holds.
   */
  getOrder: "ok" | "error" | "slow" | "gone";
  /** How long "slow" answers take. */
  delayMs: number;
  /** Seconds an access token lives. */
  tokenSeconds: number;
};

export type StandInRequest = { method: string; path: string; requestId: string | null; authorization: string | null; body: unknown };

type StoredAnswer = { status: number; body: unknown };
type Capture = { id: string; status: string; amount: string; currency: string };
type Order = {
  id: string;
  status: string;
  amount: string;
  currency: string;
  referenceId: string;
  customId: string;
  captureId?: string;
  captures: Capture[];
  createTime: string;
};

/**
 * Show order details (operationId orders.get) as PayPal's published Orders v2 OpenAPI document
 * defines it (/work/shared/reference/paypal/checkout_orders_v2.json): the `id` path parameter
 * (components.parameters.id) and the optional `fields` query (components.parameters.fields), no
 * request body; the answer's `status` from components.schemas.order_status and each capture's from
 * components.schemas.capture_status.
 */
const orderIdParameter = { pattern: /^[A-Z0-9]+$/, maxLength: 36 };
const fieldsParameter = /^[a-z_]*$/;
export const orderStatuses = ["CREATED", "SAVED", "APPROVED", "VOIDED", "COMPLETED", "PAYER_ACTION_REQUIRED"] as const;
export const captureStatuses = ["COMPLETED", "DECLINED", "PARTIALLY_REFUNDED", "PENDING", "REFUNDED", "FAILED"] as const;

/** What PayPal would refuse in a request to show an order; empty when the call is valid. */
function showOrderViolations(rawId: string, url: URL, req: Request, text: string): string[] {
  const problems: string[] = [];
  let id = rawId;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    problems.push(`order id ${rawId} is not valid percent-encoding`);
  }
  if (id.length < 1 || id.length > orderIdParameter.maxLength || !orderIdParameter.pattern.test(id))
    problems.push(`order id ${JSON.stringify(id)} does not match ${orderIdParameter.pattern} (max ${orderIdParameter.maxLength})`);
  for (const key of url.searchParams.keys()) if (key !== "fields") problems.push(`unknown query parameter ${key}`);
  const fields = url.searchParams.get("fields");
  if (fields !== null && !fieldsParameter.test(fields)) problems.push(`fields ${JSON.stringify(fields)} does not match ${fieldsParameter}`);
  if (text !== "") problems.push("a GET must not carry a body");
  if (req.headers.get("paypal-request-id")) problems.push("PayPal-Request-Id is not a parameter of orders.get");
  return problems;
}

/**
 * Refund captured payment (operationId captures.refund) as PayPal's published Payments v2 OpenAPI
 * document defines it (/work/shared/reference/paypal/payments_payment_v2.json): the `capture_id`
 * path parameter, the optional `PayPal-Request-Id` header, and a `refund_request` body whose
 * `amount` is components.schemas.money (a 3-letter `currency_code`, a `value` matching its pattern,
 * at most 32 characters) and whose other properties are bounded strings. Nothing else is allowed.
 */
const moneyValuePattern = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const refundRequestStrings: Record<string, number> = { custom_id: 127, invoice_id: 127, note_to_payer: 255 };
export const refundStatuses = ["CANCELLED", "FAILED", "PENDING", "COMPLETED"] as const;

/** What PayPal would refuse in a refund request; empty when the call is valid. */
function refundViolations(rawId: string, req: Request, body: unknown): string[] {
  const problems: string[] = [];
  let id = rawId;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    problems.push(`capture id ${rawId} is not valid percent-encoding`);
  }
  if (id.length === 0) problems.push("capture_id is required");
  if (!req.headers.get("content-type")?.startsWith("application/json")) problems.push("the body must be application/json");
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [...problems, "the body must be a refund_request object"];
  for (const [key, value] of Object.entries(body)) {
    if (key === "amount") {
      const amount = value as { currency_code?: unknown; value?: unknown } | null;
      if (amount === null || typeof amount !== "object") problems.push("amount must be a money object");
      else {
        for (const extra of Object.keys(amount))
          if (extra !== "currency_code" && extra !== "value") problems.push(`amount.${extra} is not a property of money`);
        if (typeof amount.currency_code !== "string" || amount.currency_code.length !== 3) problems.push("amount.currency_code must be 3 characters");
        if (typeof amount.value !== "string" || amount.value.length > 32 || !moneyValuePattern.test(amount.value))
          problems.push(`amount.value ${JSON.stringify(amount.value)} does not match ${moneyValuePattern}`);
      }
    } else if (key in refundRequestStrings) {
      const max = refundRequestStrings[key]!;
      if (typeof value !== "string" || value.length < 1 || value.length > max) problems.push(`${key} must be a string of 1 to ${max} characters`);
    } else if (key !== "payment_instruction") {
      problems.push(`${key} is not a property of refund_request`);
    }
  }
  return problems;
}

export const standInCredentials = { clientId: "stand-in-client-id", clientSecret: "stand-in-secret" };

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "paypal-debug-id": `debug-${status}` } });
const paypalError = (status: number, name: string, issue?: string) =>
  json(status, { name, message: name.replace(/_/g, " ").toLowerCase(), debug_id: `debug-${name}`, details: issue ? [{ issue, description: issue }] : [] });

/** Starts the stand-in; `behaviour` can be changed between (or during) tests. */
export function startPayPalStandIn(credentials = standInCredentials) {
  const behaviour: StandInBehaviour = { oauth: "ok", createOrder: "ok", capture: "ok", getOrder: "ok", delayMs: 0, tokenSeconds: 32400 };
  /** Requests PayPal would have refused as malformed (each also answered 400); tests expect none. */
  const violations: string[] = [];
  const requests: StandInRequest[] = [];
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const answered = new Map<string, StoredAnswer>();
  const stats = { tokensIssued: 0, clientTokensIssued: 0, ordersCreated: 0, capturesExecuted: 0, orderLookups: 0 };
  const onceUsed = new Set<string>();
  let counter = 0;

  const once = (key: string) => {
    if (onceUsed.has(key)) return false;
    onceUsed.add(key);
    return true;
  };
  const replayOrStore = (key: string | null, produce: () => StoredAnswer): StoredAnswer => {
    if (key) {
      const earlier = answered.get(key);
      if (earlier) return earlier;
    }
    const answer = produce();
    if (key && answer.status < 500) answered.set(key, answer);
    return answer;
  };
  const late = async (answer: StoredAnswer) => {
    await Bun.sleep(behaviour.delayMs);
    return json(answer.status, answer.body);
  };

  function captureAnswer(order: Order): StoredAnswer {
    if (order.status === "COMPLETED") return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED") };
    if (behaviour.capture === "instrument-declined") return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED") };
    stats.capturesExecuted++;
    const captureStatus = behaviour.capture === "declined" ? "DECLINED" : behaviour.capture === "pending" ? "PENDING" : "COMPLETED";
    const amount = behaviour.capture === "wrong-amount" ? (Number(order.amount) - 1).toFixed(2) : order.amount;
    const currency = behaviour.capture === "wrong-currency" ? "AUD" : order.currency;
    const captureId = `CAP${String(++counter).padStart(14, "0")}`;
    order.captures.push({ id: captureId, status: captureStatus, amount, currency });
    // A declined capture leaves the order open: the customer may pick another card and capture again.
    if (captureStatus !== "DECLINED") {
      order.status = "COMPLETED";
      order.captureId = captureId;
    }
    return {
      status: 201,
      body: {
        id: order.id,
        status: "COMPLETED",
        payer: { email_address: "payer@example.com", payer_id: "PAYER123" },
        purchase_units: [
          {
            reference_id: order.referenceId,
            payments: {
              captures: [
                { id: captureId, status: captureStatus, amount: { currency_code: currency, value: amount }, final_capture: true, custom_id: order.customId },
              ],
            },
          },
        ],
      },
    };
  }

  /**
   * Refunds made, in order; `behaviour` fails them: "declined" (422, no funds) or "error" (500), or
   * leaves them "pending" (made, but reported PENDING rather than COMPLETED).
   */
  const refunds = {
    behaviour: "ok" as "ok" | "declined" | "error" | "pending",
    made: [] as { id: string; captureId: string; amount: string; currency: string; requestId: string | null }[],
  };

  function refundAnswer(capture: Capture, input: { amount?: { currency_code: string; value: string } }, requestId: string | null): StoredAnswer {
    if (capture.status === "REFUNDED") return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED") };
    if (capture.status !== "COMPLETED") return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "REFUND_NOT_ALLOWED") };
    if (refunds.behaviour === "declined") return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "REFUND_FAILED_INSUFFICIENT_FUNDS") };
    const amount = input.amount ?? { currency_code: capture.currency, value: capture.amount };
    if (amount.currency_code !== capture.currency) return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "REFUND_CAPTURE_CURRENCY_MISMATCH") };
    const cents = Math.round(Number(amount.value) * 100);
    if (cents <= 0) return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE") };
    if (cents > Math.round(Number(capture.amount) * 100)) return { status: 422, body: errorBody("UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED") };
    const pending = refunds.behaviour === "pending";
    // A pending refund has not moved the money yet, so the capture keeps its status.
    if (!pending) capture.status = cents === Math.round(Number(capture.amount) * 100) ? "REFUNDED" : "PARTIALLY_REFUNDED";
    const id = `REF${String(++counter).padStart(14, "0")}`;
    refunds.made.push({ id, captureId: capture.id, amount: amount.value, currency: amount.currency_code, requestId });
    return {
      status: 201,
      body: {
        id,
        status: pending ? "PENDING" : "COMPLETED",
        amount: { currency_code: amount.currency_code, value: amount.value },
        links: [{ href: `https://api-m.sandbox.paypal.com/v2/payments/refunds/${id}`, rel: "self", method: "GET" }],
      },
    };
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const text = await req.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Form-encoded (the token call): kept as text.
      }
      const requestId = req.headers.get("paypal-request-id");
      const authorization = req.headers.get("authorization");
      requests.push({ method: req.method, path: url.pathname, requestId, authorization, body });

      if (req.method === "POST" && url.pathname === "/v1/oauth2/token") {
        const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;
        if (behaviour.oauth === "error") return paypalError(500, "INTERNAL_SERVER_ERROR");
        if (behaviour.oauth === "unauthorized" || authorization !== expected || text !== "grant_type=client_credentials") {
          return json(401, { error: "invalid_client", error_description: "Client Authentication failed" });
        }
        const token = `A21AA${crypto.randomUUID().replace(/-/g, "")}`;
        tokens.add(token);
        stats.tokensIssued++;
        return json(200, {
          scope: "https://uri.paypal.com/services/payments/payment",
          access_token: token,
          token_type: "Bearer",
          app_id: "APP-STANDIN",
          expires_in: behaviour.tokenSeconds,
          nonce: "nonce",
        });
      }

      if (!authorization?.startsWith("Bearer ") || !tokens.has(authorization.slice(7))) {
        return json(401, { error: "invalid_token", error_description: "Token signature verification failed" });
      }

      if (req.method === "POST" && url.pathname === "/v1/identity/generate-token") {
        stats.clientTokensIssued++;
        return json(200, { client_token: `client-token-${stats.clientTokensIssued}`, expires_in: 3600 });
      }

      if (req.method === "POST" && url.pathname === "/v2/checkout/orders") {
        if (behaviour.createOrder === "error" || (behaviour.createOrder === "error-once" && once(`create-error:${requestId}`))) {
          return paypalError(500, "INTERNAL_SERVER_ERROR");
        }
        const input = body as {
          intent?: string;
          purchase_units?: { reference_id?: string; custom_id?: string; amount?: { currency_code?: string; value?: string } }[];
        };
        const unit = input?.purchase_units?.[0];
        if (input?.intent !== "CAPTURE" || !unit?.amount?.value || !unit.amount.currency_code || !/^\d+(\.\d{2})?$/.test(unit.amount.value)) {
          return paypalError(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON");
        }
        const answer = replayOrStore(requestId && `create:${requestId}`, () => {
          stats.ordersCreated++;
          const id = `ORDER${String(++counter).padStart(12, "0")}`;
          orders.set(id, {
            id,
            status: "CREATED",
            amount: unit.amount!.value!,
            currency: unit.amount!.currency_code!,
            referenceId: unit.reference_id ?? "",
            customId: unit.custom_id ?? "",
            captures: [],
            createTime: new Date().toISOString(),
          });
          return {
            status: 201,
            body: { id, status: "CREATED", links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: "approve", method: "GET" }] },
          };
        });
        if (behaviour.createOrder === "slow-once" && once(`create-slow:${requestId}`)) return late(answer);
        return json(answer.status, answer.body);
      }

      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url.pathname);
      if (req.method === "POST" && capture) {
        const order = orders.get(decodeURIComponent(capture[1]!));
        if (!order) return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        if (behaviour.capture === "error" || (behaviour.capture === "error-once" && once(`capture-error:${requestId}`)))
          return paypalError(500, "INTERNAL_SERVER_ERROR");
        if (behaviour.capture === "lost") {
          await Bun.sleep(behaviour.delayMs);
          return paypalError(504, "GATEWAY_TIMEOUT");
        }
        const answer = replayOrStore(requestId && `capture:${requestId}`, () => captureAnswer(order));
        if (behaviour.capture === "slow" || (behaviour.capture === "slow-once" && once(`capture-slow:${requestId}`))) return late(answer);
        return json(answer.status, answer.body);
      }

      const refund = /^\/v2\/payments\/captures\/([^/]*)\/refund$/.exec(url.pathname);
      if (req.method === "POST" && refund) {
        const problems = refundViolations(refund[1]!, req, body);
        if (problems.length > 0) {
          violations.push(...problems.map((p) => `POST ${url.pathname}: ${p}`));
          return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX");
        }
        if (refunds.behaviour === "error") return paypalError(500, "INTERNAL_SERVER_ERROR");
        const captureId = decodeURIComponent(refund[1]!);
        const captured = [...orders.values()].flatMap((o) => o.captures).find((c) => c.id === captureId);
        if (!captured) return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        const answer = replayOrStore(requestId && `refund:${requestId}`, () =>
          refundAnswer(captured, body as { amount?: { currency_code: string; value: string } }, requestId),
        );
        return json(answer.status, answer.body);
      }

      const show = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url.pathname);
      if (show && req.method === "GET") {
        const problems = showOrderViolations(show[1]!, url, req, text);
        if (problems.length > 0) {
          violations.push(...problems.map((p) => `GET ${url.pathname}: ${p}`));
          return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX");
        }
        if (behaviour.getOrder === "error") return paypalError(500, "INTERNAL_SERVER_ERROR");
        const order = behaviour.getOrder === "gone" ? undefined : orders.get(decodeURIComponent(show[1]!));
        if (!order) return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        stats.orderLookups++;
        const answer = { status: 200, body: orderDetails(order) };
        return behaviour.getOrder === "slow" ? late(answer) : json(answer.status, answer.body);
      }

      return paypalError(404, "RESOURCE_NOT_FOUND");
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    behaviour,
    violations,
    requests,
    orders,
    stats,
    refunds,
    /** Requests to `path` (a string or pattern), in arrival order. */
    requestsTo(path: string | RegExp) {
      return requests.filter((r) => (typeof path === "string" ? r.path === path : path.test(r.path)));
    },
    /** Forgets the access tokens issued, as if PayPal revoked them. */
    revokeTokens() {
      tokens.clear();
    },
    close: () => server.stop(true),
  };
}

export type PayPalStandIn = ReturnType<typeof startPayPalStandIn>;

/** The site's environment for talking to `standIn` with the stand-in's credentials. */
export function standInEnv(standIn: { url: string }) {
  return { PAYPAL_CLIENT_ID: standInCredentials.clientId, PAYPAL_CLIENT_SECRET: standInCredentials.clientSecret, PAYPAL_API_BASE: standIn.url };
}

/** An order as orders.get answers it: captures appear under the purchase unit once there are any. */
function orderDetails(order: Order) {
  return {
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    create_time: order.createTime,
    ...(order.captures.length > 0 ? { payer: { email_address: "payer@example.com", payer_id: "PAYER123" } } : {}),
    purchase_units: [
      {
        reference_id: order.referenceId,
        custom_id: order.customId,
        amount: { currency_code: order.currency, value: order.amount },
        ...(order.captures.length > 0
          ? {
              payments: {
                captures: order.captures.map((c) => ({
                  id: c.id,
                  status: c.status,
                  amount: { currency_code: c.currency, value: c.amount },
                  final_capture: true,
                  custom_id: order.customId,
                })),
              },
            }
          : {}),
      },
    ],
    links: [{ href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }],
  };
}

function errorBody(name: string, issue: string) {
  return { name, message: "The requested action could not be performed.", debug_id: `debug-${issue}`, details: [{ issue, description: issue }] };
}

if (import.meta.main) {
  const standIn = startPayPalStandIn();
  // A separate process cannot be told what to do between tests: its behaviour comes from the environment.
  const env = process.env;
  if (env.STAND_IN_CAPTURE) standIn.behaviour.capture = env.STAND_IN_CAPTURE as StandInBehaviour["capture"];
  if (env.STAND_IN_GET_ORDER) standIn.behaviour.getOrder = env.STAND_IN_GET_ORDER as StandInBehaviour["getOrder"];
  if (env.STAND_IN_DELAY_MS) standIn.behaviour.delayMs = Number(env.STAND_IN_DELAY_MS);
  console.log(standIn.url);
}
