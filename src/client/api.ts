/**
 * The islands' fetch wrapper (errors: docs/product.md#errors-from-the-server): credentials included, a JSON body only when
 * there is a payload, and any non-successful response raised as an ApiError whose message is
 * "status: body text".
 */

export type ApiErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> } };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
  }
  /** The server's own readable message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.error?.message;
  }
  get fields(): Record<string, string> | undefined {
    return this.body?.error?.fields;
  }
}

/**
 * Sends a request and returns the parsed JSON (or null for an empty body). It never sends an
 * Authorization header: the admin's bearer token goes only through admin-api.ts.
 */
export async function apiRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: payload === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return readApiResponse<T>(res);
}

/** The parsed JSON of a successful response (null for an empty body), or an ApiError. */
export async function readApiResponse<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) {
    let body: ApiErrorBody | null = null;
    try {
      body = JSON.parse(text) as ApiErrorBody;
    } catch {
      body = null;
    }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
  }
  return (text ? JSON.parse(text) : null) as T;
}
