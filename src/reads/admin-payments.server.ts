/** What the owner sees of every payment, shop and service: a page of them, newest first. */
import { listAdminPayments } from "../db/admin-payments.server";
import type { AdminPaymentList, AdminPaymentsQuery } from "../shared/admin-payments";
import type { ReadDeps } from "./read";

/** One page of payments matching `query`, newest first, with the total. */
export function adminPaymentsPage(deps: ReadDeps, query: AdminPaymentsQuery): AdminPaymentList {
  return listAdminPayments(deps.db, query);
}
