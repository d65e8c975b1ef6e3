/** zod validation for request bodies, answering 400 with per-field messages on failure. */
import { zValidator } from "@hono/zod-validator";
import type * as core from "zod/v4/core";
import { badRequest, fieldErrors } from "./errors";

/**
 * Validates the JSON body against `schema` (zod or zod/mini); the handler reads the parsed value
 * with `c.req.valid("json")`. Malformed JSON also answers 400.
 */
export function validJson<T extends core.$ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (!result.success) throw badRequest("Some fields need attention.", fieldErrors(result.error));
  });
}

/** Validates the query string against `schema`; the handler reads it with `c.req.valid("query")`. */
export function validQuery<T extends core.$ZodType>(schema: T) {
  return zValidator("query", schema, (result) => {
    if (!result.success) throw badRequest("Some fields need attention.", fieldErrors(result.error));
  });
}

/** Validates the path parameters against `schema`; the handler reads them with `c.req.valid("param")`. */
export function validParams<T extends core.$ZodType>(schema: T) {
  return zValidator("param", schema, (result) => {
    if (!result.success) throw badRequest("Some fields need attention.", fieldErrors(result.error));
  });
}
