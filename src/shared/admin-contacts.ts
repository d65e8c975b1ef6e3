/**
 * The enquiries inbox (`/admin/contacts`) and `GET|POST|DELETE /api/admin/contacts…`: the list's
 * query (the page's URL and the API's), the shapes the API answers, and the reply's subject
 * (docs/product.md#enquiries-inbox). Written with zod/mini so the island can share it.
 */
import { z } from "./zod-mini";

/** Enquiries per page of the inbox. */
export const adminContactsPageSize = 20;
export const maxAdminContactSearchLength = 100;
/** Far beyond any real inbox; keeps the OFFSET a small number. */
export const maxAdminContactsPage = 100_000;

export const contactStatuses = ["unhandled", "handled", "all"] as const;
export type ContactStatusFilter = (typeof contactStatuses)[number];
export const contactUrgencies = ["low", "normal", "high", "emergency"] as const;
export type ContactUrgency = (typeof contactUrgencies)[number];

export const contactStatusLabels: Record<ContactStatusFilter, string> = { unhandled: "To handle", handled: "Handled", all: "All" };
export const contactUrgencyLabels: Record<ContactUrgency, string> = { low: "Low", normal: "Normal", high: "High", emergency: "Emergency" };

const pageMessage = "Page must be a whole number from 1";

/** `?status=&urgency=&search=&page=`, all optional; no status means the unhandled ones, an empty urgency any. */
export const adminContactsQuerySchema = z.object({
  status: z.optional(z.enum(contactStatuses, "Choose unhandled, handled or all")),
  urgency: z.optional(z.union([z.literal(""), z.enum(contactUrgencies, "Choose an urgency")])),
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(maxAdminContactSearchLength, `Keep the search under ${maxAdminContactSearchLength + 1} characters`)),
  ),
  page: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.regex(/^\d{1,6}$/, pageMessage)),
      z.pipe(
        z.transform((s: string) => Number(s)),
        z.number().check(z.minimum(1, pageMessage), z.maximum(maxAdminContactsPage, pageMessage)),
      ),
    ),
  ),
});
export type AdminContactsQueryInput = z.infer<typeof adminContactsQuerySchema>;

/** The inbox's filters as the page and the island hold them. */
export type AdminContactsQuery = { status: ContactStatusFilter; urgency: ContactUrgency | null; search: string; page: number };
export const emptyAdminContactsQuery: AdminContactsQuery = { status: "unhandled", urgency: null, search: "", page: 1 };

const isStatus = (s: string | undefined): s is ContactStatusFilter => (contactStatuses as readonly string[]).includes(s ?? "");
const isUrgency = (s: string | undefined): s is ContactUrgency => (contactUrgencies as readonly string[]).includes(s ?? "");

/** Collapses whitespace and bounds the length of a search text. */
export function cleanAdminContactSearch(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, maxAdminContactSearchLength);
}

/** Reads the page's query string leniently: anything malformed falls back to its default. */
export function readAdminContactsQuery(params: { status?: string; urgency?: string; search?: string; page?: string }): AdminContactsQuery {
  const page = params.page && /^\d{1,6}$/.test(params.page) ? Number(params.page) : 1;
  return {
    status: isStatus(params.status) ? params.status : "unhandled",
    urgency: isUrgency(params.urgency) ? params.urgency : null,
    search: cleanAdminContactSearch(params.search),
    page: page >= 1 && page <= maxAdminContactsPage ? page : 1,
  };
}

/** The query string of `query` ("" for the default), for the page's URL and the API's. */
export function adminContactsSearch(query: AdminContactsQuery): string {
  const params = new URLSearchParams();
  if (query.status !== "unhandled") params.set("status", query.status);
  if (query.urgency) params.set("urgency", query.urgency);
  if (query.search) params.set("search", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** One enquiry. Instants are ISO strings; `serviceLabel` names the service as the form offered it. */
export type AdminContact = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  serviceLabel: string;
  urgency: string;
  message: string;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
};

/** `GET /api/admin/contacts`: one page of the inbox and how many match in all. */
export type AdminContactList = { contacts: AdminContact[]; total: number; page: number; pageSize: number };

/** The reply's `mailto:` link, with the subject filled in. */
export function replyLink(contact: Pick<AdminContact, "email" | "serviceLabel">): string {
  return `mailto:${encodeURIComponent(contact.email).replaceAll("%40", "@")}?subject=${encodeURIComponent(`Re: your enquiry about ${contact.serviceLabel}`)}`;
}

/** `GET /api/admin/contacts/summary`: the enquiries waiting, for the dashboard. */
export type AdminContactsSummary = { unhandled: number; emergencies: number };
