/**
 * The admin bookings page (`/admin/bookings`) and `GET|PATCH /api/admin/bookings…`,
 * `/api/admin/bookings.csv` and `/api/admin/timeslots…`: the list's query (the page's URL and the
 * API's), the bodies, and the shapes the API answers (docs/product.md#managing-bookings). Written
 * with zod/mini so the island can share it.
 */
import { type BookingStatus, bookingStatuses } from "../domain/booking";
import { isIsoDate } from "../domain/timezone";
import { z } from "./zod-mini";

/** Bookings per page of the list. */
export const adminBookingsPageSize = 20;
/** Far beyond any real list; keeps the OFFSET a small number. */
export const maxAdminBookingsPage = 100_000;
/** The most days the slot overview or one generation covers. */
export const maxSlotRangeDays = 90;

/** Which bookings the list shows: from today on (soonest first), before today (latest first), or all. */
export const bookingWhens = ["upcoming", "past", "all"] as const;
export type BookingWhen = (typeof bookingWhens)[number];

const pageMessage = "Page must be a whole number from 1";
const dateMessage = "Use a real date written YYYY-MM-DD";
const isoDate = (message = dateMessage) => z.string(message).check(z.trim(), z.refine(isIsoDate, message));
const optionalDate = z.optional(z.union([z.literal(""), isoDate()]));

/** `?status=&from=&to=` (the CSV's query), each optional; empty means any. */
export const adminBookingsCsvQuerySchema = z.object({
  status: z.optional(z.union([z.literal(""), z.enum(bookingStatuses, "Choose a booking status")])),
  from: optionalDate,
  to: optionalDate,
});

/** `?status=&from=&to=&when=&page=`, each optional. */
export const adminBookingsQuerySchema = z.extend(adminBookingsCsvQuerySchema, {
  when: z.optional(z.union([z.literal(""), z.enum(bookingWhens, "Choose upcoming, past or all")])),
  page: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.regex(/^\d{1,6}$/, pageMessage)),
      z.pipe(
        z.transform((s: string) => Number(s)),
        z.number().check(z.minimum(1, pageMessage), z.maximum(maxAdminBookingsPage, pageMessage)),
      ),
    ),
  ),
});
export type AdminBookingsQueryInput = z.infer<typeof adminBookingsQuerySchema>;
export type AdminBookingsCsvQueryInput = z.infer<typeof adminBookingsCsvQuerySchema>;

/** `PATCH /api/admin/bookings/{id}`. */
export const adminBookingStatusSchema = z.object({ status: z.enum(bookingStatuses, "Choose a booking status") });

/** `GET /api/admin/timeslots?from=&to=`, both optional (today and 30 days on). */
export const adminSlotsQuerySchema = z.object({ from: optionalDate, to: optionalDate });

/** `POST /api/admin/timeslots/generate`. */
export const adminGenerateSlotsSchema = z.object({ from: isoDate(), to: isoDate() });

/** `PATCH /api/admin/timeslots/{id}`. */
export const adminSlotAvailabilitySchema = z.object({ available: z.boolean("Say whether the slot is open (true) or blocked (false)") });

/** The list's filters as the page and the island hold them. */
export type AdminBookingsQuery = { status: BookingStatus | null; from: string; to: string; when: BookingWhen; page: number };
export const emptyAdminBookingsQuery: AdminBookingsQuery = { status: null, from: "", to: "", when: "upcoming", page: 1 };

const isStatus = (s: string | undefined): s is BookingStatus => (bookingStatuses as readonly string[]).includes(s ?? "");
const isWhen = (s: string | undefined): s is BookingWhen => (bookingWhens as readonly string[]).includes(s ?? "");

/** Reads the page's query string leniently: anything malformed falls back to its default. */
export function readAdminBookingsQuery(params: { status?: string; from?: string; to?: string; when?: string; page?: string }): AdminBookingsQuery {
  const page = params.page && /^\d{1,6}$/.test(params.page) ? Number(params.page) : 1;
  return {
    status: isStatus(params.status) ? params.status : null,
    from: params.from && isIsoDate(params.from) ? params.from : "",
    to: params.to && isIsoDate(params.to) ? params.to : "",
    when: isWhen(params.when) ? params.when : "upcoming",
    page: page >= 1 && page <= maxAdminBookingsPage ? page : 1,
  };
}

/** The query string of `query` ("" for the default), for the page's URL and the API's. */
export function adminBookingsSearch(query: AdminBookingsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.when !== "upcoming") params.set("when", query.when);
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The CSV export's query string for the list's filters (every page, any date unless from/to). */
export function adminBookingsCsvSearch(query: AdminBookingsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** One booking as the owner sees it. Money is a decimal string; `createdAt` an ISO instant. */
export type AdminBookingRow = {
  id: string;
  appointmentDate: string;
  appointmentTime: string;
  duration: number;
  serviceName: string;
  servicePrice: string;
  originalPrice: string | null;
  discountApplied: boolean;
  status: BookingStatus;
  location: string | null;
  notes: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  customerName: string;
  customerEmail: string | null;
  createdAt: string;
  /** The statuses the business may move it to now. */
  next: BookingStatus[];
};

export type AdminBookingList = { bookings: AdminBookingRow[]; total: number; page: number; pageSize: number };

/** One time slot in the overview. */
export type AdminSlot = { id: number; time: string; maxBookings: number; currentBookings: number; available: boolean };
/** One day of slots: how full it is, and its slots by time. */
export type AdminSlotDay = { date: string; capacity: number; booked: number; blocked: number; slots: AdminSlot[] };
export type AdminSlotOverview = { from: string; to: string; days: AdminSlotDay[] };
export type AdminSlotChange = { slot: AdminSlot & { date: string }; message: string };

/** What each status change is called on the buttons and in the log. */
export const bookingActionLabels: Record<BookingStatus, { idle: string; pending: string; done: string; confirm: string }> = {
  pending: { idle: "Mark pending", pending: "Saving...", done: "Booking marked pending", confirm: "" },
  confirmed: {
    idle: "Confirm booking",
    pending: "Confirming...",
    done: "Booking confirmed",
    confirm: "Confirm this booking? The customer is e-mailed that it is confirmed.",
  },
  completed: {
    idle: "Mark completed",
    pending: "Completing...",
    done: "Booking completed",
    confirm: "Mark this booking completed? The customer becomes a returning customer (no new-client discount from now on) and is e-mailed a thank-you.",
  },
  cancelled: {
    idle: "Cancel booking",
    pending: "Cancelling...",
    done: "Booking cancelled",
    confirm:
      "Cancel this booking? Its time is offered to customers again, any referral reward it earned is voided, and the customer is e-mailed. This cannot be undone.",
  },
};

export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};
