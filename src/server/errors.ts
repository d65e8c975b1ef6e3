/**
 * Typed HTTP errors and the one place that turns any error into the JSON shape of docs/product.md#errors-from-the-server:
 * `{ "error": { "code", "message", "fields"? } }`.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { log } from "./log.server";

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, "validation_error", message, fields);
export const notFound = (message = "Not found") => new HttpError(404, "not_found", message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, "rate_limited", message, undefined, { "Retry-After": String(retryAfterSeconds) });

/** The first message for each field of a zod error, keyed by dotted path. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The JSON error body (docs/product.md#errors-from-the-server). */
export function errorBody(code: string, message: string, fields?: FieldErrors) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** SQLite's "database or disk is full" (SQLITE_FULL), however the write that met it was made. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE_FULL")) return true;
  }
  return false;
}

/** What a write meets while the disk is full: a 503 the client may retry later; reads go on. */
export const storageFull = () =>
  new HttpError(
    503,
    "storage_full",
    "We cannot save anything just now because the server has run out of storage space. Nothing was changed. Please try again in a few minutes; the site can still be browsed.",
    undefined,
    { "Retry-After": "300" },
  );

/** SQLite's lock wait ran out (busy_timeout): another writer, such as a migration run by a new binary, held it too long. */
export function isDatabaseBusy(err: unknown): boolean {
  const code = err && typeof err === "object" ? (err as { code?: unknown }).code : undefined;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

let lastDiskFullLog = 0;

/** Maps any thrown value to a status and error body; unknown errors become a logged 500. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (isDiskFull(err)) {
    // Once a minute at most: every write fails alike until space returns, and the log is on that disk too.
    if (Date.now() - lastDiskFullLog > 60_000) {
      lastDiskFullLog = Date.now();
      log.error("the disk is full: writes are refused until space is freed", { error: err instanceof Error ? err.message : String(err) });
    }
    return storageFull();
  }
  if (isDatabaseBusy(err)) {
    log.warn("the database stayed locked past the busy timeout", { error: err instanceof Error ? err.message : String(err) });
    return new HttpError(503, "busy", "The site is busy for a moment. Nothing was changed; please try again.", undefined, { "Retry-After": "5" });
  }
  if (err instanceof z.ZodError) return badRequest("Some fields need attention.", fieldErrors(err));
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status === 413) return new HttpError(413, "payload_too_large", "The request body is too large.");
    if (status === 400) return badRequest(err.message || "The request could not be read.");
    return new HttpError(status, "http_error", err.message || "Request failed.");
  }
  log.error("unhandled error", { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return new HttpError(500, "internal_error", "Something went wrong on our side. Please try again.");
}

/** Sets an error's headers (its Retry-After) on the answer: a form's page says what its JSON twin says. */
export function setErrorHeaders(c: Context, err: Pick<HttpError, "headers">) {
  for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
}

/** Answers an error as JSON with its status and headers. */
export function jsonError(c: Context, err: HttpError) {
  setErrorHeaders(c, err);
  return c.json(errorBody(err.code, err.message, err.fields), err.status);
}
