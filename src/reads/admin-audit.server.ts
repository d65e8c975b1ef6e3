/** What the owner sees of the audit log: a page of entries, newest first, with the total and the admins to filter by. */
import { listAuditEntries } from "../db/admin-audit.server";
import type { AdminAuditList, AdminAuditQuery } from "../shared/admin-audit";
import type { ReadDeps } from "./read";

/** One page of audit entries matching `query`, newest first. */
export function adminAuditPage(deps: ReadDeps, query: AdminAuditQuery): AdminAuditList {
  return listAuditEntries(deps.db, query);
}
