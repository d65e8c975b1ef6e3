/** A refund the business still owes keeps the customer's account (decision 084): it needs their details to send it. */
import { expect, test } from "bun:test";
import { bookingFate, orderFate } from "./account-deletion";

test("a booking or an order with a refund owed blocks deleting the account; once sent it no longer does", () => {
  const booking = {
    id: "b1",
    reference: null,
    serviceName: "Discreet Check Up",
    appointmentDate: "2026-12-01",
    appointmentTime: "10:00",
    status: "cancelled" as const,
    upcoming: false,
  };
  expect(bookingFate({ ...booking, paymentStatuses: ["refund_owed"] })).toMatchObject({ fate: "blocks", why: expect.stringContaining("refund") });
  expect(bookingFate({ ...booking, paymentStatuses: ["refunded"] }).fate).toBe("kept");
  expect(orderFate({ orderNumber: "PI-2222-2222", status: "refunded", paymentStatus: "refund_owed" }).fate).toBe("blocks");
  expect(orderFate({ orderNumber: "PI-2222-2222", status: "refunded", paymentStatus: "refunded" }).fate).toBe("kept");
});
