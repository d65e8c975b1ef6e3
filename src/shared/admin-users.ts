/**
 * The admin users page and `GET|POST /api/admin/users…`: the list's query (validated on the
 * server; the island builds the same URL) and the shapes the API answers. Written with zod/mini so
 * the island can share it without zod's CSP-unfriendly probe.
 */
import type { BookingStatus } from "../domain/booking";
import type { OrderStatus } from "../domain/order";
import { defineAdminList, type ListQuery, type SearchedTotal, searchFilter } from "./admin-list";

/** Users per page of the list. */
export const adminUsersPageSize = 20;
/** How many of a user's most recent bookings and orders the details dialog shows (docs/product.md#limits). */
export const adminUserBookingLimit = 3;
export const adminUserOrderLimit = 5;

/** `?search=&page=`: both optional; the search is trimmed (empty means everyone), the page starts at 1. */
export const adminUsersList = defineAdminList({
  path: "/admin/users",
  pageSize: adminUsersPageSize,
  filters: { search: searchFilter(100) },
});
/** The list's search and page as the page, the island and the API hold them. */
export type AdminUsersQuery = ListQuery<typeof adminUsersList>;

/** The admin's view of a user, plus when the account was suspended (null while active). Instants are ISO strings. */
export type AdminUserView = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isNewCustomer: boolean;
  referralCode: string | null;
  /** Decimal string with two places ("40.00"). */
  referralEarnings: string;
  createdAt: string;
  suspendedAt: string | null;
};

/** `GET /api/admin/users`: one page of users, newest first, and how many match in all (a search stops counting past `searchCountLimit`). */
export type AdminUserList = { users: AdminUserView[]; page: number; pageSize: number } & SearchedTotal;

/** `GET /api/admin/users/{id}/bookings`: one of the user's most recent bookings. */
export type AdminUserBooking = {
  id: string;
  serviceName: string;
  /** Decimal string ("295.00"). */
  servicePrice: string;
  /** The appointment's wall-clock date and time in the business timezone ("2026-03-10", "10:00"). */
  appointmentDate: string;
  appointmentTime: string;
  status: BookingStatus;
};

/** `GET /api/admin/users/{id}/orders`: one of the user's most recent orders, its items named as they were sold. */
export type AdminUserOrder = {
  id: number;
  orderNumber: string;
  items: { name: string; quantity: number }[];
  /** Decimal string ("149.00"). */
  totalAmount: string;
  status: OrderStatus;
  createdAt: string;
};

/** A user's display name: first and last name, or the e-mail when they gave neither. */
export function adminUserName(user: Pick<AdminUserView, "firstName" | "lastName" | "email">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}
