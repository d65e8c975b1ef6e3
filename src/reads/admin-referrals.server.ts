/** What the owner sees of referral rewards: a page of referrers, most pending money first, and one referrer with every reward. */
import { adminReferrerDetail, listAdminReferrers } from "../db/admin-referrals.server";
import type { AdminReferralsQuery, AdminReferrerDetail, AdminReferrerList } from "../shared/admin-referrals";
import type { ReadDeps } from "./read";

/** One page of referrers matching `query`, most pending money first, with the total. */
export function adminReferrersPage(deps: ReadDeps, query: AdminReferralsQuery): AdminReferrerList {
  return listAdminReferrers(deps.db, query);
}

/** Referrer `userId` and every reward of theirs, newest first; null when there is no such customer. */
export function adminReferrer(deps: ReadDeps, userId: string): AdminReferrerDetail | null {
  return adminReferrerDetail(deps.db, userId);
}
