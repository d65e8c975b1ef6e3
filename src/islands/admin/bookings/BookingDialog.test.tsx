/**
 * The booking record's price says which discounts made it, as the booking's page does: a returning
 * client's two-week investigation is discounted by the volume table only, so it must not read
 * "new-client price".
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import type { AdminBookingRow } from "../../../shared/admin-bookings";
import { CurrencyProvider } from "../parts/money";
import { BookingDialog } from "./BookingDialog";

const booking = (prices: Pick<AdminBookingRow, "servicePrice" | "originalPrice" | "discountApplied" | "priceLines">): AdminBookingRow => ({
  id: "b1",
  reference: "BK-AAAA-BBBB",
  appointmentDate: "2026-12-04",
  appointmentTime: "09:00",
  duration: 20160,
  serviceName: "Full Cheating Investigation",
  currency: "USD",
  status: "pending",
  location: null,
  notes: null,
  contactPhone: null,
  contactEmail: "ann@example.com",
  customerName: "Ann Lee",
  customerEmail: "ann@example.com",
  createdAt: "2026-11-29T00:00:00.000Z",
  next: [],
  payment: { status: "unpaid", method: null, referenceCode: null, paidAt: null, markedPaidBy: null },
  plan: null,
  ...prices,
});

const price = (b: AdminBookingRow) => {
  const html = renderToStaticMarkup(
    // The record's other sections (notes, the customer's bookings) load after it opens: nothing to fetch here.
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { queryFn: () => new Promise<never>(() => {}) } } })}>
      <CurrencyProvider currency="USD">
        <BookingDialog booking={b} timeZone="Australia/Adelaide" onClose={() => {}} onChanged={() => {}} />
      </CurrencyProvider>
    </QueryClientProvider>,
  );
  const at = html.indexOf(">Price<");
  expect(at).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf(">Customer<", at)).replace(/<[^>]+>/g, "");
};

test("a volume-only discount reads as the volume discount, not a new-client price", () => {
  const text = price(
    booking({
      servicePrice: "1100.75",
      originalPrice: "1295.00",
      discountApplied: true,
      priceLines: [{ label: "Volume discount (15%)", amount: "194.25" }],
    }),
  );
  expect(text).toContain("$1,100.75 (Volume discount (15%): $194.25 off; list $1,295)");
  expect(text).not.toContain("new-client");
});

test("the new-client discount alone still reads 'new-client price'; both discounts are each named; none, no note", () => {
  expect(
    price(
      booking({
        servicePrice: "347.50",
        originalPrice: "695.00",
        discountApplied: true,
        priceLines: [{ label: "New-client discount (50%)", amount: "347.50" }],
      }),
    ),
  ).toContain("$347.50 (new-client price; list $695)");
  expect(
    price(
      booking({
        servicePrice: "550.38",
        originalPrice: "1295.00",
        discountApplied: true,
        priceLines: [
          { label: "New-client discount (50%)", amount: "647.50" },
          { label: "Volume discount (15%)", amount: "97.12" },
        ],
      }),
    ),
  ).toContain("(New-client discount (50%): $647.50 off; Volume discount (15%): $97.12 off; list $1,295)");
  expect(price(booking({ servicePrice: "695.00", originalPrice: "695.00", discountApplied: false, priceLines: [] }))).not.toContain("(");
});
