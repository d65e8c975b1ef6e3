/**
 * A payment plan paid through PayPal, against the PayPal stand-in (decision 085): the PayPal start
 * with `instalments` makes the plan and charges instalment 1 at its amount; each capture completes
 * that instalment with its own invoice and leaves the next to pay; cancelling the booking refunds
 * the instalments PayPal took, through PayPal, and cancels the rest.
 */
import { expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import { paymentOfBooking } from "../db/booking-payments.server";

const { standIn, t } = payPalAppPerTest({ delayMs: 0 });

const asCustomer = (cookie: string) => ({ headers: { Cookie: cookie, Origin: testOrigin } });
const startPayPal = (body: Record<string, unknown>, cookie: string) => t.json("/paypal/order", body, asCustomer(cookie));
const capture = (orderId: string) => t.request(`/paypal/order/${orderId}/capture`, { method: "POST" });
const rowsOf = (bookingId: string) =>
  t.db.$client.query("SELECT status, amount, instalment_number AS n FROM payments WHERE booking_id = ? ORDER BY created_at, rowid").all(bookingId) as {
    status: string;
    amount: string;
    n: number | null;
  }[];
const invoiceTotals = (bookingId: string) =>
  (
    t.db.$client
      .query("SELECT i.total_amount AS total FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.booking_id = ? ORDER BY i.number")
      .all(bookingId) as { total: string }[]
  ).map((r) => r.total);

test("two instalments through PayPal: each captured at its amount with its invoice; cancelling refunds them through PayPal", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { serviceName: "Ongoing Monitoring", returning: true });
  const first = await startPayPal({ bookingId: ann.bookingId, instalments: 4 }, ann.cookie);
  expect(first.status).toBe(201);
  const { id: order1 } = (await first.json()) as { id: string };
  expect(rowsOf(ann.bookingId)).toEqual([{ status: "created", amount: "98.75", n: 1 }]);
  expect((await capture(order1)).status).toBe(200);
  expect(rowsOf(ann.bookingId)).toEqual([{ status: "completed", amount: "98.75", n: 1 }]);
  expect(paymentOfBooking(t.db, ann.bookingId)).toMatchObject({ status: "unpaid", instalments: { paid: 1, of: 4 } });

  // The next PayPal payment is instalment 2, whatever count is sent.
  const second = await startPayPal({ bookingId: ann.bookingId }, ann.cookie);
  const { id: order2 } = (await second.json()) as { id: string };
  expect((await capture(order2)).status).toBe(200);
  expect(rowsOf(ann.bookingId).map((r) => [r.status, r.n])).toEqual([
    ["completed", 1],
    ["completed", 2],
  ]);
  expect(invoiceTotals(ann.bookingId)).toEqual(["98.75", "98.75"]);

  // Cancelled: PayPal refunds both, the two left are cancelled.
  const res = await t.request(`/api/bookings/${ann.bookingId}/cancel`, { method: "POST", ...asCustomer(ann.cookie) });
  expect(res.status).toBe(200);
  expect(standIn.requestsTo(/^\/v2\/payments\/captures\/[^/]+\/refund$/)).toHaveLength(2);
  expect(rowsOf(ann.bookingId).map((r) => r.status)).toEqual(["refunded", "refunded"]);
  expect(t.db.$client.query("SELECT count(*) AS n FROM plan_instalments WHERE booking_id = ? AND cancelled_at IS NOT NULL").get(ann.bookingId)).toEqual({
    n: 2,
  });
});

test("a plan a booking may not have is refused before PayPal is asked", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { returning: true });
  const res = await startPayPal({ bookingId: ann.bookingId, instalments: 2 }, ann.cookie);
  expect(res.status).toBe(409);
  expect(standIn.requestsTo(/^\/v2\/checkout\/orders$/)).toHaveLength(0);
  expect(rowsOf(ann.bookingId)).toEqual([]);
});
