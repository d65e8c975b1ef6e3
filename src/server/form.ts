/** Reads an HTML form body as plain strings (files and repeated fields ignored), each bounded. */
import type { Context } from "hono";

export async function readForm(c: Context, maxFieldLength = 6000): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v.slice(0, maxFieldLength);
  return out;
}
