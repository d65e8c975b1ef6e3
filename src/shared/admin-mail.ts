/**
 * The mail outbox page (`/admin/mail`) and `GET|POST /api/admin/mail…`: the list's query (the page's
 * URL and the API's) and the shapes the API answers. No shape carries a message's body: e-mails to
 * customers are private. Written with zod/mini so the island can share it.
 */
import { type OutboxStatus, outboxStatuses } from "../domain/outbox";
import { choiceFilter, defineAdminList, type ListQuery } from "./admin-list";
import { z } from "./zod-mini";

/** Messages per page of the list. */
export const adminMailPageSize = 50;

/** `?status=&page=`, both optional; an empty status means any. */
export const adminMailList = defineAdminList({
  path: "/admin/mail",
  pageSize: adminMailPageSize,
  filters: { status: choiceFilter(outboxStatuses, "Choose a status: pending, sent or failed") },
});
/** The list's filter as the page, the island and the API hold it. */
export type AdminMailQuery = ListQuery<typeof adminMailList>;

/** The id in `POST /api/admin/mail/{id}/retry`. */
export const adminMailIdSchema = z.object({ id: z.string().check(z.regex(/^\d{1,15}$/, "The message id is a whole number")) });

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
