/**
 * The admin bookings page (`/admin/bookings`) and `GET|PATCH /api/admin/bookings…`,
 * `/api/admin/bookings.csv` and `/api/admin/timeslots…`: the list's query (the page's URL and the
 * API's), the bodies, and the shapes the API answers (docs/product.md#managing-bookings). Written
 * with zod/mini so the island can share it.
 */
import { type BookingStatus, bookingStatuses } from "../domain/booking";
import type { BookingPayment } from "../domain/booking-payment";
import type { PriceLine } from "../domain/booking-price-lines";
import { isIsoDate } from "../domain/timezone";
import type { ClosedDay, DayBooking } from "./admin-calendar";
import type { PlanView } from "./payment-plan";
import { choiceFilter, dateFilter, dateMessage, defineAdminList, type ListQuery, type SearchedTotal, searchFilter } from "./admin-list";
import { z } from "./zod-mini";

/** Bookings per page of the list. */
export const adminBookingsPageSize = 20;

/** Which bookings the list shows: from today on (soonest first), before today (latest first), or all. */
export const bookingWhens = ["upcoming", "past", "all"] as const;
export type BookingWhen = (typeof bookingWhens)[number];

const isoDate = z.string(dateMessage).check(z.trim(), z.refine(isIsoDate, dateMessage));
const optionalDate = z.optional(dateFilter().strict);

/**
 * `?status=&from=&to=&when=&search=&page=`, each optional; the CSV reads the same and ignores `when`
 * and `page`. The search looks in the reference, the customer's name and e-mail and the contact
 * e-mail and phone.
 */
export const adminBookingsList = defineAdminList({
  path: "/admin/bookings",
  pageSize: adminBookingsPageSize,
  filters: {
    status: choiceFilter(bookingStatuses, "Choose a booking status"),
    from: dateFilter(),
    to: dateFilter(),
    when: choiceFilter(bookingWhens, "Choose upcoming, past or all", "upcoming"),
    // Last, so the addresses of the list before it had a search read as they did.
    search: searchFilter(100),
  },
});
/** The list's filters as the page, the island and the API hold them. */
export type AdminBookingsQuery = ListQuery<typeof adminBookingsList>;

/** The CSV export's URL for the list's filters: every page, any date unless from/to. */
export function adminBookingsCsvUrl(query: AdminBookingsQuery): string {
  return `${adminBookingsList.apiPath}.csv${adminBookingsList.search({ ...query, when: "upcoming", page: 1 })}`;
}

/** `PATCH /api/admin/bookings/{id}`. */
export const adminBookingStatusSchema = z.object({ status: z.enum(bookingStatuses, "Choose a booking status") });

/** `GET /api/admin/timeslots?from=&to=`, both optional (today and 30 days on). */
export const adminSlotsQuerySchema = z.object({ from: optionalDate, to: optionalDate });

/** `POST /api/admin/timeslots/generate`. */
export const adminGenerateSlotsSchema = z.object({ from: isoDate, to: isoDate });

/** `PATCH /api/admin/timeslots/{id}`. */
export const adminSlotAvailabilitySchema = z.object({ available: z.boolean("Say whether the slot is open (true) or blocked (false)") });

/**
 * One booking as the owner sees it. Money is a decimal string; `createdAt` an ISO instant;
 * `reference` what the customer quotes (`BK-7KQ4-M2XD`), null only for a booking that never got one.
 */
export type AdminBookingRow = {
  id: string;
  reference: string | null;
  appointmentDate: string;
  appointmentTime: string;
  duration: number;
  serviceName: string;
  servicePrice: string;
  originalPrice: string | null;
  /** The currency the prices are in: the one it was booked in. */
  currency: string;
  discountApplied: boolean;
  /** What came off the list price, line by line, as the booking's page says it: "Volume discount (15%)" (`bookingPriceLines`). */
  priceLines: PriceLine[];
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
  /** Whether it is paid: how, when, and by whom when marked paid by hand. */
  payment: BookingPayment;
  /** Its payment plan with each instalment (decision 085), on the booking's own record; absent on the list's rows. */
  plan?: PlanView | null;
};

/** A page of bookings; a searched list counts to a limit (`totalCapped`: more than `total` match). */
export type AdminBookingList = { bookings: AdminBookingRow[]; page: number; pageSize: number } & SearchedTotal;

/** How the back office names a booking: its reference, or for one that never got one, the start of its id. */
export function bookingName(booking: { id: string; reference: string | null }): string {
  return booking.reference ?? `Booking ${booking.id.slice(0, 8).toUpperCase()}`;
}

/** One time slot in the overview. */
export type AdminSlot = { id: number; time: string; maxBookings: number; currentBookings: number; available: boolean };
/**
 * One day of slots: how full it is, and its slots by time; whether the day is closed (decision 077)
 * or is a public holiday the owner reopened; and who is booked on it.
 */
export type AdminSlotDay = {
  date: string;
  capacity: number;
  booked: number;
  blocked: number;
  slots: AdminSlot[];
  closed?: ClosedDay | null;
  reopenedHoliday?: string | null;
  bookings?: DayBooking[];
};
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
