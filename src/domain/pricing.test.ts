import { describe, expect, test } from "bun:test";
import { seededRandom } from "../../tests/helpers/seeded-random";
import { bookingPrice, hourlyRate } from "./booking";
import { bookingOffer } from "./booking-payment";
import { serviceOffer } from "./payment";
import { centsToDecimal, cryptoPrice, discountedCents, newClientPrice, percentSaved, toCents, unitsPrice, viewerPrice, volumeDiscountPercent } from "./pricing";

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
  test("new-client price is to the cent, never rounded to whole dollars", () => {
    expect(newClientPrice(695, 50)).toBe(347.5);
    expect(newClientPrice(75, 50)).toBe(37.5);
    expect(newClientPrice(85, 50)).toBe(42.5);
    expect(newClientPrice(1295, 15)).toBe(1100.75);
    expect(newClientPrice(295, 50)).toBe(147.5);
  });
  test("crypto price takes its percent off to the cent, and the saving is the difference", () => {
    expect(cryptoPrice(695, 10)).toEqual({ price: 625.5, saving: 69.5 });
    expect(cryptoPrice(75, 10)).toEqual({ price: 67.5, saving: 7.5 });
    expect(cryptoPrice(347.5, 10)).toEqual({ price: 312.75, saving: 34.75 });
  });
  test("a returning customer pays the list price with no badge", () => {
    expect(viewerPrice(295, true, 50)).toEqual({ price: 295, originalPrice: 295, discountPercent: 0, discountApplied: false });
    expect(viewerPrice(295, false, 50)).toEqual({ price: 147.5, originalPrice: 295, discountPercent: 50, discountApplied: true });
    expect(viewerPrice(295, false, 0).discountApplied).toBe(false);
  });
  test("volume discounts follow the table", () => {
    expect([1, 3, 4, 7, 8, 14, 15, 30].map(volumeDiscountPercent)).toEqual([0, 0, 10, 10, 15, 15, 20, 20]);
  });
  test("Hourly Surveillance at half price is half of the list price: $170 for $340, 50% off", () => {
    const pkg = { id: "hourly", name: "Hourly Surveillance", price: "85.00", unit: "hour", minimumUnits: 4 };
    const offer = serviceOffer(pkg, false, { newClientDiscountPercent: 50, cryptoDiscountPercent: 10, currency: "USD" });
    expect(offer).toMatchObject({ unitPrice: 42.5, amountDue: 170, listAmountDue: 340, percentOff: 50, cryptoAmount: 153, cryptoSaving: 17 });
    expect(bookingPrice(pkg, false, 50).servicePrice).toBe(170);
    expect(percentSaved(offer.amountDue, offer.listAmountDue)).toBe(50);
  });
});

/** Whether a dollar amount is a whole number of cents (what a card or a bank can actually charge). */
const wholeCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

describe("what is shown is what is charged, to the cent, over many random prices", () => {
  const baseSeed = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const cases = 2000;

  test(`${cases} random packages, percents and viewers`, () => {
    for (let n = 0; n < cases; n++) {
      const seed = (baseSeed + n) >>> 0;
      const r = seededRandom(seed);
      const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
      // Whole dollars most of the time (as the pricing table is seeded), any cents otherwise.
      const listCents = r() < 0.6 ? int(1, 3000) * 100 : int(1, 300_000);
      const unit = (["hour", "day", "week", "month", "service"] as const)[int(0, 4)]!;
      const minimumUnits = unit === "hour" ? int(1, 8) : 1;
      const newClient = int(0, 90);
      const crypto = int(0, 50);
      const returning = r() < 0.3;
      const pkg = { id: "p", name: "Package", price: centsToDecimal(listCents), unit, minimumUnits };
      const why = `seed ${seed} (MONEY_SEED=${seed} replays it): ${JSON.stringify({ pkg, newClient, crypto, returning })}`;
      try {
        const offer = serviceOffer(pkg, returning, { newClientDiscountPercent: newClient, cryptoDiscountPercent: crypto, currency: "USD" });
        const booked = bookingPrice(pkg, returning, newClient);
        // The dialog's amount due, the booking's stored price and the booking's own offer are one figure.
        expect(offer.amountDue).toBe(booked.servicePrice);
        expect(offer.listAmountDue).toBe(booked.originalPrice);
        if (unit === "hour") expect(hourlyRate(pkg, returning, newClient)).toBe(offer.unitPrice);
        const stored = {
          id: "b",
          serviceId: "p",
          serviceName: "Package",
          servicePrice: centsToDecimal(toCents(booked.servicePrice)!),
          originalPrice: centsToDecimal(toCents(booked.originalPrice)!),
        };
        const again = bookingOffer(stored, crypto, "USD");
        expect(again.amountDue).toBe(offer.amountDue);
        expect(again.cryptoAmount).toBe(offer.cryptoAmount);
        // Every amount is a whole number of cents.
        for (const amount of [offer.unitPrice, offer.amountDue, offer.listAmountDue, offer.cryptoAmount, offer.cryptoSaving])
          expect(wholeCents(amount)).toBe(true);
        // Price and saving add up to the list price; the saving is the percent shown, within half a cent a unit.
        const dueCents = toCents(offer.amountDue)!;
        const listDueCents = toCents(offer.listAmountDue)!;
        const savingCents = listDueCents - dueCents;
        expect(savingCents).toBeGreaterThanOrEqual(0);
        expect(Math.abs(savingCents - (listDueCents * offer.percentOff) / 100)).toBeLessThanOrEqual(0.5 * offer.minimumUnits);
        if (returning || newClient === 0) {
          expect(offer.percentOff).toBe(0);
          expect(savingCents).toBe(0);
        } else {
          expect(offer.percentOff).toBe(newClient);
          expect(discountedCents(toCents(offer.unitListPrice)!, newClient)).toBe(toCents(offer.unitPrice)!);
        }
        // The crypto price and its saving add up to the amount due; the saving is the crypto percent of it, to the cent.
        expect(toCents(offer.cryptoAmount)! + toCents(offer.cryptoSaving)!).toBe(dueCents);
        expect(toCents(offer.cryptoSaving)).toBe(Math.round((dueCents * crypto) / 100));
        // A badge read back from the two amounts says the same percent, give or take a rounding of a tiny price.
        if (listDueCents >= 10_000) expect(percentSaved(offer.amountDue, offer.listAmountDue)).toBe(offer.percentOff);
        expect(unitsPrice(offer.unitPrice, offer.minimumUnits)).toBe(offer.amountDue);
      } catch (e) {
        throw new Error(`pricing case ${why}\n${e instanceof Error ? e.message : String(e)}`);
      }
    }
  });
});
