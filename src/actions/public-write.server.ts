/** Turns the answer of a public-data write (db/public-data.server.ts) into the action's 400 or 404. */
import type { PublicWrite } from "../db/public-data.server";
import { badRequest, notFound } from "../server/errors";

/**
 * Returns when the write was done; otherwise throws a 404 (`missing` is its message) or a 400 whose
 * field names are the body's: `fieldPrefix` is where the written value sits in the request body.
 */
export function assertWritten(result: PublicWrite, missing: string, fieldPrefix = ""): void {
  if (result.ok) return;
  if (result.reason === "not_found") throw notFound(missing);
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(result.fields)) {
    fields[field === "_" && fieldPrefix ? fieldPrefix : fieldPrefix ? `${fieldPrefix}.${field}` : field] = message;
  }
  throw badRequest("Some fields need attention.", fields);
}
