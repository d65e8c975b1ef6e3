/**
 * A cancelled booking keeps no open request: cancelling it, by the customer, by the owner or with
 * the customer's account, closes its payment requests and its PayPal payments not yet captured
 * (`cancelled`, never counted as money), in the cancel's own transaction, with or without a plan.
 * Money already received is left as it is (its refund is the refund rules' business).
 */
import { describe, expect, test } from "bun:test";
import { bookingPaymentRow, customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import type { TestApp } from "../../tests/helpers/test-app";
import { deleteAccount } from "../db/users.server";
import type { PaymentStatus } from "../domain/payment";

const { t, admin } = adminAppPerTest();

const send = (app: TestApp, cookie: string, path: string, body: Record<string, unknown> = {}) =>
  app.request(path, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", Origin: testOrigin }, body: JSON.stringify(body) });

const statusesOf = (bookingId: string) =>
  (t.db.$client.query("SELECT status FROM payments WHERE booking_id = ? ORDER BY created_at, rowid").all(bookingId) as { status: string }[]).map(
    (r) => r.status,
  );

const paymentRow = (booking: { bookingId: string; userId: string }, status: PaymentStatus, method?: string) => bookingPaymentRow(t.db, booking, status, method);

/** A pending booking with an open request asked for through the site, then a PayPal payment started. */
async function bookingWithOpenPayments(email: string, time: string) {
  const ann = customerWithBooking(t.db, email, { time });
  expect((await send(t, ann.cookie, "/api/payment-requests", { bookingId: ann.bookingId, method: "instructions" })).status).toBe(201);
  paymentRow(ann, "created", "paypal");
  expect(statusesOf(ann.bookingId)).toEqual(["requested", "created"]);
  return ann;
}

describe("cancelling a booking without a plan closes its open requests and PayPal payments", () => {
  test("the customer cancels it (POST /api/bookings/{id}/cancel)", async () => {
    const ann = await bookingWithOpenPayments("ann@example.com", "10:00");
    expect((await send(t, ann.cookie, `/api/bookings/${ann.bookingId}/cancel`)).status).toBe(200);
    expect(statusesOf(ann.bookingId)).toEqual(["cancelled", "cancelled"]);
  });

  test("the owner cancels it (PATCH /api/admin/bookings/{id}); the owner's payments list offers nothing to mark paid", async () => {
    const bob = await bookingWithOpenPayments("bob@example.com", "10:00");
    expect((await admin.send("PATCH", `/api/admin/bookings/${bob.bookingId}`, { status: "cancelled" })).status).toBe(200);
    expect(statusesOf(bob.bookingId)).toEqual(["cancelled", "cancelled"]);
    const open = await admin.read<{ payments: unknown[] }>("/api/admin/payments?status=requested");
    expect(open.payments).toEqual([]);
  });

  test("the customer deletes their account", async () => {
    const cy = await bookingWithOpenPayments("cy@example.com", "10:00");
    expect(deleteAccount(t.db, cy.userId).ok).toBe(true);
    expect(statusesOf(cy.bookingId)).toEqual(["cancelled", "cancelled"]);
  });

  test("money received and a capture being checked are left as they are; only the open ones close", async () => {
    const dee = customerWithBooking(t.db, "dee@example.com");
    paymentRow(dee, "completed", "instructions");
    paymentRow(dee, "unknown", "paypal");
    paymentRow(dee, "requested", "cash");
    expect((await admin.send("PATCH", `/api/admin/bookings/${dee.bookingId}`, { status: "cancelled" })).status).toBe(200);
    expect(statusesOf(dee.bookingId)).toEqual(["completed", "unknown", "cancelled"]);
  });

  test("another status change (confirmed) closes nothing", async () => {
    const eve = await bookingWithOpenPayments("eve@example.com", "10:00");
    expect((await admin.send("PATCH", `/api/admin/bookings/${eve.bookingId}`, { status: "confirmed" })).status).toBe(200);
    expect(statusesOf(eve.bookingId)).toEqual(["requested", "created"]);
  });
});
