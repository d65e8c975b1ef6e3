/**
 * The booking record's payment with a plan (decision 085): the owner sees the instalments as the
 * customer does, "2 of 3 paid", and "Mark paid" only on the next one owed, never the whole booking.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import type { AdminBookingRow } from "../../../shared/admin-bookings";
import type { PlanInstalmentView } from "../../../shared/payment-plan";
import { CurrencyProvider } from "../parts/money";
import { BookingPaymentSection } from "./BookingPaymentSection";

const instalment = (number: number, status: PlanInstalmentView["status"], dueOn: string): PlanInstalmentView => ({
  number,
  amount: number === 1 ? "115.84" : "115.83",
  dueOn,
  status,
  paidAt: status === "paid" ? "2026-11-29T03:00:00.000Z" : null,
  invoiceNumber: status === "paid" ? `INV-00000${number}` : null,
  method: status === "paid" ? "instructions" : null,
  referenceCode: status === "paid" ? `PAY-AAAA-000${number}` : null,
});

const booking = (plan: AdminBookingRow["plan"], payment: AdminBookingRow["payment"]): AdminBookingRow =>
  ({
    id: "b1",
    reference: "BK-AAAA-BBBB",
    appointmentDate: "2026-12-04",
    appointmentTime: "09:00",
    duration: 4320,
    serviceName: "Infidelity Investigation",
    servicePrice: "347.50",
    originalPrice: "695.00",
    currency: "USD",
    discountApplied: true,
    status: "pending",
    location: null,
    notes: null,
    contactPhone: null,
    contactEmail: "ann@example.com",
    customerName: "Ann Lee",
    customerEmail: "ann@example.com",
    createdAt: "2026-11-29T00:00:00.000Z",
    next: [],
    payment,
    plan,
  }) as unknown as AdminBookingRow;

const render = (b: AdminBookingRow) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <CurrencyProvider currency="USD">
        <BookingPaymentSection booking={b} timeZone="Australia/Adelaide" sectionId="pay" onMarked={() => {}} onRefused={() => {}} />
      </CurrencyProvider>
    </QueryClientProvider>,
  );

const unpaid = { status: "unpaid", method: null, referenceCode: null, paidAt: null, markedPaidBy: null } as const;

test("a plan part paid: every instalment with its state, '2 of 3 paid', and Mark paid on the third only", () => {
  const plan = {
    count: 3,
    intervalDays: 14,
    total: "347.50",
    currency: "USD",
    instalments: [instalment(1, "paid", "2026-11-29"), instalment(2, "paid", "2026-12-13"), instalment(3, "upcoming", "2026-12-27")],
  };
  const html = render(booking(plan, { ...unpaid, instalments: { paid: 2, of: 3 } }));
  expect(html).toContain('data-testid="booking-payment-status">2 of 3 paid<');
  expect(html).toContain('data-testid="booking-payment-text">The next instalment has not been asked for yet.<');
  expect(html).toContain("Payment plan: $347.50 in 3 payments, every 14 days");
  expect(html.match(/data-testid="plan-instalment"/g)?.length).toBe(3);
  expect(html).toContain("Paid on 29 Nov");
  expect(html).toContain(">Upcoming<");
  // One Mark paid, on the instalment owed; none for the whole booking.
  expect(html.match(/>Mark paid</g)?.length).toBe(1);
  expect(html).toContain('aria-label="Mark paid: instalment 3 of 3"');
  const rows = html.split('data-testid="plan-instalment"');
  expect(rows[3]).toContain("Mark paid");
});

test("without a plan the booking's own Mark paid stays, and no plan is shown", () => {
  const html = render(booking(null, unpaid));
  expect(html).not.toContain("plan-table");
  expect(html).toContain(">Mark paid</button>");
  expect(html).toContain('data-testid="booking-payment-status">Not paid<');
});

test("a plan fully paid (or a cancelled booking's) offers no Mark paid", () => {
  const plan = {
    count: 2,
    intervalDays: 14,
    total: "347.50",
    currency: "USD",
    instalments: [instalment(1, "paid", "2026-11-29"), { ...instalment(2, "cancelled", "2026-12-13") }],
  };
  const html = render({ ...booking(plan, { ...unpaid, status: "paid", instalments: { paid: 1, of: 2 } }) });
  expect(html).not.toContain("Mark paid");
  expect(html).toContain(">Cancelled<");
});
