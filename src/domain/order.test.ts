import { expect, test } from "bun:test";
import {
  canChangeOrderStatus,
  canChangePaymentStatus,
  customerMayCancelOrder,
  includedGstCents,
  newOrderNumber,
  nextOrderStatuses,
  orderNumberPattern,
  orderTotals,
  restrictedForState,
  statusAfterPayment,
  statusAfterVerification,
} from "./order";

const rules = { freeShippingThreshold: 200, flatShippingFee: 15, gstEnabled: true };

test("totals: shipping is the flat fee below the threshold and free at exactly $200.00", () => {
  expect(orderTotals([{ unitCents: 19_999, quantity: 1 }], rules)).toEqual({
    subtotal: "199.99",
    discountAmount: "0.00",
    shippingAmount: "15.00",
    taxAmount: "19.54",
    totalAmount: "214.99",
  });
  expect(orderTotals([{ unitCents: 10_000, quantity: 2 }], rules)).toEqual({
    subtotal: "200.00",
    discountAmount: "0.00",
    shippingAmount: "0.00",
    taxAmount: "18.18",
    totalAmount: "200.00",
  });
});

test("totals: no lines cost nothing, and GST off records no tax", () => {
  expect(orderTotals([], rules)).toEqual({ subtotal: "0.00", discountAmount: "0.00", shippingAmount: "0.00", taxAmount: "0.00", totalAmount: "0.00" });
  expect(orderTotals([{ unitCents: 4_950, quantity: 3 }], { ...rules, gstEnabled: false })).toEqual({
    subtotal: "148.50",
    discountAmount: "0.00",
    shippingAmount: "15.00",
    taxAmount: "0.00",
    totalAmount: "163.50",
  });
});

test("totals: a discount comes off the goods after the free-shipping threshold is judged", () => {
  expect(orderTotals([{ unitCents: 20_000, quantity: 1 }], { ...rules, discountPercent: 10 })).toEqual({
    subtotal: "200.00",
    discountAmount: "20.00",
    shippingAmount: "0.00",
    taxAmount: "16.36",
    totalAmount: "180.00",
  });
  expect(orderTotals([{ unitCents: 3_333, quantity: 1 }], { ...rules, discountPercent: 10 })).toEqual({
    subtotal: "33.33",
    discountAmount: "3.33",
    shippingAmount: "15.00",
    taxAmount: "4.09",
    totalAmount: "45.00",
  });
});

test("GST is one eleventh of the tax-inclusive total, rounded to the cent", () => {
  expect(includedGstCents(11_000)).toBe(1_000);
  expect(includedGstCents(16_350)).toBe(1_486); // 1486.36…
  expect(includedGstCents(1_650)).toBe(150);
  expect(includedGstCents(17)).toBe(2); // 1.545… rounds up
  expect(includedGstCents(16)).toBe(1); // 1.454… rounds down
});

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
  expect(customerMayCancelOrder({ status: "pending", paymentStatus: "pending" })).toBe(true);
  expect(customerMayCancelOrder({ status: "on_hold", paymentStatus: "failed" })).toBe(true);
  expect(customerMayCancelOrder({ status: "on_hold", paymentStatus: "paid" })).toBe(false);
  expect(customerMayCancelOrder({ status: "processing", paymentStatus: "paid" })).toBe(false);
  expect(customerMayCancelOrder({ status: "cancelled", paymentStatus: "pending" })).toBe(false);
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
