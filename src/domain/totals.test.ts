import { expect, test } from "bun:test";
import type { OrderPaymentMethod } from "../shared/checkout";
import { includedGstCents, orderTotals, type PricedLine, priceOrder, type TotalsSettings } from "./totals";

const rules = { freeShippingThreshold: 200, flatShippingFee: 15, gstEnabled: true, abn: "51824753556", cryptoDiscountPercent: 10 };

/** The stored totals of lines priced for `method` (bank transfer unless named). */
const totalsOf = (lines: PricedLine[], settings: TotalsSettings = rules, method: OrderPaymentMethod = "bank_transfer") =>
  orderTotals(priceOrder(lines, method, settings));

test("totals: shipping is the flat fee below the threshold and free at exactly $200.00", () => {
  expect(totalsOf([{ unitCents: 19_999, quantity: 1 }])).toEqual({
    subtotal: "199.99",
    discountAmount: "0.00",
    shippingAmount: "15.00",
    taxAmount: "19.54",
    totalAmount: "214.99",
  });
  expect(totalsOf([{ unitCents: 10_000, quantity: 2 }])).toEqual({
    subtotal: "200.00",
    discountAmount: "0.00",
    shippingAmount: "0.00",
    taxAmount: "18.18",
    totalAmount: "200.00",
  });
});

test("totals: no lines cost nothing, and GST off records no tax", () => {
  expect(totalsOf([])).toEqual({ subtotal: "0.00", discountAmount: "0.00", shippingAmount: "0.00", taxAmount: "0.00", totalAmount: "0.00" });
  expect(totalsOf([{ unitCents: 4_950, quantity: 3 }], { ...rules, gstEnabled: false })).toEqual({
    subtotal: "148.50",
    discountAmount: "0.00",
    shippingAmount: "15.00",
    taxAmount: "0.00",
    totalAmount: "163.50",
  });
});

test("totals: without an ABN no GST is recorded, even with the GST setting on (decision 068)", () => {
  for (const abn of ["", "  "]) {
    const priced = priceOrder([{ unitCents: 4_950, quantity: 3 }], "bank_transfer", { ...rules, abn });
    expect(priced.gstCents).toBe(0);
    expect(orderTotals(priced).taxAmount).toBe("0.00");
  }
  expect(priceOrder([{ unitCents: 4_950, quantity: 3 }], "bank_transfer", rules).gstCents).toBe(1_486);
});

test("totals: the crypto discount comes off the goods after the free-shipping threshold is judged", () => {
  expect(totalsOf([{ unitCents: 20_000, quantity: 1 }], rules, "crypto")).toEqual({
    subtotal: "200.00",
    discountAmount: "20.00",
    shippingAmount: "0.00",
    taxAmount: "16.36",
    totalAmount: "180.00",
  });
  expect(totalsOf([{ unitCents: 3_333, quantity: 1 }], rules, "crypto")).toEqual({
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

test("adjustments: shipping is listed (0 when free), the crypto discount only when paying by crypto and it takes something off", () => {
  const lines = [{ unitCents: 4_995, quantity: 2 }];
  expect(priceOrder(lines, "crypto", rules)).toEqual({
    subtotalCents: 9_990,
    adjustments: [
      { kind: "shipping", label: "Shipping", cents: 1_500 },
      { kind: "discount", label: "Cryptocurrency discount", cents: -999 },
    ],
    totalCents: 10_491,
    gstCents: 954,
  });
  expect(priceOrder(lines, "paypal", rules).adjustments).toEqual([{ kind: "shipping", label: "Shipping", cents: 1_500 }]);
  expect(priceOrder(lines, "crypto", { ...rules, cryptoDiscountPercent: 0 }).adjustments).toHaveLength(1);
  expect(priceOrder([{ unitCents: 25_000, quantity: 1 }], null, rules).adjustments).toEqual([{ kind: "shipping", label: "Shipping", cents: 0 }]);
});

test("stored totals sum every discount and the shipping from the adjustments", () => {
  const priced = {
    subtotalCents: 10_000,
    adjustments: [
      { kind: "shipping" as const, label: "Shipping", cents: 1_500 },
      { kind: "discount" as const, label: "A", cents: -1_000 },
      { kind: "discount" as const, label: "B", cents: -250 },
    ],
    totalCents: 10_250,
    gstCents: 932,
  };
  expect(orderTotals(priced)).toEqual({ subtotal: "100.00", discountAmount: "12.50", shippingAmount: "15.00", taxAmount: "9.32", totalAmount: "102.50" });
});
