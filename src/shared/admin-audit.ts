/**
 * The audit page (`/admin/audit`) and `GET /api/admin/audit`: the list's query (the page's URL and
 * the API's) and the shapes the API answers. Written with zod/mini so the island can share it.
 */
import { type AuditKind, auditKinds } from "../domain/audit";
import { choiceFilter, defineAdminList, idFilter, type ListQuery } from "./admin-list";

/** Entries per page of the log. */
export const adminAuditPageSize = 50;

/** `?admin=&kind=&page=`, all optional; an empty admin or kind means any. */
export const adminAuditList = defineAdminList({
  path: "/admin/audit",
  apiPath: "/api/admin/audit",
  pageSize: adminAuditPageSize,
  /** Far beyond any real log (100,000 entries are 2,000 pages). */
  maxPage: 100_000,
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
