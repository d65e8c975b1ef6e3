/**
 * Paying for a booking: a payment request at the booking's own price (never the browser's), only
 * the customer's own and only while it is open and unpaid; the dashboard shows its payment status;
 * the owner marks it paid from the booking record, audited, and the record says by whom and when.
 */
import { describe, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { errorOf, type TestApp } from "../../tests/helpers/test-app";
import { setBookingStatus } from "../db/bookings.server";
import type { AdminBookingRow } from "../shared/admin-bookings";

const { t, admin } = adminAppPerTest();

const requestPayment = (app: TestApp, cookie: string | null, body: Record<string, unknown>) =>
  app.request("/api/payment-requests", {
    method: "POST",
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify(body),
  });

type Row = { bookingId: string | null; method: string; amount: string; status: string; markedPaidBy: string | null; referenceCode: string };
const paymentRows = () =>
  t.db.$client
    .query(
      "SELECT booking_id AS bookingId, method, amount, status, marked_paid_by AS markedPaidBy, reference_code AS referenceCode FROM payments ORDER BY created_at",
    )
    .all() as Row[];
const dashboard = async (cookie: string) => (await t.request("/dashboard", { headers: { Cookie: cookie } })).text();

describe("a customer pays for a booking", () => {
  test("a request is recorded at the booking's own price, linked to it, and the dashboard says it awaits payment", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    expect(ann.price).toBe("37.50"); // Discreet Check Up at the new-client price
    expect(await dashboard(ann.cookie)).toContain("Not paid");
    const res = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash", amount: 1 });
    expect(res.status).toBe(201);
    const { referenceCode, email } = (await res.json()) as { referenceCode: string; email: string };
    expect(email).toBe("ann@example.com");
    expect(paymentRows()).toEqual([{ bookingId: ann.bookingId, method: "cash", amount: "37.50", status: "requested", markedPaidBy: null, referenceCode }]);
    const mails = t.db.$client.query('SELECT "to", text FROM outbox ORDER BY id').all() as { to: string; text: string }[];
    expect(mails.find((m) => m.to === "ann@example.com")?.text).toContain(referenceCode);
    const html = await dashboard(ann.cookie);
    expect(html).toContain("Awaiting payment");
    expect(html).toContain("Pay another way");
  });

  test("someone else's booking is 404, signed out 401, a cancelled one 409, and both a service and a booking 400", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bob = customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    expect((await requestPayment(t, bob.cookie, { bookingId: ann.bookingId, method: "instructions" })).status).toBe(404);
    expect((await requestPayment(t, null, { bookingId: ann.bookingId, method: "instructions", email: "x@example.com" })).status).toBe(401);
    const both = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, serviceId: "partner", method: "instructions" });
    expect(both.status).toBe(400);
    expect((await errorOf(both)).fields).toEqual({ bookingId: "Pay for either a service or a booking, not both" });
    expect((await requestPayment(t, ann.cookie, { bookingId: "nope", method: "instructions" })).status).toBe(400);
    setBookingStatus(t.db, ann.bookingId, "cancelled");
    const cancelled = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions" });
    expect(cancelled.status).toBe(409);
    expect((await errorOf(cancelled)).message).toBe("This booking is cancelled, so there is nothing to pay.");
    expect(paymentRows()).toEqual([]);
  });
});

describe("the owner marks a booking paid", () => {
  const markPaid = (id: string) => admin.json(`/api/admin/bookings/${id}/paid`);

  test("with no request: a manual payment for its price, audited; the record and the dashboard say paid, by whom and when", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed" });
    const before = await admin.read<AdminBookingRow>(`/api/admin/bookings/${ann.bookingId}`);
    expect(before.payment.status).toBe("unpaid");
    const res = await markPaid(ann.bookingId);
    expect(res.status).toBe(200);
    const row = (await res.json()) as AdminBookingRow;
    expect(Date.now() - Date.parse(row.payment.paidAt ?? "")).toBeLessThan(60_000);
    expect(row.payment).toMatchObject({ status: "paid", method: "manual", markedPaidBy: "owner" });
    expect(paymentRows()).toEqual([
      { bookingId: ann.bookingId, method: "manual", amount: "37.50", status: "completed", markedPaidBy: "owner", referenceCode: expect.any(String) },
    ]);
    const audit = t.db.$client.query("SELECT action, record_id AS recordId, summary FROM audit_log WHERE action = 'booking.mark_paid'").all() as {
      recordId: string;
      summary: string;
    }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]?.recordId).toBe(ann.bookingId);
    expect(audit[0]?.summary).toContain("37.50 USD");

    const html = await dashboard(ann.cookie);
    expect(html).toContain(">Paid<");
    expect(html).not.toContain("Pay now");
    // Once is enough: a second click (another tab) is refused and records nothing more.
    const again = await markPaid(ann.bookingId);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This booking is already paid.");
    expect(paymentRows()).toHaveLength(1);
  });

  test("an open request of the customer's becomes the paid one", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const req = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions" });
    const { referenceCode } = (await req.json()) as { referenceCode: string };
    const row = (await (await markPaid(ann.bookingId)).json()) as AdminBookingRow;
    expect(row.payment).toMatchObject({ status: "paid", method: "instructions", referenceCode, markedPaidBy: "owner" });
    expect(paymentRows()).toEqual([
      { bookingId: ann.bookingId, method: "instructions", amount: "37.50", status: "completed", markedPaidBy: "owner", referenceCode },
    ]);
    // The customer can no longer start another payment for it.
    const more = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" });
    expect(more.status).toBe(409);
  });

  test("a cancelled booking is 409, an unknown one 404, a malformed id 400, and nothing is recorded", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "cancelled" });
    expect((await markPaid(ann.bookingId)).status).toBe(409);
    expect((await markPaid("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await markPaid("not-an-id")).status).toBe(400);
    const noToken = await t.request(`/api/admin/bookings/${ann.bookingId}/paid`, { method: "POST", headers: { Origin: testOrigin } });
    expect(noToken.status).toBe(401);
    expect(paymentRows()).toEqual([]);
  });
});
