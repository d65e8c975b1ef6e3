/**
 * The admin users page and `GET|POST /api/admin/users…`: the list's query (validated on the
 * server; the island builds the same URL) and the shapes the API answers. Written with zod/mini so
 * the island can share it without zod's CSP-unfriendly probe.
 */
import type { BookingStatus } from "../domain/booking";
import type { OrderStatus } from "../domain/order";
import type { PaymentStatus } from "../domain/payment";
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
  /** Decimal string ("295.00"), in `currency` (the one it was booked in). */
  servicePrice: string;
  currency: string;
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

/** How many of each kind the customer's record lists, newest first; the rest are a click away in their own list. */
export const customerRecordLimit = 10;
/** How many notes on their orders, bookings and enquiries the record lists, newest first. */
export const customerRecordNoteLimit = 20;

/** A part of the customer's record: its newest entries (up to `customerRecordLimit`) and how many there are in all. */
export type CustomerRecordPart<T> = { items: T[]; total: number };

/**
 * `GET /api/admin/users/{id}/record`: everything the business holds about one customer, each entry
 * with the key of its own record (`shared/admin-records.ts`). Enquiries are those sent from the
 * account's e-mail address; payments those of the account or paying its orders and bookings; notes
 * those on their orders, bookings and enquiries (the notes on the customer are the dialog's own).
 */
export type AdminCustomerRecord = {
  orders: CustomerRecordPart<{ orderNumber: string; status: OrderStatus; paymentStatus: string; totalAmount: string; currency: string; createdAt: string }>;
  bookings: CustomerRecordPart<{
    /** The booking's record key: its reference, or its id when it has none. */
    key: string;
    reference: string | null;
    serviceName: string;
    appointmentDate: string;
    appointmentTime: string;
    status: BookingStatus;
  }>;
  enquiries: CustomerRecordPart<{ id: string; name: string; serviceLabel: string; urgency: string; createdAt: string; handledAt: string | null }>;
  payments: CustomerRecordPart<{
    id: string;
    referenceCode: string;
    serviceName: string;
    amount: string;
    currency: string;
    method: string;
    status: PaymentStatus;
    createdAt: string;
    /** What it pays, as a record to open: the shop order's number or the booking's key; null for a payment of neither. */
    orderNumber: string | null;
    bookingKey: string | null;
  }>;
  notes: { id: number; list: "orders" | "bookings" | "contacts"; recordKey: string; adminUsername: string; body: string; createdAt: string }[];
};

/** `GET /api/admin/users/customer-of/{list}/{key}`: the account an order, a booking or an enquiry belongs to, or null (a guest, or an account since deleted). */
export type CustomerOfRecord = { customer: { id: string; name: string; email: string } | null };
