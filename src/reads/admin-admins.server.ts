/**
 * What the portal shows of its admins: the Admins room's list, and the signed-in admin's own
 * account ("Your account": two-factor sign-in on or off, recovery codes left).
 */
import { recoveryCodesLeft } from "../db/admin-recovery-codes.server";
import { type CurrentAdmin, findAdminById, listAdminAccounts, totpEnabled } from "../db/admins.server";
import type { AdminAccountList } from "../shared/admin-admins";
import type { AdminMe } from "../shared/admin-auth";
import type { ReadDeps } from "./read";

/** Every admin, with two-factor sign-in, live sign-ins and last activity; `viewerId`'s own row marked "you". */
export function adminAccounts(deps: ReadDeps, viewerId: number): AdminAccountList {
  return { admins: listAdminAccounts(deps.db, viewerId) };
}

/** The signed-in admin as "Your account" shows them: name, role, two-factor sign-in and the recovery codes left. */
export function signedInAdmin(deps: ReadDeps, admin: CurrentAdmin): AdminMe {
  const found = findAdminById(deps.db, admin.id);
  const on = found ? totpEnabled(found) : false;
  return { username: admin.username, role: admin.role, totpEnabled: on, recoveryCodesLeft: on ? recoveryCodesLeft(deps.db, admin.id) : 0 };
}
