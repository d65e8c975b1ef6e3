/**
 * GET /contact (publicly cached unless it carries ?sent=1 or ?service=) and POST /contact, the
 * form with JavaScript off (the `sendEnquiry` action, as the island's POST /api/contacts). Success redirects (303) to a page showing the success message; errors
 * re-render the form with the values kept and messages under fields.
 */
import { Hono, type Context } from "hono";
import { sendEnquiry } from "../actions/send-enquiry.server";
import { contactSchema, honeypotField, type ContactFormValues } from "../shared/contact";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
import { clientIp } from "../server/client-ip";
import { servePage } from "../server/render-page";
import { contactPage } from "./contact";

/** GET /contact; ?service=<id> preselects a service. */
export function showContact(deps: AppDeps, c: Context<AppEnv>) {
  const sent = c.req.query("sent") === "1";
  const values = serviceChoice(c.req.query("service"));
  if (!sent && !values) return servePage(deps, c, contactPage, { cache: "public" });
  return servePage(deps, c, (site) => contactPage(site, { sent, values }));
}

/** A service preselected from a link such as /contact?service=partner. */
function serviceChoice(service: string | undefined) {
  return service && /^[a-z-]{1,40}$/.test(service) ? { service } : undefined;
}

const formFields = ["name", "email", "phone", "service", "message", "urgency"] as const;

/** POST /contact */
export async function submitContactForm(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c);
  const values: Partial<ContactFormValues> = {};
  for (const f of formFields) values[f] = form[f] ?? "";
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return servePage(deps, c, (site) => contactPage(site, { values, errors: fieldErrors(parsed.error) }));
  }
  try {
    sendEnquiry(deps, clientIp(c), parsed.data, form[honeypotField]);
  } catch (error) {
    // The one refusal is the limit shared with the island: the page says so, with its Retry-After.
    if (!(error instanceof HttpError)) throw error;
    setErrorHeaders(c, error);
    return servePage(deps, c, (site) => contactPage(site, { values, formError: error.message }));
  }
  return c.redirect("/contact?sent=1#contact-form", 303);
}

export function contactRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/contact", (c) => showContact(deps, c)).post("/contact", (c) => submitContactForm(deps, c));
}
