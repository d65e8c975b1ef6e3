/**
 * The audit page (`/admin/audit`) and `GET /api/admin/audit`: the list's query (the page's URL and
 * the API's) and the shapes the API answers. Written with zod/mini so the island can share it.
 */
import { type AuditKind, auditKinds } from "../domain/audit";
import { choiceFilter, defineAdminList, idFilter, type ListQuery } from "./admin-list";
import { type AdminRecordList, adminRecordKey, adminRecordPath } from "./admin-records";

/** Entries per page of the log. */
export const adminAuditPageSize = 50;

/** `?admin=&kind=&page=`, all optional; an empty admin or kind means any. */
export const adminAuditList = defineAdminList({
  path: "/admin/audit",
  pageSize: adminAuditPageSize,
  filters: {
    admin: idFilter("Choose an admin"),
    kind: choiceFilter(auditKinds, "Choose a kind of change"),
  },
});
/** The log's filters as the page, the island and the API hold them. */
export type AdminAuditQuery = ListQuery<typeof adminAuditList>;

/** One entry of the log; `createdAt` an ISO instant, `before`/`after` the JSON the change recorded. */
export type AdminAuditEntry = {
  id: number;
  adminId: number | null;
  adminUsername: string;
  kind: AuditKind;
  action: string;
  recordId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** An admin the log can be filtered by. */
export type AdminAuditAdmin = { id: number; username: string };

/** `GET /api/admin/audit`: one page of entries, newest first, how many match, and the admins of the filter. */
export type AdminAuditList = { entries: AdminAuditEntry[]; total: number; page: number; pageSize: number; admins: AdminAuditAdmin[] };

/** How an entry's record reads in the log (short), in full (for the tooltip), and its address in the portal if it has one. */
export type AuditRecordRef = { text: string; full: string; href: string | null };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The lists whose records have an address, by the audit kind that names them, and how one is called. */
const recordLists: Partial<Record<AuditKind, { list: AdminRecordList; noun: string; deleted: string }>> = {
  orders: { list: "orders", noun: "Order", deleted: "order.delete" },
  bookings: { list: "bookings", noun: "Booking", deleted: "booking.delete" },
  enquiries: { list: "contacts", noun: "Enquiry", deleted: "enquiry.delete" },
  users: { list: "users", noun: "Customer", deleted: "user.delete" },
};

/**
 * An entry's record as the log shows it: an order by its number, a booking, enquiry or customer by
 * its noun and the first 8 characters of its id, a product by its number, each linked to its page
 * unless the entry deleted it; anything else (a setting key, a payment reference) as written.
 */
export function auditRecordRef(entry: Pick<AdminAuditEntry, "kind" | "action" | "recordId">): AuditRecordRef | null {
  const id = entry.recordId;
  if (!id) return null;
  const record = recordLists[entry.kind];
  if (record && adminRecordKey(record.list, id)) {
    const text = record.list === "orders" ? id : `${record.noun} ${id.slice(0, 8)}`;
    return { text, full: id, href: entry.action === record.deleted ? null : adminRecordPath(record.list, id) };
  }
  if (entry.kind === "products" && /^\d{1,9}$/.test(id)) {
    return { text: `Product #${id}`, full: id, href: entry.action === "product.delete" ? null : `/admin/products/${id}/edit` };
  }
  if (uuid.test(id)) return { text: id.slice(0, 8), full: id, href: null };
  return { text: id, full: id, href: null };
}
