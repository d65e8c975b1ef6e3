/** Reads an HTML form body as plain strings (files and repeated fields ignored), each bounded. */
import type { Context } from "hono";
import { badRequest } from "./errors";

/**
 * The form's fields. A body that cannot be parsed (broken multipart, wrong or missing boundary) is
 * the visitor's mistake, not ours: it becomes a 400, never a 500.
 */
export async function readForm(c: Context, maxFieldLength = 6000): Promise<Record<string, string>> {
  let body: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest("The form could not be read. Please go back and send it again.");
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v.slice(0, maxFieldLength);
  return out;
}
