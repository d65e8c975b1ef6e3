import { expect, test } from "bun:test";
import {
  newOrderNumber,
  nextOrderStatuses,
  type OrderAction,
  type OrderActor,
  type OrderPaymentStatus,
  type OrderStatus,
  orderActionOutcome,
  orderActions,
  orderActionsAllowed,
  orderActors,
  orderMayBeCancelled,
  orderPaymentStatuses,
  orderStatuses,
  orderNumberPattern,
  restrictedForState,
  statusAfterPayment,
  statusAfterVerification,
} from "./order";

const state = (status: OrderStatus, paymentStatus: OrderPaymentStatus) => ({ status, paymentStatus });
const allowed = (o: ReturnType<typeof state>, action: OrderAction, by: OrderActor) => orderActionOutcome(o, action, by).ok;
const leadsTo = (o: ReturnType<typeof state>, action: OrderAction, by: OrderActor) => {
  const outcome = orderActionOutcome(o, action, by);
  return outcome.ok ? outcome.to : outcome.message;
};

test("the transition table: the paid path, the hold, and the ends", () => {
  expect(leadsTo(state("pending", "pending"), "mark_paid", "system")).toEqual(state("processing", "paid"));
  expect(leadsTo(state("on_hold", "pending"), "mark_paid", "admin")).toEqual(state("on_hold", "paid"));
  expect(leadsTo(state("processing", "paid"), "ship", "admin")).toEqual(state("shipped", "paid"));
  expect(leadsTo(state("shipped", "paid"), "deliver", "admin")).toEqual(state("delivered", "paid"));
  expect(leadsTo(state("on_hold", "paid"), "verify", "admin")).toEqual(state("processing", "paid"));
  expect(leadsTo(state("on_hold", "pending"), "verify", "admin")).toEqual(state("pending", "pending"));
  expect(leadsTo(state("delivered", "paid"), "refund", "admin")).toEqual(state("refunded", "refunded"));
  expect(leadsTo(state("pending", "pending"), "ship", "admin")).toBe("A pending order cannot be shipped; it must be paid (and verified) first.");
  expect(leadsTo(state("on_hold", "paid"), "ship", "admin")).toBe("A on_hold order cannot be shipped; it must be paid (and verified) first.");
  expect(leadsTo(state("processing", "paid"), "cancel", "admin")).toBe("A paid order cannot be cancelled; it can only be refunded.");
  expect(leadsTo(state("processing", "paid"), "verify", "admin")).toBe("Only an order on hold for ID verification can be marked verified.");
  expect(leadsTo(state("pending", "pending"), "refund", "admin")).toBe("Only a paid order can be refunded.");
  expect(leadsTo(state("cancelled", "paid"), "refund", "admin")).toBe("A cancelled order cannot be refunded.");
  expect(leadsTo(state("processing", "paid"), "mark_paid", "admin")).toBe("A paid payment cannot be marked paid.");
  expect(leadsTo(state("shipped", "failed"), "mark_paid", "admin")).toBe("A shipped order cannot be marked paid.");
  expect(allowed(state("pending", "pending"), "cancel", "customer")).toBe(true);
  expect(allowed(state("shipped", "paid"), "cancel", "customer")).toBe(false);
  expect(allowed(state("pending", "pending"), "mark_paid", "customer")).toBe(false);
  expect(allowed(state("processing", "paid"), "refund", "system")).toBe(false);
  expect(nextOrderStatuses(state("processing", "paid"))).toEqual(["shipped", "refunded"]);
  expect(nextOrderStatuses(state("delivered", "paid"))).toEqual(["refunded"]);
  expect(nextOrderStatuses(state("on_hold", "pending"))).toEqual(["pending", "cancelled"]);
  expect(nextOrderStatuses(state("cancelled", "pending"))).toEqual([]);
  expect(nextOrderStatuses(state("refunded", "refunded"))).toEqual([]);
});

test("the actions offered are exactly those the table allows, for every state and actor", () => {
  for (const status of orderStatuses)
    for (const paymentStatus of orderPaymentStatuses)
      for (const by of orderActors) {
        const o = state(status, paymentStatus);
        expect(orderActionsAllowed(o, by)).toEqual(orderActions.filter((a) => allowed(o, a, by)));
      }
  // Nothing is ever done to a finished order.
  for (const paymentStatus of orderPaymentStatuses) {
    expect(orderActionsAllowed(state("cancelled", paymentStatus), "admin")).toEqual([]);
    expect(orderActionsAllowed(state("refunded", paymentStatus), "admin")).toEqual([]);
  }
});

test("a customer may cancel only while nothing is paid or shipped", () => {
  expect(orderMayBeCancelled({ status: "pending", paymentStatus: "pending" }, "customer")).toBe(true);
  expect(orderMayBeCancelled({ status: "on_hold", paymentStatus: "failed" }, "customer")).toBe(true);
  expect(orderMayBeCancelled({ status: "on_hold", paymentStatus: "paid" }, "customer")).toBe(false);
  expect(orderMayBeCancelled({ status: "processing", paymentStatus: "paid" }, "customer")).toBe(false);
  expect(orderMayBeCancelled({ status: "cancelled", paymentStatus: "pending" }, "customer")).toBe(false);
});

test("nobody cancels a paid order, on hold or not: it can only be refunded", () => {
  for (const by of ["admin", "customer", "system"] as const) {
    expect(orderMayBeCancelled({ status: "pending", paymentStatus: "pending" }, by)).toBe(true);
    expect(orderMayBeCancelled({ status: "on_hold", paymentStatus: "pending" }, by)).toBe(true);
    expect(orderMayBeCancelled({ status: "on_hold", paymentStatus: "paid" }, by)).toBe(false);
    expect(orderMayBeCancelled({ status: "processing", paymentStatus: "paid" }, by)).toBe(false);
  }
  expect(allowed(state("on_hold", "paid"), "refund", "admin")).toBe(true);
  expect(allowed(state("on_hold", "paid"), "refund", "customer")).toBe(false);
});

test("payment and the ID check move an order on", () => {
  expect(statusAfterPayment("pending")).toBe("processing");
  expect(statusAfterPayment("on_hold")).toBe("on_hold");
  expect(statusAfterVerification("paid")).toBe("processing");
  expect(statusAfterVerification("pending")).toBe("pending");
});

test("order numbers are short, readable, random and say nothing about the count", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 2_000; i++) {
    const n = newOrderNumber();
    expect(n).toMatch(orderNumberPattern);
    seen.add(n);
  }
  expect(seen.size).toBe(2_000);
  expect(newOrderNumber(() => new Uint8Array(16))).toBe("PI-2222-2222");
  // Bytes at or above the rejection limit (240) are skipped, not folded onto the alphabet.
  let call = 0;
  const biased = (n: number) => (call++ === 0 ? new Uint8Array(n).fill(255) : new Uint8Array(n).fill(1));
  expect(newOrderNumber(biased)).toBe("PI-3333-3333");
});

test("restricted states name the products that cannot go there", () => {
  const products = [
    { name: "GPS Tracker", restrictedStates: ["NSW", "VIC"] },
    { name: "Camera", restrictedStates: [] },
  ];
  expect(restrictedForState(products, "VIC").map((p) => p.name)).toEqual(["GPS Tracker"]);
  expect(restrictedForState(products, "SA")).toEqual([]);
});
