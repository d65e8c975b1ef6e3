/** POST /api/contacts: a contact enquiry from the form island. */
import { Hono } from "hono";
import { z } from "../shared/zod-mini";
import { recordContactEnquiry } from "../db/contacts.server";
import { getSettings } from "../db/settings.server";
import { contactSchema, honeypotField, type ContactInput } from "../shared/contact";
import type { AppDeps, AppEnv } from "../server/deps";
import { rateLimit } from "../server/middleware/rate-limit";
import { log } from "../server/log.server";
import { validJson } from "../server/validate";

export const contactRateLimitMessage = "Too many messages sent from your connection. Please wait a minute and try again.";

const contactRequestSchema = z.extend(contactSchema, { [honeypotField]: z.optional(z.string().check(z.maxLength(2000))) });

/** Stores an enquiry and notifies the business, unless the honeypot says it is a bot. */
export function submitEnquiry(deps: AppDeps, input: ContactInput, honeypot: string | undefined) {
  if (honeypot) {
    log.info("contact form honeypot filled; enquiry dropped");
    return;
  }
  const businessEmail = deps.env.BUSINESS_EMAIL ?? getSettings(deps.db).email;
  const contact = recordContactEnquiry(deps.db, input, businessEmail);
  deps.outbox.kick();
  log.info("contact enquiry received", { contactId: contact.id, urgency: contact.urgency });
}

export function contactsApi(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    "/",
    rateLimit(deps.limits.contact, contactRateLimitMessage),
    validJson(contactRequestSchema),
    (c) => {
      const { [honeypotField]: trap, ...input } = c.req.valid("json");
      submitEnquiry(deps, input, trap);
      return c.json({ ok: true }, 201);
    },
  );
}
