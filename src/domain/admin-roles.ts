/**
 * What each admin role may open (decision 040). An owner may do everything. Staff handle the
 * day-to-day work: the dashboard, enquiries, bookings, orders (but no refunds), products with their
 * categories and images, and their own account. Everything else (settings, admins, payments, the
 * audit log, customers' accounts, referrals, content and pricing, analytics, mail) is for owners.
 * Staff access is an allow-list: a route or page that is not named here is for owners only, so a
 * new one is closed to staff until someone decides otherwise.
 */

export const adminRoles = ["owner", "staff"] as const;
export type AdminRole = (typeof adminRoles)[number];

export const adminRoleLabels: Record<AdminRole, string> = { owner: "Owner", staff: "Staff" };

/** The admin API paths staff may use (lower case, under /api/admin), any method unless refused below. */
const staffApi: readonly RegExp[] = [
  /^\/api\/admin\/(me|logout|reauth)$/,
  /^\/api\/admin\/account\/password$/,
  /^\/api\/admin\/totp\/(setup|confirm|disable)$/,
  /^\/api\/admin\/recovery-codes$/,
  /^\/api\/admin\/(stats|todo)(\/.*)?$/,
  // Case notes on the records staff handle, and deleting one's own note; notes on customers are the owners'.
  /^\/api\/admin\/notes\/(contacts|bookings|orders)\/[^/]+$/,
  /^\/api\/admin\/notes\/\d+$/,
  /^\/api\/admin\/(orders|bookings|timeslots|contacts|products|categories|reviews|uploads)(\/.*)?$/,
  /^\/api\/admin\/(orders|bookings|contacts)\.(csv|xlsx)$/,
  // Case rooms: staff work cases as owners do (view, update, message, upload, download); the download log is the owners'.
  /^\/api\/admin\/cases(\/.*)?$/,
];

/** Paths inside the staff areas that are still for owners only: money going back out, and who downloaded a case's files. */
const ownersOnlyWithinStaffApi: readonly RegExp[] = [/^\/api\/admin\/orders\/[^/]+\/refund(\/.*)?$/, /^\/api\/admin\/cases\/[^/]+\/downloads([/.].*)?$/];

/** Whether an admin of `role` may call the admin API at `path` (the request's path, any case). */
export function mayUseAdminApi(role: AdminRole, path: string): boolean {
  if (role === "owner") return true;
  const p = path.toLowerCase().replace(/\/+$/, "");
  return staffApi.some((r) => r.test(p)) && !ownersOnlyWithinStaffApi.some((r) => r.test(p));
}

/** The order actions an admin of `role` is offered: staff never see the refund (its route is for owners). */
export function orderActionsFor<A extends string>(role: AdminRole, actions: readonly A[]): A[] {
  return role === "owner" ? [...actions] : actions.filter((a) => a !== "refund");
}

/** The portal pages (rooms, under /admin) staff may open; the others show "Owners only". */
const staffRooms: readonly string[] = [
  "/admin/dashboard",
  "/admin/orders",
  "/admin/bookings",
  "/admin/contacts",
  "/admin/products",
  "/admin/categories",
  "/admin/reviews",
  "/admin/cases",
  "/admin/account",
];

/** Whether an admin of `role` may open the portal page at `path` (`/admin/products/12/edit` is in Products). */
export function mayOpenAdminPage(role: AdminRole, path: string): boolean {
  if (role === "owner") return true;
  const p = path.toLowerCase().replace(/\/+$/, "");
  return p === "/admin" || p === "/admin/login" || staffRooms.some((room) => p === room || p.startsWith(`${room}/`));
}
