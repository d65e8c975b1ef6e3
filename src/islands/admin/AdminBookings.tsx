/**
 * /admin/bookings: the bookings from GET /api/admin/bookings by appointment (upcoming soonest
 * first, past latest first), searched by reference, customer name, e-mail or phone (as the owner
 * types, or at once on Enter) and filtered by status and appointment dates, a page of 20 at a time,
 * with the filtered list as a CSV for the accountant. Each booking opens its dialog with the
 * status changes allowed now. Below, the time slots: generation, how full each day is, blocking.
 * The filters live in the page's URL, so a reload or a sign-in round trip keeps them.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { bookingReferencePattern, bookingStatuses } from "../../domain/booking";
import {
  type AdminBookingList,
  type AdminBookingRow,
  type AdminBookingsQuery,
  type BookingWhen,
  adminBookingsCsvUrl,
  adminBookingsList,
  bookingStatusLabels,
  bookingWhens,
} from "../../shared/admin-bookings";
import { bookingRecordKey } from "../../shared/admin-records";
import { BookingDialog } from "./bookings/BookingDialog";
import { BookingsList, type OpenBooking } from "./bookings/BookingsList";
import { SlotsPanel } from "./bookings/SlotsPanel";
import { FilterDate, FilterForm, FilterSelect, SearchBox } from "./parts/ListFilters";
import { ExportCsvButton } from "./parts/ExportCsvButton";
import { PagedList } from "./parts/PagedList";
import { RecordGate } from "./parts/RecordGate";
import { useRecordDialog } from "./parts/use-record-address";
import { useListSearch, useUrlList } from "./parts/use-url-list";
import { HeaderLink, PageHeader } from "./parts/PageHeader";
import { withCurrency } from "./parts/money";

/** `openRecord`: the reference (or id) of /admin/bookings/{reference}, whose dialog opens at once. */
export type AdminBookingsProps = { initialQuery: AdminBookingsQuery; timeZone: string; openRecord?: string | null };

const listPath = adminBookingsList.apiPath;
const statsKey = ["/api/admin/stats"] as const;
const whenLabels: Record<BookingWhen, string> = { upcoming: "Upcoming (soonest first)", past: "Past (latest first)", all: "All dates" };

/** `key`: the booking's reference, or its id; `booking` is the list's row (one opened by its address is read from the API). */
type Open = { key: string; booking?: AdminBookingRow; trigger?: HTMLElement };

function AdminBookingsBody({ initialQuery, timeZone, openRecord = null }: AdminBookingsProps) {
  const queryClient = useQueryClient();
  const bookings = useUrlList<AdminBookingsQuery, AdminBookingList>(adminBookingsList, initialQuery);
  const { query, setQuery, bindFilter, data } = bookings;
  const search = useListSearch(adminBookingsList.filters.search, initialQuery.search, setQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, openFromList, closeRecord } = useRecordDialog<Open>("bookings", openRecord, heading, (key) => ({ key }));
  const base = useId();

  const changed = () => {
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) });
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/admin/timeslots") });
    void queryClient.invalidateQueries({ queryKey: statsKey });
  };

  const openBooking: OpenBooking = (booking, trigger) => {
    const key = bookingRecordKey(booking);
    openFromList(key, { key, booking, trigger });
  };

  return (
    <div className="space-y-8">
      <PageHeader title="Bookings" headingRef={heading} actions={<HeaderLink href="#time-slots" label="Time slots" />} />

      <section className="space-y-4" aria-labelledby={`${base}list`}>
        <h2 id={`${base}list`} className="sr-only">
          Bookings list
        </h2>
        <FilterForm label="Bookings" onSubmit={search.onSearch} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SearchBox label="Search by reference, customer name, e-mail or phone" className="sm:col-span-2 lg:col-span-4" search={search} />
          <FilterSelect label="When" options={bookingWhens} labels={whenLabels} {...bindFilter("when")} />
          <FilterSelect label="Status" anyLabel="Any status" options={bookingStatuses} labels={bookingStatusLabels} {...bindFilter("status")} />
          <FilterDate label="Appointments from" {...bindFilter("from")} />
          <FilterDate label="Appointments to" {...bindFilter("to")} />
        </FilterForm>

        <PagedList
          of={bookings}
          rows={data?.bookings}
          names={["booking", "bookings"]}
          testId="bookings-list"
          beside={<ExportCsvButton url={adminBookingsCsvUrl(query)} fileName="bookings.csv" className="btn btn-outline btn-sm" />}
        >
          {(rows) => <BookingsList rows={rows} timeZone={timeZone} onOpen={openBooking} />}
        </PagedList>
      </section>

      <section id="time-slots" className="space-y-4 border-t border-base-300 pt-6" aria-labelledby={`${base}slots`}>
        <h2 id={`${base}slots`} className="text-xl font-bold">
          Time slots
        </h2>
        <SlotsPanel timeZone={timeZone} onChanged={changed} />
      </section>

      {open && (
        <RecordGate<AdminBookingRow>
          key={open.key}
          url={`${listPath}/${encodeURIComponent(open.key)}`}
          needsRecord
          known={open.booking}
          title={bookingReferencePattern.test(open.key) ? `Booking ${open.key}` : "Booking"}
          missingText="There is no such booking. Check the reference, or search for the booking in the list."
          listHref={adminBookingsList.pageUrl(query)}
          listLabel="Back to bookings"
          onClose={closeRecord}
        >
          {(booking) => booking && <BookingDialog booking={booking} timeZone={timeZone} onClose={closeRecord} onChanged={changed} />}
        </RecordGate>
      )}
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminBookingsBody);
