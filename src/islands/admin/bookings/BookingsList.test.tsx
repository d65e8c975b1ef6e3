/**
 * The bookings list as the owner reads it on a phone and at a desk: a date from another year says
 * its year ("Mon, 8 Dec 2025" is not this December), each booking's phone is a link that calls, and its
 * price is in the currency it was booked in.
 */
import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import type { AdminBookingRow } from "../../../shared/admin-bookings";
import { CurrencyProvider } from "../parts/money";
import { BookingsList } from "./BookingsList";

const row = (id: string, appointmentDate: string, contactPhone: string | null): AdminBookingRow =>
  ({
    id,
    reference: `BK-${id}`,
    appointmentDate,
    appointmentTime: "10:00",
    duration: 60,
    serviceName: "Discreet Check Up",
    servicePrice: "75.00",
    originalPrice: null,
    currency: "AUD",
    discountApplied: false,
    status: "pending",
    location: null,
    notes: null,
    contactPhone,
    contactEmail: "ann@example.com",
    customerName: "Ann Lee",
    customerEmail: "ann@example.com",
    createdAt: "2025-11-01T00:00:00.000Z",
    next: [],
    payment: { status: "unpaid" },
  }) as unknown as AdminBookingRow;

test("dates carry the year when it is not this year's, and every booking's phone calls", () => {
  const thisYear = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Adelaide", year: "numeric" }).format(new Date());
  const html = renderToStaticMarkup(
    <CurrencyProvider currency="AUD">
      <BookingsList
        rows={[row("AAAA-1111", "2025-12-08", "0491 692 327"), row("BBBB-2222", `${thisYear}-03-09`, "+61412000111")]}
        timeZone="Australia/Adelaide"
        onOpen={() => {}}
      />
    </CurrencyProvider>,
  );
  expect(html).toContain("Mon, 8 Dec 2025 10:00 am");
  expect(html).toMatch(/, 9 Mar 10:00 am</);
  expect(html).not.toContain(`9 Mar ${thisYear}`);
  // In the table and on the card (the phone's view): a tel: link each.
  expect(html.match(/href="tel:0491692327"/g)?.length).toBe(2);
  expect(html.match(/href="tel:\+61412000111"/g)?.length).toBe(2);
});

test("a price is in the booking's own currency: with its code when that is not today's setting", () => {
  const usd = { ...row("CCCC-3333", "2027-01-05", null), currency: "USD" } as AdminBookingRow;
  const html = renderToStaticMarkup(
    <CurrencyProvider currency="AUD">
      <BookingsList rows={[row("AAAA-1111", "2027-01-05", null), usd]} timeZone="Australia/Adelaide" onOpen={() => {}} />
    </CurrencyProvider>,
  );
  // Both are "$75": the Australian one as the site prices now, the older US one says which dollars.
  expect(html).toContain(">$75<");
  expect(html).toContain("$75 USD");
  expect(html).not.toContain("$75 AUD");
});
