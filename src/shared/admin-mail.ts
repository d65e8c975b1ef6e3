/**
 * The mail outbox page (`/admin/mail`) and `GET|POST /api/admin/mail…`: the list's query (the page's
 * URL and the API's) and the shapes the API answers. No shape carries a message's body: e-mails to
 * customers are private. Written with zod/mini so the island can share it.
 */
import { type OutboxStatus, outboxStatuses } from "../domain/outbox";
import { z } from "./zod-mini";

/** Messages per page of the list. */
export const adminMailPageSize = 50;
/** Far beyond any real outbox; keeps the OFFSET bounded. */
export const maxAdminMailPage = 100_000;

const pageMessage = "Page must be a whole number from 1";

/** `?status=&page=`, both optional; an empty status means any. */
export const adminMailQuerySchema = z.object({
  status: z.optional(z.enum(["", ...outboxStatuses], "Choose a status: pending, sent or failed")),
  page: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.regex(/^\d{1,6}$/, pageMessage)),
      z.pipe(
        z.transform((s: string) => Number(s)),
        z.number().check(z.minimum(1, pageMessage), z.maximum(maxAdminMailPage, pageMessage)),
      ),
    ),
  ),
});

/** The id in `POST /api/admin/mail/{id}/retry`. */
export const adminMailIdSchema = z.object({ id: z.string().check(z.regex(/^\d{1,15}$/, "The message id is a whole number")) });

/** The list's filter as the page and the island hold it. */
export type AdminMailQuery = { status: OutboxStatus | null; page: number };
export const emptyAdminMailQuery: AdminMailQuery = { status: null, page: 1 };

const isStatus = (s: string | undefined): s is OutboxStatus => (outboxStatuses as readonly string[]).includes(s ?? "");

/** Reads the page's query string leniently: anything malformed falls back to its default. */
export function readAdminMailQuery(params: { status?: string; page?: string }): AdminMailQuery {
  const page = params.page && /^\d{1,6}$/.test(params.page) ? Number(params.page) : 1;
  return { status: isStatus(params.status) ? params.status : null, page: page >= 1 && page <= maxAdminMailPage ? page : 1 };
}

/** The query string of `query` ("" for the default), for the page's URL and the API's. */
export function adminMailSearch(query: AdminMailQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * One message of the outbox, without its body. `status` is the one the owner sees (`failed` once
 * an attempt failed, until it is sent); instants are ISO strings. `lastAttemptAt` is when it was
 * sent, or when its last failed attempt was made (null before any); `nextAttemptAt` is null once sent.
 */
export type AdminMailRow = {
  id: number;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** Whether Retry is offered: the message failed (docs/product.md#mail-outbox). */
  retryable: boolean;
};

/** `GET /api/admin/mail`: one page of messages, newest first, and how many match in all. */
export type AdminMailList = { messages: AdminMailRow[]; total: number; page: number; pageSize: number };

/** `GET /api/admin/mail/summary`: what the dashboard shows about the outbox. */
export type AdminMailSummary = { failed: number };
