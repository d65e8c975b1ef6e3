import { describe, expect, test } from "bun:test";
import { centsToDecimal, cryptoPrice, newClientPrice, toCents, viewerPrice, volumeDiscountPercent } from "./pricing";

describe("money", () => {
  test("parses and formats decimal strings", () => {
    expect(toCents("695.00")).toBe(69500);
    expect(toCents("19.99")).toBe(1999);
    expect(toCents("abc")).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(centsToDecimal(129500)).toBe("1295.00");
  });
});

describe("discounts", () => {
  test("new-client price rounds to whole dollars", () => {
    expect(newClientPrice(695, 50)).toBe(348);
    expect(newClientPrice(75, 50)).toBe(38);
    expect(newClientPrice(1295, 15)).toBe(1101);
  });
  test("crypto price is round(price × 0.9) with the saving", () => {
    expect(cryptoPrice(695, 10)).toEqual({ price: 626, saving: 69 });
    expect(cryptoPrice(75, 10)).toEqual({ price: 68, saving: 7 });
    expect(cryptoPrice(348, 10)).toEqual({ price: 313, saving: 35 });
  });
  test("a returning customer pays the list price with no badge", () => {
    expect(viewerPrice(295, true, 50)).toEqual({ price: 295, originalPrice: 295, discountPercent: 0, discountApplied: false });
    expect(viewerPrice(295, false, 50)).toEqual({ price: 148, originalPrice: 295, discountPercent: 50, discountApplied: true });
    expect(viewerPrice(295, false, 0).discountApplied).toBe(false);
  });
  test("volume discounts follow the table", () => {
    expect([1, 3, 4, 7, 8, 14, 15, 30].map(volumeDiscountPercent)).toEqual([0, 0, 10, 10, 15, 15, 20, 20]);
  });
});
