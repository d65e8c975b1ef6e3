/**
 * A local stand-in for the part of PayPal's REST API the site uses: OAuth client-credentials
 * tokens, client tokens, Orders v2 create and capture. It keeps PayPal's idempotency rule (a
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
   * a PENDING capture.
   */
  capture: "ok" | "declined" | "instrument-declined" | "error" | "error-once" | "slow-once" | "wrong-amount" | "wrong-currency" | "pending";
  /** How long "slow" answers take. */
  delayMs: number;
  /** Seconds an access token lives. */
  tokenSeconds: number;
};

export type StandInRequest = { method: string; path: string; requestId: string | null; authorization: string | null; body: unknown };

type StoredAnswer = { status: number; body: unknown };
type Order = { id: string; status: string; amount: string; currency: string; referenceId: string; customId: string; captureId?: string };

export const standInCredentials = { clientId: "stand-in-client-id", clientSecret: "stand-in-secret" };

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "paypal-debug-id": `debug-${status}` } });
const paypalError = (status: number, name: string, issue?: string) =>
  json(status, { name, message: name.replace(/_/g, " ").toLowerCase(), debug_id: `debug-${name}`, details: issue ? [{ issue, description: issue }] : [] });

/** Starts the stand-in; `behaviour` can be changed between (or during) tests. */
export function startPayPalStandIn(credentials = standInCredentials) {
  const behaviour: StandInBehaviour = { oauth: "ok", createOrder: "ok", capture: "ok", delayMs: 0, tokenSeconds: 32400 };
  const requests: StandInRequest[] = [];
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const answered = new Map<string, StoredAnswer>();
  const stats = { tokensIssued: 0, clientTokensIssued: 0, ordersCreated: 0, capturesExecuted: 0 };
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
            payments: { captures: [{ id: captureId, status: captureStatus, amount: { currency_code: currency, value: amount }, final_capture: true, custom_id: order.customId }] },
          },
        ],
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
        return json(200, { scope: "https://uri.paypal.com/services/payments/payment", access_token: token, token_type: "Bearer", app_id: "APP-STANDIN", expires_in: behaviour.tokenSeconds, nonce: "nonce" });
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
        const input = body as { intent?: string; purchase_units?: { reference_id?: string; custom_id?: string; amount?: { currency_code?: string; value?: string } }[] };
        const unit = input?.purchase_units?.[0];
        if (input?.intent !== "CAPTURE" || !unit?.amount?.value || !unit.amount.currency_code || !/^\d+(\.\d{2})?$/.test(unit.amount.value)) {
          return paypalError(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON");
        }
        const answer = replayOrStore(requestId && `create:${requestId}`, () => {
          stats.ordersCreated++;
          const id = `ORDER${String(++counter).padStart(12, "0")}`;
          orders.set(id, { id, status: "CREATED", amount: unit.amount!.value!, currency: unit.amount!.currency_code!, referenceId: unit.reference_id ?? "", customId: unit.custom_id ?? "" });
          return { status: 201, body: { id, status: "CREATED", links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: "approve", method: "GET" }] } };
        });
        if (behaviour.createOrder === "slow-once" && once(`create-slow:${requestId}`)) return late(answer);
        return json(answer.status, answer.body);
      }

      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url.pathname);
      if (req.method === "POST" && capture) {
        const order = orders.get(decodeURIComponent(capture[1]!));
        if (!order) return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        if (behaviour.capture === "error" || (behaviour.capture === "error-once" && once(`capture-error:${requestId}`))) return paypalError(500, "INTERNAL_SERVER_ERROR");
        const answer = replayOrStore(requestId && `capture:${requestId}`, () => captureAnswer(order));
        if (behaviour.capture === "slow-once" && once(`capture-slow:${requestId}`)) return late(answer);
        return json(answer.status, answer.body);
      }

      return paypalError(404, "RESOURCE_NOT_FOUND");
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    behaviour,
    requests,
    orders,
    stats,
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

function errorBody(name: string, issue: string) {
  return { name, message: "The requested action could not be performed.", debug_id: `debug-${issue}`, details: [{ issue, description: issue }] };
}

if (import.meta.main) {
  const standIn = startPayPalStandIn();
  console.log(standIn.url);
}
