import { expect, test } from "bun:test";
import { type OrderPaymentStatus, type OrderStatus, orderPaymentStatuses, orderStatuses } from "../domain/order";
import { orderBadges } from "./order-badges";

const words = (status: OrderStatus, paymentStatus: OrderPaymentStatus) => orderBadges({ status, paymentStatus }).map((b) => b.label);

test.each([
  // A closed order says how it ended, whatever its payment was.
  ["cancelled", "pending", ["Cancelled"]],
  ["cancelled", "failed", ["Cancelled"]],
  ["refunded", "refunded", ["Refunded"]],
  ["refunded", "paid", ["Refunded"]],
  ["pending", "pending", ["Awaiting payment"]],
  ["pending", "failed", ["Awaiting payment", "Payment failed"]],
  ["on_hold", "pending", ["On hold for ID verification", "Not paid yet"]],
  ["on_hold", "paid", ["On hold for ID verification", "Paid"]],
  ["processing", "paid", ["Paid, being prepared"]],
  ["shipped", "paid", ["Shipped"]],
  ["delivered", "paid", ["Delivered"]],
  // A state the transition table never leads to still shows both halves, never hides one.
  ["delivered", "pending", ["Delivered", "Not paid yet"]],
] as const)("%s order with a %s payment wears %p", (status, paymentStatus, expected) => {
  expect(words(status, paymentStatus)).toEqual([...expected]);
});

test("a cancelled order is quiet grey, never the yellow of an order still awaiting payment", () => {
  expect(orderBadges({ status: "cancelled", paymentStatus: "pending" }).map((b) => b.colour)).toEqual(["badge-neutral"]);
  expect(orderBadges({ status: "pending", paymentStatus: "pending" })[0]?.colour).toBe("badge-warning");
});

test("every status and payment status together wears one or two badges", () => {
  for (const status of orderStatuses)
    for (const paymentStatus of orderPaymentStatuses) {
      const badges = orderBadges({ status, paymentStatus });
      expect(badges.length).toBeGreaterThanOrEqual(1);
      expect(badges.length).toBeLessThanOrEqual(2);
    }
});
