/** POST /api/contacts: a contact enquiry from the form island (the `sendEnquiry` action, as the plain form). */
import { Hono } from "hono";
import { sendEnquiry } from "../actions/send-enquiry.server";
import { z } from "../shared/zod-mini";
import { contactSchema, honeypotField } from "../shared/contact";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { validJson } from "../server/validate";

const contactRequestSchema = z.extend(contactSchema, { [honeypotField]: z.optional(z.string().check(z.maxLength(2000))) });

export function contactsApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/", validJson(contactRequestSchema), (c) => {
    const { [honeypotField]: trap, ...input } = c.req.valid("json");
    sendEnquiry(deps, clientIp(c), input, trap);
    return c.json({ ok: true }, 201);
  });
}
