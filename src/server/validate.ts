/** zod validation for request bodies, answering 400 with per-field messages on failure. */
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { badRequest, fieldErrors } from "./errors";

/** Validates the JSON body against `schema`; the handler reads it with `c.req.valid("json")`. */
export function validJson<T extends z.ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (!result.success) throw badRequest("Some fields need attention.", fieldErrors(result.error));
  });
}
