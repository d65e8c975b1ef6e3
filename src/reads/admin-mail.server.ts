/** What the owner sees of the mail outbox: a page of messages, newest first (never a body), and how many have failed. */
import { failedMailCount, listAdminMail } from "../db/admin-mail.server";
import type { AdminMailList, AdminMailQuery, AdminMailSummary } from "../shared/admin-mail";
import type { ReadDeps } from "./read";

/** One page of messages matching `query`, newest first, with the total. */
export function adminMailPage(deps: ReadDeps, query: AdminMailQuery): AdminMailList {
  return listAdminMail(deps.db, query);
}

/** What the dashboard shows of the outbox: how many messages have failed. */
export function adminMailSummary(deps: ReadDeps): AdminMailSummary {
  return { failed: failedMailCount(deps.db) };
}
