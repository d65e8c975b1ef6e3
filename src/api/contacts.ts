/** POST /api/contacts: a contact enquiry from the form island. */
import { Hono } from "hono";
import { z } from "../shared/zod-mini";
import { contactSchema, honeypotField } from "../shared/contact";
import { contactRateLimitMessage, submitEnquiry } from "../server/contact-enquiry.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { rateLimit } from "../server/middleware/rate-limit";
import { validJson } from "../server/validate";

const contactRequestSchema = z.extend(contactSchema, { [honeypotField]: z.optional(z.string().check(z.maxLength(2000))) });

export function contactsApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/", rateLimit(deps.limits.contact, contactRateLimitMessage), validJson(contactRequestSchema), (c) => {
    const { [honeypotField]: trap, ...input } = c.req.valid("json");
    submitEnquiry(deps, input, trap);
    return c.json({ ok: true }, 201);
  });
}
