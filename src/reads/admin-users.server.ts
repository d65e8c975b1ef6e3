/**
 * What the owner sees of customers: a page of them, one customer, their latest bookings and orders,
 * their whole record, and whose an order, a booking or an enquiry is.
 */
import { adminUserView, customerOfRecord, customerRecord, listAdminUsers, recentUserBookings, recentUserOrders } from "../db/admin-users.server";
import type {
  AdminCustomerRecord,
  AdminUserBooking,
  AdminUserList,
  AdminUserOrder,
  AdminUsersQuery,
  AdminUserView,
  CustomerOfRecord,
} from "../shared/admin-users";
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

/** Everything the business holds about the customer, each entry keyed to its own record; null when there is no such user. */
export function adminCustomerRecord(deps: ReadDeps, userId: string): AdminCustomerRecord | null {
  return customerRecord(deps.db, userId);
}

/** The customer of an order, a booking or an enquiry (null when a guest's or a deleted account's); null when there is no such record. */
export function adminCustomerOf(deps: ReadDeps, list: "orders" | "bookings" | "contacts", key: string): CustomerOfRecord | null {
  return customerOfRecord(deps.db, list, key);
}
