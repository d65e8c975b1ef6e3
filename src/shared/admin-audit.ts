/**
 * The audit page (`/admin/audit`) and `GET /api/admin/audit`: the list's query (the page's URL and
 * the API's) and the shapes the API answers. Written with zod/mini so the island can share it.
 */
import { type AuditKind, auditKinds } from "../domain/audit";
import { z } from "./zod-mini";

/** Entries per page of the log. */
export const adminAuditPageSize = 50;
/** Far beyond any real log (100,000 entries are 2,000 pages); keeps the OFFSET bounded. */
export const maxAdminAuditPage = 100_000;

const pageMessage = "Page must be a whole number from 1";
const adminMessage = "Choose an admin";

/** A whole number from 1 to `max` in a query string; with `blank`, an empty value is 0 (any). */
const wholeNumber = (message: string, max: number, blank = false) =>
  z.pipe(
    z.string().check(z.trim(), z.regex(blank ? /^\d{0,9}$/ : /^\d{1,9}$/, message)),
    z.pipe(
      z.transform((s: string) => Number(s)),
      z.number().check(z.minimum(blank ? 0 : 1, message), z.maximum(max, message)),
    ),
  );

/** `?admin=&kind=&page=`, all optional; an empty admin or kind means any. */
export const adminAuditQuerySchema = z.object({
  admin: z.optional(wholeNumber(adminMessage, 2 ** 31 - 1, true)),
  kind: z.optional(z.enum(["", ...auditKinds], "Choose a kind of change")),
  page: z.optional(wholeNumber(pageMessage, maxAdminAuditPage)),
});
export type AdminAuditQueryInput = z.infer<typeof adminAuditQuerySchema>;

/** The log's filters as the page and the island hold them. */
export type AdminAuditQuery = { admin: number | null; kind: AuditKind | null; page: number };
export const emptyAdminAuditQuery: AdminAuditQuery = { admin: null, kind: null, page: 1 };

const isKind = (s: string | undefined): s is AuditKind => (auditKinds as readonly string[]).includes(s ?? "");

/** Reads the page's query string leniently: anything malformed falls back to its default. */
export function readAdminAuditQuery(params: { admin?: string; kind?: string; page?: string }): AdminAuditQuery {
  const admin = params.admin && /^\d{1,9}$/.test(params.admin) ? Number(params.admin) : 0;
  const page = params.page && /^\d{1,6}$/.test(params.page) ? Number(params.page) : 1;
  return {
    admin: admin >= 1 ? admin : null,
    kind: isKind(params.kind) ? params.kind : null,
    page: page >= 1 && page <= maxAdminAuditPage ? page : 1,
  };
}

/** The query string of `query` ("" for the default), for the page's URL and the API's. */
export function adminAuditSearch(query: AdminAuditQuery): string {
  const params = new URLSearchParams();
  if (query.admin) params.set("admin", String(query.admin));
  if (query.kind) params.set("kind", query.kind);
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

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
