import { expect, test } from "bun:test";
import {
  canChangeOrderStatus,
  canChangePaymentStatus,
  orderMayBeCancelled,
  newOrderNumber,
  nextOrderStatuses,
  orderNumberPattern,
  restrictedForState,
  statusAfterPayment,
  statusAfterVerification,
} from "./order";

test("status transitions: the paid path, the hold, and the ends", () => {
  expect(canChangeOrderStatus("pending", "processing", "system")).toBe(true);
  expect(canChangeOrderStatus("processing", "shipped", "admin")).toBe(true);
  expect(canChangeOrderStatus("shipped", "delivered", "admin")).toBe(true);
  expect(canChangeOrderStatus("pending", "shipped", "admin")).toBe(false);
  expect(canChangeOrderStatus("on_hold", "shipped", "admin")).toBe(false);
  expect(canChangeOrderStatus("on_hold", "processing", "admin")).toBe(true);
  expect(canChangeOrderStatus("processing", "cancelled", "admin")).toBe(false);
  expect(canChangeOrderStatus("cancelled", "pending", "admin")).toBe(false);
  expect(canChangeOrderStatus("refunded", "processing", "admin")).toBe(false);
  expect(canChangeOrderStatus("pending", "cancelled", "customer")).toBe(true);
  expect(canChangeOrderStatus("shipped", "cancelled", "customer")).toBe(false);
  expect(canChangeOrderStatus("pending", "processing", "customer")).toBe(false);
  expect(canChangeOrderStatus("pending", "nonsense", "admin")).toBe(false);
  expect(nextOrderStatuses("processing")).toEqual(["shipped", "refunded"]);
  expect(nextOrderStatuses("delivered")).toEqual(["refunded"]);
  expect(nextOrderStatuses("cancelled")).toEqual([]);
});

test("payment transitions", () => {
  expect(canChangePaymentStatus("pending", "paid", "admin")).toBe(true);
  expect(canChangePaymentStatus("paid", "refunded", "admin")).toBe(true);
  expect(canChangePaymentStatus("refunded", "paid", "admin")).toBe(false);
  expect(canChangePaymentStatus("pending", "failed", "admin")).toBe(false);
  expect(canChangePaymentStatus("paid", "pending", "system")).toBe(false);
  expect(canChangePaymentStatus("pending", "paid", "customer")).toBe(false);
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
  expect(canChangeOrderStatus("on_hold", "refunded", "admin")).toBe(true);
  expect(canChangeOrderStatus("on_hold", "refunded", "customer")).toBe(false);
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
