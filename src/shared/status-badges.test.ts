import { expect, test } from "bun:test";
import { bookingStatuses } from "../domain/booking";
import { bookingPaymentStatuses } from "../domain/booking-payment";
import { orderPaymentStatuses, orderStatuses } from "../domain/order";
import { outboxStatuses } from "../domain/outbox";
import { paymentStatuses } from "../domain/payment";
import { referralStatuses } from "../domain/referral";
import { contactUrgencies } from "./admin-contacts";
import { listingStatus, statusBadges } from "./status-badges";

const domainLists: Record<keyof typeof statusBadges, readonly string[]> = {
  order: orderStatuses,
  orderPayment: orderPaymentStatuses,
  payment: paymentStatuses,
  booking: bookingStatuses,
  bookingPayment: bookingPaymentStatuses,
  referral: referralStatuses,
  contactUrgency: contactUrgencies,
  mail: outboxStatuses,
  listing: ["active", "inactive"],
};

test("each kind has a badge for exactly the statuses its domain lists, with words and a daisyUI colour", () => {
  for (const [kind, statuses] of Object.entries(domainLists)) {
    const map = statusBadges[kind as keyof typeof statusBadges] as Record<string, { label: string; colour: string }>;
    expect(Object.keys(map).sort()).toEqual([...statuses].sort());
    for (const look of Object.values(map)) {
      expect(look.label.length).toBeGreaterThan(0);
      expect(look.colour).toMatch(/^badge-\w+( badge-outline)?$/);
    }
  }
});

test("an order reads in the customer's words; a cancelled one is quiet, a delivered one green", () => {
  expect(statusBadges.order.on_hold).toEqual({ label: "On hold for ID verification", colour: "badge-warning" });
  expect(statusBadges.order.cancelled.colour).toBe("badge-neutral");
  expect(statusBadges.order.delivered.colour).toBe("badge-success");
  expect(statusBadges.contactUrgency.emergency).toEqual({ label: "Emergency", colour: "badge-error" });
});

test("a product or category reads Active in green when listed, Inactive otherwise", () => {
  expect(statusBadges.listing[listingStatus(true)]).toEqual({ label: "Active", colour: "badge-success" });
  expect(statusBadges.listing[listingStatus(false)]).toEqual({ label: "Inactive", colour: "badge-neutral" });
});
