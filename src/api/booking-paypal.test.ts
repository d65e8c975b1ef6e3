/**
 * Paying for a booking with PayPal, against the PayPal stand-in: the order is for the booking's own
 * stored price whatever the browser sends, only its customer may start it, and the capture makes
 * the booking paid for the customer and the owner.
 */
import { describe, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { adminClient } from "../../tests/helpers/admins";
import { testOrigin } from "../../tests/helpers/browser";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import type { AdminBookingRow } from "../shared/admin-bookings";

const { standIn, t } = payPalAppPerTest({ delayMs: 0 });

const createFor = (bookingId: string, cookie: string | null, extra: Record<string, unknown> = {}) =>
  t.json("/paypal/order", { bookingId, ...extra }, cookie ? { headers: { Cookie: cookie, Origin: testOrigin } } : {});

describe("POST /paypal/order for a booking", () => {
  test("charges the booking's own price whatever the browser sends; the capture makes it paid", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await createFor(ann.bookingId, ann.cookie, { amount: "1.00", currency: "USD", intent: "CAPTURE" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(standIn.orders.get(id)).toMatchObject({ amount: "37.50", currency: "USD" });

    const captured = await t.request(`/paypal/order/${id}/capture`, { method: "POST" });
    expect(captured.status).toBe(200);
    const owner = adminClient(t);
    const row = await owner.read<AdminBookingRow>(`/api/admin/bookings/${ann.bookingId}`);
    expect(row.payment).toMatchObject({ status: "paid", method: "paypal", markedPaidBy: null });
    const html = await (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
    expect(html).toContain(">Paid<");
    // Paid once: neither the customer nor the owner can pay or mark it again.
    expect((await createFor(ann.bookingId, ann.cookie)).status).toBe(409);
    expect((await owner.json(`/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(409);
  });

  test("signed out is 401 and someone else's booking 404; PayPal is never asked", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bob = customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    expect((await createFor(ann.bookingId, null)).status).toBe(401);
    expect((await createFor(ann.bookingId, bob.cookie)).status).toBe(404);
    const mixed = await createFor(ann.bookingId, ann.cookie, { serviceId: "partner" });
    expect(mixed.status).toBe(400);
    expect(standIn.requestsTo("/v2/checkout/orders")).toHaveLength(0);
  });
});
