/**
 * /admin/bookings: the bookings from GET /api/admin/bookings by appointment (upcoming soonest
 * first, past latest first), filtered by status and appointment dates, a page of 20 at a time,
 * with the filtered list as a CSV for the accountant. Each booking opens its dialog with the
 * status changes allowed now. Below, the time slots: generation, how full each day is, blocking.
 * The filters live in the page's URL, so a reload or a sign-in round trip keeps them.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { bookingStatuses } from "../../domain/booking";
import {
  type AdminBookingList,
  type AdminBookingRow,
  type AdminBookingsQuery,
  type BookingWhen,
  adminBookingsCsvSearch,
  adminBookingsSearch,
  bookingStatusLabels,
} from "../../shared/admin-bookings";
import { BookingDialog } from "./bookings/BookingDialog";
import { BookingsList, type OpenBooking } from "./bookings/BookingsList";
import { SlotsPanel } from "./bookings/SlotsPanel";
import { FilterDate, FilterSelect } from "./parts/ListFilters";
import { ExportCsvButton } from "./parts/ExportCsvButton";
import { ListFrame, ListStatus, Pager, countLine } from "./parts/ListFrame";
import { RecordGate } from "./parts/RecordGate";
import { useRecordDialog } from "./parts/use-record-address";
import { useUrlList } from "./parts/use-url-list";

/** `openRecord`: the booking id of /admin/bookings/{id}, whose dialog opens at once. */
export type AdminBookingsProps = { initialQuery: AdminBookingsQuery; timeZone: string; openRecord?: string | null };

const listPath = "/api/admin/bookings";
const statsKey = ["/api/admin/stats"] as const;
const whenLabels: Record<BookingWhen, string> = { upcoming: "Upcoming (soonest first)", past: "Past (latest first)", all: "All dates" };
const bookingWhens = Object.keys(whenLabels) as BookingWhen[];

/** `booking` is the list's row; a booking opened by its address is read from the API. */
type Open = { id: string; booking?: AdminBookingRow; trigger?: HTMLElement };

export default function AdminBookings({ initialQuery, timeZone, openRecord = null }: AdminBookingsProps) {
  const queryClient = useQueryClient();
  const { query, setQuery, list, data, pageCount } = useUrlList<AdminBookingsQuery, AdminBookingList>(
    initialQuery,
    "/admin/bookings",
    listPath,
    adminBookingsSearch,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, openFromList, closeRecord } = useRecordDialog<Open>("bookings", openRecord, heading, (id) => ({ id }));
  const base = useId();

  const changed = () => {
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) });
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/admin/timeslots") });
    void queryClient.invalidateQueries({ queryKey: statsKey });
  };

  const openBooking: OpenBooking = (booking, trigger) => openFromList(booking.id, { id: booking.id, booking, trigger });
  const statusId = `${base}status`;
  const whenId = `${base}when`;
  const fromId = `${base}from`;
  const toId = `${base}to`;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Bookings
        </h1>
        <div className="flex flex-wrap gap-2">
          <a href="#time-slots" className="btn btn-outline">
            Time slots
          </a>
          <a href="/admin/dashboard" className="btn btn-outline">
            Back to Dashboard
          </a>
        </div>
      </div>

      <section className="space-y-4" aria-labelledby={`${base}list`}>
        <h2 id={`${base}list`} className="sr-only">
          Bookings list
        </h2>
        <search aria-label="Bookings">
          <form onSubmit={(e) => e.preventDefault()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FilterSelect
              id={whenId}
              label="When"
              options={bookingWhens}
              labels={whenLabels}
              value={query.when}
              onChange={(when) => setQuery((q) => ({ ...q, when, page: 1 }))}
            />
            <FilterSelect
              id={statusId}
              label="Status"
              anyLabel="Any status"
              options={bookingStatuses}
              labels={bookingStatusLabels}
              value={query.status}
              onChange={(status) => setQuery((q) => ({ ...q, status, page: 1 }))}
            />
            <FilterDate id={fromId} label="Appointments from" value={query.from} onChange={(from) => setQuery((q) => ({ ...q, from, page: 1 }))} />
            <FilterDate id={toId} label="Appointments to" value={query.to} onChange={(to) => setQuery((q) => ({ ...q, to, page: 1 }))} />
          </form>
        </search>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <ListStatus
            failed={list.isError}
            failedText="The bookings could not be loaded. Please reload the page."
            summary={data ? countLine(data.total, ["booking", "bookings"]) : null}
            loading={list.isPending}
            loadingText="Loading bookings..."
          />
          <ExportCsvButton url={`${listPath}.csv${adminBookingsCsvSearch(query)}`} fileName="bookings.csv" className="btn btn-outline btn-sm" />
        </div>

        <ListFrame
          testId="bookings-list"
          busy={list.isPending || list.isPlaceholderData}
          loading={!data && list.isPending}
          empty={data !== undefined && data.bookings.length === 0}
          emptyText="No bookings found"
        >
          {data && data.bookings.length > 0 && <BookingsList rows={data.bookings} onOpen={openBooking} />}
        </ListFrame>

        {data && <Pager label="Pages of bookings" page={query.page} pageCount={pageCount} onPage={(page) => setQuery((q) => ({ ...q, page }))} />}
      </section>

      <section id="time-slots" className="space-y-4 border-t border-base-300 pt-6" aria-labelledby={`${base}slots`}>
        <h2 id={`${base}slots`} className="text-xl font-bold">
          Time slots
        </h2>
        <SlotsPanel timeZone={timeZone} onChanged={changed} />
      </section>

      {open && (
        <RecordGate<AdminBookingRow>
          key={open.id}
          url={`${listPath}/${encodeURIComponent(open.id)}`}
          needsRecord
          known={open.booking}
          title="Booking"
          missingText="There is no such booking. Check the address, or find the booking in the list."
          listHref={`/admin/bookings${adminBookingsSearch(query)}`}
          listLabel="Back to bookings"
          onClose={closeRecord}
        >
          {(booking) => booking && <BookingDialog booking={booking} timeZone={timeZone} onClose={closeRecord} onChanged={changed} />}
        </RecordGate>
      )}
    </div>
  );
}
