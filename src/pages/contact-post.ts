/**
 * POST /contact: the contact form with JavaScript off. Success redirects (303) to a page showing
 * the success message; errors re-render the form with the values kept and messages under fields.
 */
import type { Context } from "hono";
import { contactRateLimitMessage, submitEnquiry } from "../server/contact-enquiry.server";
import { contactSchema, honeypotField, type ContactFormValues } from "../shared/contact";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { clientIp } from "../server/client-ip";
import { servePage } from "../server/render-page";
import { contactPage } from "./contact";

const formFields = ["name", "email", "phone", "service", "message", "urgency"] as const;

export async function handleContactFormPost(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c);
  const values: Partial<ContactFormValues> = {};
  for (const f of formFields) values[f] = form[f] ?? "";
  if (deps.limits.contact.hit(clientIp(c)) > 0) {
    return servePage(deps, c, (site) => contactPage(site, { values, formError: contactRateLimitMessage }), { cache: false });
  }
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return servePage(deps, c, (site) => contactPage(site, { values, errors: fieldErrors(parsed.error) }), { cache: false });
  }
  submitEnquiry(deps, parsed.data, form[honeypotField]);
  return c.redirect("/contact?sent=1#contact-form", 303);
}
