/** An admin signs out (POST /api/admin/logout): their token ends at once; the handler clears the cookie. */
import { revokeAdminToken } from "../db/admins.server";
import type { ActionDeps } from "./action";

/** Ends the sign-in whose token hash is `tokenHash`. */
export function signOutAdmin(deps: ActionDeps, tokenHash: string): void {
  revokeAdminToken(deps.db, tokenHash);
}
