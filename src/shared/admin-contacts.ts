/**
 * The enquiries inbox (`/admin/contacts`) and `GET|POST|DELETE /api/admin/contacts…`: the list's
 * query (the page's URL and the API's), the shapes the API answers, and the reply's subject
 * (docs/product.md#enquiries-inbox). Written with zod/mini so the island can share it.
 */
import { choiceFilter, defineAdminList, type ListQuery, searchFilter } from "./admin-list";

/** Enquiries per page of the inbox. */
export const adminContactsPageSize = 20;

export const contactStatuses = ["unhandled", "handled", "all"] as const;
export type ContactStatusFilter = (typeof contactStatuses)[number];
export const contactUrgencies = ["low", "normal", "high", "emergency"] as const;
export type ContactUrgency = (typeof contactUrgencies)[number];

export const contactStatusLabels: Record<ContactStatusFilter, string> = { unhandled: "To handle", handled: "Handled", all: "All" };
export const contactUrgencyLabels: Record<ContactUrgency, string> = { low: "Low", normal: "Normal", high: "High", emergency: "Emergency" };

/** `?status=&urgency=&search=&page=`, all optional; no status means the unhandled ones, an empty urgency any. */
export const adminContactsList = defineAdminList({
  path: "/admin/contacts",
  pageSize: adminContactsPageSize,
  filters: {
    status: choiceFilter(contactStatuses, "Choose unhandled, handled or all", "unhandled"),
    urgency: choiceFilter(contactUrgencies, "Choose an urgency"),
    search: searchFilter(100),
  },
});
/** The inbox's filters as the page, the island and the API hold them. */
export type AdminContactsQuery = ListQuery<typeof adminContactsList>;

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
