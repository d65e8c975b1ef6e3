/**
 * A booking's payments cannot go wrong: it has at most one open payment request (asking again, by
 * the same or another method, replaces the earlier one and says so), and a request of a booking
 * that is cancelled or already paid cannot be marked paid, on the owner's payments list or by its
 * route; the list offers "Mark paid" exactly when the route accepts it.
 */
import { describe, expect, test } from "bun:test";
import { bookingPaymentRow, customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { countRows, errorOf, type TestApp } from "../../tests/helpers/test-app";
import { setBookingStatus } from "../db/bookings.server";
import type { PaymentStatus } from "../domain/payment";
import { type AdminPaymentList, canMarkPaymentPaid } from "../shared/admin-payments";
import type { PaymentRequestResult } from "../shared/payment";

const { t, admin } = adminAppPerTest();

const requestPayment = (app: TestApp, cookie: string, body: Record<string, unknown>) =>
  app.request("/api/payment-requests", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify(body),
  });
const markPaid = (paymentId: string) => admin.send("POST", `/api/admin/payments/${paymentId}/paid`);

type Row = { id: string; method: string; status: string; referenceCode: string };
const rowsOf = (bookingId: string) =>
  t.db.$client
    .query("SELECT id, method, status, reference_code AS referenceCode FROM payments WHERE booking_id = ? ORDER BY created_at, rowid")
    .all(bookingId) as Row[];
const mailsTo = (to: string) =>
  t.db.$client.query('SELECT subject, text FROM outbox WHERE "to" = ? ORDER BY id').all(to) as { subject: string; text: string }[];
const invoicesOf = (bookingId: string) =>
  (t.db.$client.query("SELECT count(*) AS n FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.booking_id = ?").get(bookingId) as { n: number }).n;

const paymentRow = (booking: { bookingId: string; userId: string }, status: PaymentStatus, method?: string) => bookingPaymentRow(t.db, booking, status, method);

describe("one open payment request per booking", () => {
  test("asking again by another method replaces the first: cancelled, said in the answer and the e-mails, and only the new one can be paid", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const first = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions" });
    expect(first.status).toBe(201);
    const a = (await first.json()) as PaymentRequestResult;
    expect(a.replaces).toBeUndefined();

    const second = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" });
    expect(second.status).toBe(201);
    const b = (await second.json()) as PaymentRequestResult;
    expect(b.replaces).toEqual([a.referenceCode]);
    expect(b.notice).toBe(`This replaces your earlier request ${a.referenceCode}; please use the new reference.`);
    expect(rowsOf(ann.bookingId).map((r) => [r.referenceCode, r.method, r.status])).toEqual([
      [a.referenceCode, "instructions", "cancelled"],
      [b.referenceCode, "cash", "requested"],
    ]);

    // The customer's cash-deposit e-mail and the owner's notice name the request replaced.
    const customer = mailsTo("ann@example.com").find((m) => m.subject.includes(b.referenceCode));
    expect(customer?.text).toContain(`This replaces your earlier request ${a.referenceCode}; please use the new reference.`);
    const owner = t.db.$client
      .query(`SELECT text FROM outbox WHERE "to" != 'ann@example.com' AND subject LIKE ?`)
      .get(`[ACTION] Send cash deposit locations%${b.referenceCode}%`) as { text: string } | null;
    expect(owner?.text).toContain(`Replaces (now cancelled): ${a.referenceCode}`);

    // The same method again replaces it too: one open request, always the newest.
    const third = (await (await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" })).json()) as PaymentRequestResult;
    expect(third.replaces).toEqual([b.referenceCode]);
    expect(
      rowsOf(ann.bookingId)
        .filter((r) => r.status === "requested")
        .map((r) => r.referenceCode),
    ).toEqual([third.referenceCode]);

    // The owner cannot mark the replaced request paid; the open one is, once.
    const [old] = rowsOf(ann.bookingId);
    const refused = await markPaid(old!.id);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe("Only a payment request awaiting payment can be marked paid; this one is cancelled.");
    const open = rowsOf(ann.bookingId).find((r) => r.status === "requested")!;
    expect((await markPaid(open.id)).status).toBe(200);
    expect(rowsOf(ann.bookingId).map((r) => r.status)).toEqual(["cancelled", "cancelled", "completed"]);
    expect(invoicesOf(ann.bookingId)).toBe(1);
  });

  test("while a PayPal payment's capture is being checked, or one is under review, a new request is refused and nothing is replaced", async () => {
    for (const [status, time] of [
      ["unknown", "10:00"],
      ["review", "11:00"],
    ] as const) {
      const ann = customerWithBooking(t.db, `ann-${status}@example.com`, { time });
      const paypal = paymentRow(ann, status, "paypal");
      const res = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions" });
      expect({ status, code: res.status }).toEqual({ status, code: 409 });
      expect((await errorOf(res)).message).toBe("A payment for this booking is being checked. Please don't pay again; we will contact you.");
      expect(rowsOf(ann.bookingId)).toEqual([{ id: paypal.id, method: "paypal", status, referenceCode: paypal.referenceCode }]);
    }
  });
});

describe("a cancelled or already-paid booking is never marked paid", () => {
  test("the open request of a cancelled booking: closed with it, 409 on the payments route, not offered on the list, nothing recorded", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const req = (await (await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions" })).json()) as PaymentRequestResult;
    setBookingStatus(t.db, ann.bookingId, "cancelled");
    const [row] = rowsOf(ann.bookingId);
    expect(row?.referenceCode).toBe(req.referenceCode);

    const list = await admin.read<AdminPaymentList>("/api/admin/payments");
    const shown = list.payments.find((p) => p.id === row!.id)!;
    expect(shown.bookingClosed).toBe("cancelled");
    expect(canMarkPaymentPaid(shown)).toBe(false);
    const audits = countRows(t, "audit_log");
    const res = await markPaid(row!.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "not_allowed", message: "This booking is cancelled, so its payment request cannot be marked paid." });
    // The cancel closed the request (it will not be paid).
    expect(rowsOf(ann.bookingId).map((r) => r.status)).toEqual(["cancelled"]);
    expect(invoicesOf(ann.bookingId)).toBe(0);
    expect(countRows(t, "audit_log")).toBe(audits);
    // The booking's own route agrees.
    expect((await admin.json(`/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(409);
  });

  test("two open requests of one booking (older data): the first marked paid closes the other; a request beside a paid one is 409", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const one = paymentRow(ann, "requested");
    const two = paymentRow(ann, "requested", "cash");
    expect((await markPaid(one.id)).status).toBe(200);
    expect(rowsOf(ann.bookingId).map((r) => r.status)).toEqual(["completed", "cancelled"]);
    expect((await markPaid(two.id)).status).toBe(409);

    // A request left open beside a completed payment (as two marks could leave it before): refused as paid.
    const bob = customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    paymentRow(bob, "completed");
    const late = paymentRow(bob, "requested", "cash");
    const list = await admin.read<AdminPaymentList>("/api/admin/payments");
    expect(canMarkPaymentPaid(list.payments.find((p) => p.id === late.id)!)).toBe(false);
    const res = await markPaid(late.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("This booking is already paid, so this request cannot be marked paid as well.");
    expect(invoicesOf(ann.bookingId)).toBe(1);
    expect(invoicesOf(bob.bookingId)).toBe(0);
  });

  test("the list offers Mark paid exactly when the route accepts it, for every state of the booking", async () => {
    const states: [string, (b: { bookingId: string; userId: string }) => void][] = [
      ["open", () => {}],
      ["cancelled", (b) => setBookingStatus(t.db, b.bookingId, "cancelled")],
      ["paid by another", (b) => paymentRow(b, "completed", "cash")],
      ["paypal under review", (b) => paymentRow(b, "review", "paypal")],
      ["paypal capture unknown", (b) => paymentRow(b, "unknown", "paypal")],
      ["paid then refunded", (b) => paymentRow(b, "refunded", "paypal")],
    ];
    const outcomes: Record<string, { offered: boolean; answered: number }> = {};
    for (const [i, [state, arrange]] of states.entries()) {
      const c = customerWithBooking(t.db, `state${i}@example.com`, { time: `${String(9 + i).padStart(2, "0")}:00` });
      const req = paymentRow(c, "requested");
      arrange(c);
      const list = await admin.read<AdminPaymentList>("/api/admin/payments");
      const offered = canMarkPaymentPaid(list.payments.find((p) => p.id === req.id)!);
      outcomes[state] = { offered, answered: (await markPaid(req.id)).status };
    }
    expect(outcomes).toEqual({
      open: { offered: true, answered: 200 },
      cancelled: { offered: false, answered: 409 },
      "paid by another": { offered: false, answered: 409 },
      "paypal under review": { offered: false, answered: 409 },
      "paypal capture unknown": { offered: false, answered: 409 },
      "paid then refunded": { offered: true, answered: 200 },
    });
  });
});
