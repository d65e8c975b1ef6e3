/** What the owner sees of customers: a page of them, one customer, and their latest bookings and orders. */
import { adminUserView, listAdminUsers, recentUserBookings, recentUserOrders } from "../db/admin-users.server";
import type { AdminUserBooking, AdminUserList, AdminUserOrder, AdminUsersQuery, AdminUserView } from "../shared/admin-users";
import type { ReadDeps } from "./read";

/** One page of users matching `query`, newest first, with the total. */
export function adminUsersPage(deps: ReadDeps, query: AdminUsersQuery): AdminUserList {
  return listAdminUsers(deps.db, query);
}

/** User `userId` as the list shows them; null when there is no such user. */
export function adminUser(deps: ReadDeps, userId: string): AdminUserView | null {
  return adminUserView(deps.db, userId);
}

/** The user's 3 most recent bookings; null when there is no such user. */
export function adminUserBookings(deps: ReadDeps, userId: string): AdminUserBooking[] | null {
  return recentUserBookings(deps.db, userId);
}

/** The user's 5 most recent orders with their items; null when there is no such user. */
export function adminUserOrders(deps: ReadDeps, userId: string): AdminUserOrder[] | null {
  return recentUserOrders(deps.db, userId);
}
