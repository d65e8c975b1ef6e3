/**
 * PayPal's REST API, the part the payment dialog uses: an OAuth client-credentials token (cached
 * until shortly before it expires), a client token for the browser SDK, Orders v2 create and
 * capture, the order lookup that settles a capture whose answer was lost, and refunds. Create,
 * capture and refund carry a `PayPal-Request-Id` the caller derives from its own record, so a
 * retried call (ours after a timeout, or the customer's) is answered by PayPal from the first
 * one and never charges twice.
 */
import { z } from "zod";
import type { Env } from "../server/env.server";
import { log } from "../server/log.server";
import { keepAnswerOpen } from "../server/slow-answers.server";
import { type PayPalConfig, paypalConfig } from "./paypal-config.server";

/** The PayPal client the site uses, or null when PayPal is not configured. */
export function paypalClientFromEnv(
  env: Pick<Env, "PAYPAL_CLIENT_ID" | "PAYPAL_CLIENT_SECRET" | "PAYPAL_API_BASE" | "PAYPAL_TIMEOUT_MS">,
  options: PayPalClientOptions = {},
): PayPalClient | null {
  const config = paypalConfig(env);
  return config ? new PayPalClient(config, { timeoutMs: env.PAYPAL_TIMEOUT_MS, ...options }) : null;
}

/** A failed PayPal call. `status` 0 means PayPal was not reached or did not answer in time. */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(message);
  }
  /** Worth trying again with the same request id. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const clientTokenAnswer = z.object({ client_token: z.string().min(1) });
const orderAnswer = z.object({ id: z.string().min(1), status: z.string() });
const money = z.object({ currency_code: z.string(), value: z.string() });
/** An order as the capture call and the order lookup (`GET /v2/checkout/orders/{id}`) both answer it. */
const orderReport = z.object({
  id: z.string().min(1),
  status: z.string(),
  payer: z.object({ email_address: z.string().optional() }).optional(),
  purchase_units: z
    .array(
      z.object({
        payments: z.object({ captures: z.array(z.object({ id: z.string().min(1), status: z.string(), amount: money })).optional() }).optional(),
      }),
    )
    .optional(),
});
/** A refund as `POST /v2/payments/captures/{id}/refund` answers it (components.schemas.refund). */
const refundAnswer = z.object({ id: z.string().min(1), status: z.string() });
const errorAnswer = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});

/** An order to create: one purchase unit, captured at once. */
export type NewPayPalOrder = {
  /** Derived from our payment record, so a retry of the same record reuses it. */
  requestId: string;
  referenceCode: string;
  paymentId: string;
  description: string;
  /** Decimal string, "148.00". */
  amount: string;
  currency: string;
};

/** What a capture call or an order lookup reports, reduced to what we check. */
export type PayPalCapture = {
  orderId: string;
  orderStatus: string;
  capture: { id: string; status: string; amount: string; currency: string } | null;
  payerEmail: string | null;
};

/** A refund PayPal made: its id and status (`COMPLETED`, `PENDING`, `FAILED` or `CANCELLED`). */
export type PayPalRefund = { id: string; status: string };

export type PayPalClientOptions = {
  /** Per-call timeout (AbortSignal.timeout). */
  timeoutMs?: number;
  /** Extra attempts, with the same request id, after a timeout, network error, 429 or 5xx. */
  retries?: number;
  retryDelayMs?: number;
  now?: () => number;
};

/** Keep a token this long less than PayPal says, so it never expires mid-call. */
const tokenMarginMs = 60_000;

export class PayPalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly now: () => number;

  constructor(
    private readonly config: PayPalConfig,
    options: PayPalClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.retries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 300;
    this.now = options.now ?? Date.now;
  }

  /** The public client id the browser SDK is loaded with. */
  get clientId(): string {
    return this.config.clientId;
  }

  /** A client token for the browser SDK (`data-client-token`). */
  async clientToken(): Promise<string> {
    const answer = await this.call("POST", "/v1/identity/generate-token", {}, undefined);
    return parseAnswer(clientTokenAnswer, answer, "client token").client_token;
  }

  /** Creates an order for immediate capture; answers PayPal's order id. */
  async createOrder(order: NewPayPalOrder): Promise<{ id: string; status: string }> {
    const body = {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: order.referenceCode,
          invoice_id: order.referenceCode,
          custom_id: order.paymentId,
          description: order.description.slice(0, 127),
          amount: { currency_code: order.currency, value: order.amount },
        },
      ],
    };
    const answer = await this.call("POST", "/v2/checkout/orders", body, order.requestId);
    return parseAnswer(orderAnswer, answer, "order");
  }

  /** Captures an approved order. */
  async captureOrder(orderId: string, requestId: string): Promise<PayPalCapture> {
    return reportOf(parseAnswer(orderReport, await this.call("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId), "capture"));
  }

  /**
   * Looks an order up: whether it was captured, and for how much. Asked when a capture's answer
   * was lost (timeout, network, 5xx), since PayPal may have captured it all the same.
   */
  async getOrder(orderId: string): Promise<PayPalCapture> {
    return reportOf(
      parseAnswer(orderReport, await this.call("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`, undefined, undefined), "order lookup"),
    );
  }

  /**
   * Refunds a captured payment (Payments v2 `captures.refund`): `amount` in `currency` (the whole
   * capture when it is the captured amount). `requestId` makes a retried refund PayPal's first one.
   */
  async refundCapture(captureId: string, refund: { amount: string; currency: string }, requestId: string): Promise<PayPalRefund> {
    const body = { amount: { currency_code: refund.currency, value: refund.amount } };
    const answer = await this.call("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, requestId);
    return parseAnswer(refundAnswer, answer, "refund");
  }

  /** One API call, retried with the same request id while the failure is worth retrying. */
  private async call(method: string, path: string, body: unknown, requestId: string | undefined): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(method, path, body, requestId, false);
      } catch (err) {
        if (!(err instanceof PayPalError) || !err.retryable || attempt >= this.retries) throw err;
        log.warn("paypal call failed; retrying", { path, attempt: attempt + 1, status: err.status, requestId });
        const delayMs = this.retryDelayMs * 2 ** attempt;
        keepAnswerOpen(delayMs + this.longestSendMs());
        await Bun.sleep(delayMs);
      }
    }
  }

  /** The longest one try can wait on PayPal: a token, then the call. */
  private longestSendMs(): number {
    return 2 * this.timeoutMs;
  }

  private async send(method: string, path: string, body: unknown, requestId: string | undefined, tokenRenewed: boolean): Promise<unknown> {
    // The visitor whose request this is waits as long as PayPal may take (decision 096).
    keepAnswerOpen(this.longestSendMs());
    const token = await this.accessToken();
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json", Prefer: "return=representation" };
    // A GET carries no body (fetch refuses one) and so no Content-Type.
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (requestId) headers["PayPal-Request-Id"] = requestId;
    const res = await this.fetchText(this.config.apiBase + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status === 401 && !tokenRenewed) {
      // The cached token was revoked or expired early: fetch a new one once.
      this.token = null;
      return this.send(method, path, body, requestId, true);
    }
    if (res.status < 200 || res.status >= 300) throw errorFrom(res.status, res.text, res.debugId);
    return parseJson(res.text);
  }

  /** The cached access token, fetched once for any number of concurrent callers. */
  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const res = await this.fetchText(`${this.config.apiBase}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "grant_type=client_credentials",
    });
    if (res.status < 200 || res.status >= 300) throw errorFrom(res.status, res.text, res.debugId);
    const answer = parseAnswer(tokenAnswer, parseJson(res.text), "access token");
    this.token = { value: answer.access_token, expiresAt: this.now() + Math.max(0, answer.expires_in * 1000 - tokenMarginMs) };
    return answer.access_token;
  }

  /** fetch with the timeout covering the whole answer; network failures become PayPalError(0). */
  private async fetchText(url: string, init: RequestInit): Promise<{ status: number; text: string; debugId?: string }> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      const text = await res.text();
      return { status: res.status, text, debugId: res.headers.get("paypal-debug-id") ?? undefined };
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new PayPalError(
        timedOut ? `PayPal did not answer within ${this.timeoutMs} ms` : `PayPal could not be reached: ${err instanceof Error ? err.message : String(err)}`,
        0,
      );
    }
  }
}

function reportOf(answer: z.infer<typeof orderReport>): PayPalCapture {
  // After a declined card the order lists that capture too: a completed one is what counts.
  const captures = answer.purchase_units?.[0]?.payments?.captures ?? [];
  const capture = captures.find((c) => c.status === "COMPLETED") ?? captures.at(-1);
  return {
    orderId: answer.id,
    orderStatus: answer.status,
    capture: capture ? { id: capture.id, status: capture.status, amount: capture.amount.value, currency: capture.amount.currency_code } : null,
    payerEmail: answer.payer?.email_address ?? null,
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new PayPalError("PayPal answered something that is not JSON", 502);
  }
}

function parseAnswer<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PayPalError(`PayPal's ${what} answer has an unexpected shape`, 502);
  return parsed.data;
}

function errorFrom(status: number, text: string, debugId?: string): PayPalError {
  let body: z.infer<typeof errorAnswer> = {};
  try {
    body = errorAnswer.parse(JSON.parse(text));
  } catch {
    // Not PayPal's error shape: the status says enough.
  }
  const issue = body.details?.find((d) => d.issue)?.issue ?? body.name ?? body.error;
  return new PayPalError(
    `PayPal answered ${status}${issue ? ` ${issue}` : ""}${body.message ? `: ${body.message}` : ""}`,
    status,
    issue,
    body.debug_id ?? debugId,
  );
}
