import { describe, expect, test } from "bun:test";
import { seededRandom } from "../../tests/helpers/seeded-random";
import { bookingPrice, hourlyRate } from "./booking";
import { bookingOffer } from "./booking-payment";
import { serviceOffer } from "./payment";
import { seedProducts } from "../db/seed/catalogue";
import { seedPricing } from "../db/seed/pricing";
import {
  centsToDecimal,
  discountCents,
  discountedCents,
  discountLabels,
  percentSavedCents,
  priceService,
  shippedVolumeBands,
  toCents,
  volumeBands,
  volumeDays,
  volumeDiscountPercent,
} from "./pricing";
import { priceOrder } from "./totals";

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
  const priced = (listCents: number, p: { newClient?: number; volume?: number; crypto?: number; units?: number } = {}) =>
    priceService({
      unitListCents: listCents,
      units: p.units ?? 1,
      newClientPercent: p.newClient ?? 0,
      volumePercent: p.volume ?? 0,
      cryptoPercent: p.crypto ?? 0,
    });
  test("new-client price is to the cent, never rounded to whole dollars", () => {
    expect([69500, 7500, 8500, 29500].map((c) => priced(c, { newClient: 50 }).totalCents)).toEqual([34750, 3750, 4250, 14750]);
    expect(priced(129500, { newClient: 15 }).totalCents).toBe(110075);
    expect(discountedCents(8500, 50)).toBe(4250);
  });
  test("crypto price takes its percent off to the cent, and the saving is the difference", () => {
    for (const [list, total, saving] of [
      [69500, 62550, 6950],
      [7500, 6750, 750],
      [34750, 31275, 3475],
    ]) {
      const p = priced(list!, { crypto: 10 });
      expect([p.totalCents, discountCents(p, discountLabels.crypto)]).toEqual([total!, saving!]);
    }
  });
  test("a returning customer pays the list price with no adjustment; a new client sees the new-client line", () => {
    expect(priced(29500)).toEqual({ unitListCents: 29500, units: 1, unitCents: 29500, listCents: 29500, adjustments: [], totalCents: 29500 });
    expect(priced(29500, { newClient: 50 }).adjustments).toEqual([{ kind: "discount", label: "New-client discount", cents: -14750 }]);
    // The new-client discount is taken off each unit, to the cent: $84.99 an hour less $42.50 is $42.49, four hours $169.96.
    expect(priced(8499, { newClient: 50, units: 4 })).toMatchObject({ unitCents: 4249, totalCents: 16996 });
  });
  test("volume discounts follow the table", () => {
    expect([1, 3, 4, 7, 8, 14, 15, 30].map((d) => volumeDiscountPercent(d))).toEqual([0, 0, 10, 10, 15, 15, 20, 20]);
    // The table as the pricing rows hold it is the table shipped; the owner's percents are the ones applied.
    expect(volumeBands(seedPricing.map((r) => ({ ...r, price: r.price ?? "0" })))).toEqual([...shippedVolumeBands]);
    const edited = volumeBands(seedPricing.map((r) => ({ ...r, price: r.id === "volume-1-2-weeks" ? "12.50" : (r.price ?? "0") })));
    expect(volumeDiscountPercent(14, edited)).toBe(12.5);
    // A row switched off applies nothing: its days fall back to the band before it.
    const off = volumeBands(seedPricing.map((r) => ({ ...r, price: r.price ?? "0", isActive: r.id !== "volume-4-7-days" })));
    expect(volumeDiscountPercent(5, off)).toBe(0);
  });
  test("a booking's days for the table: whole days as booked, hours in 8-hour days with a part day counted", () => {
    expect(volumeDays({ unit: "days", count: 14 })).toBe(14);
    expect(volumeDays({ unit: "hours", count: 4 })).toBe(1);
    expect(volumeDays({ unit: "hours", count: 8 })).toBe(1);
    expect(volumeDays({ unit: "hours", count: 9 })).toBe(2);
    expect(volumeDays({ unit: "hours", count: 32 })).toBe(4);
  });
  test("the volume discount is taken off the booking's price, after the new-client discount", () => {
    const twoWeeks = { price: "1295.00", unit: "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 14 };
    expect(bookingPrice(twoWeeks, true, 50, undefined, shippedVolumeBands)).toMatchObject({ servicePrice: 1100.75, originalPrice: 1295, volumePercent: 15 });
    const newClient = bookingPrice(twoWeeks, false, 50, undefined, shippedVolumeBands);
    expect(newClient).toMatchObject({ servicePrice: 550.37, originalPrice: 1295, discountPercent: 50, volumePercent: 15 });
    expect(newClient.priced.adjustments).toEqual([
      { kind: "discount", label: "New-client discount", cents: -64750 },
      { kind: "discount", label: "Volume discount", cents: -9713 },
    ]);
    const week = { ...twoWeeks, price: "600.00", lengthCount: 5 };
    expect(bookingPrice(week, true, 50, undefined, shippedVolumeBands)).toMatchObject({ servicePrice: 540, volumePercent: 10 });
    const month = { ...twoWeeks, price: "2000.00", lengthCount: 20 };
    expect(bookingPrice(month, true, 50, undefined, shippedVolumeBands)).toMatchObject({ servicePrice: 1600, volumePercent: 20 });
  });
  test("Hourly Surveillance at half price is half of the list price: $170 for $340, 50% off", () => {
    const pkg = { id: "hourly", name: "Hourly Surveillance", price: "85.00", unit: "hour", minimumUnits: 4, lengthUnit: "hours", lengthCount: 4 };
    const offer = serviceOffer(pkg, false, { newClientDiscountPercent: 50, cryptoDiscountPercent: 10, currency: "USD", volume: shippedVolumeBands });
    expect(offer).toMatchObject({ unitPrice: 42.5, amountDue: 170, listAmountDue: 340, percentOff: 50, cryptoAmount: 153, cryptoSaving: 17 });
    expect(bookingPrice(pkg, false, 50, undefined, shippedVolumeBands).servicePrice).toBe(170);
    expect(percentSavedCents(offer.amountDueCents, toCents(offer.listAmountDue)!)).toBe(50);
  });
});

describe("a booking's own offer", () => {
  const booked = { id: "b", serviceId: "fullcheating", serviceName: "Full Cheating Investigation", servicePrice: "550.37", originalPrice: "1295.00" };
  test("read from the lines it was priced with: the new-client badge, and the volume discount on its own line", () => {
    const adjustments = [
      { label: "New-client discount", percent: 50, amount: "-647.50" },
      { label: "Volume discount", percent: 15, amount: "-97.13" },
    ];
    expect(bookingOffer({ ...booked, bookingDetails: { adjustments } }, 10, "USD")).toMatchObject({
      unitListPrice: 1295,
      unitPrice: 647.5,
      percentOff: 50,
      volumePercent: 15,
      volumeSaving: 97.13,
      amountDue: 550.37,
      amountDueCents: 55037,
      cryptoAmountCents: 49533,
    });
    // Volume alone: no new-client badge.
    const volumeOnly = { ...booked, servicePrice: "1100.75", bookingDetails: { adjustments: [{ label: "Volume discount", percent: 15, amount: "-194.25" }] } };
    expect(bookingOffer(volumeOnly, 10, "USD")).toMatchObject({ percentOff: 0, volumePercent: 15, unitPrice: 1295, amountDue: 1100.75 });
  });
  test("a booking priced before the lines were kept: the badge from its two amounts, no volume line", () => {
    expect(bookingOffer({ ...booked, servicePrice: "647.50" }, 10, "USD")).toMatchObject({
      percentOff: 50,
      volumePercent: 0,
      unitPrice: 647.5,
      amountDue: 647.5,
    });
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
      // Half the packages long enough for the volume table (up to 30 days), under a table of random percents.
      const lengthUnit = unit !== "hour" && r() < 0.5 ? "days" : "hours";
      const lengthCount = lengthUnit === "days" ? int(1, 30) : minimumUnits;
      const volume = [
        { fromDays: 1, percent: 0 },
        { fromDays: 4, percent: int(0, 30) },
        { fromDays: 8, percent: int(0, 40) },
        { fromDays: 15, percent: int(0, 50) },
      ];
      const pkg = { id: "p", name: "Package", price: centsToDecimal(listCents), unit, minimumUnits, lengthUnit, lengthCount };
      const why = `seed ${seed} (MONEY_SEED=${seed} replays it): ${JSON.stringify({ pkg, newClient, crypto, returning, volume })}`;
      try {
        const offer = serviceOffer(pkg, returning, { newClientDiscountPercent: newClient, cryptoDiscountPercent: crypto, currency: "USD", volume });
        const booked = bookingPrice(pkg, returning, newClient, undefined, volume);
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
        for (const amount of [offer.unitPrice, offer.amountDue, offer.listAmountDue, offer.cryptoAmount, offer.cryptoSaving, offer.volumeSaving])
          expect(wholeCents(amount)).toBe(true);
        expect(toCents(offer.amountDue)).toBe(offer.amountDueCents);
        expect(toCents(offer.cryptoAmount)).toBe(offer.cryptoAmountCents);
        // The volume saving is the table's percent for the package's days, of the price after the new-client discount.
        const dueCents = toCents(offer.amountDue)!;
        const volumeCents = toCents(offer.volumeSaving)!;
        const expectedVolume = volumeDiscountPercent(volumeDays({ unit: lengthUnit, count: unit === "hour" ? offer.minimumUnits : lengthCount }), volume);
        expect(volumeCents).toBe(Math.round(((dueCents + volumeCents) * expectedVolume) / 100));
        if (volumeCents > 0) expect(offer.volumePercent).toBe(expectedVolume);
        // Price, volume saving and new-client saving add up to the list price; the new-client saving is the percent shown, within half a cent a unit.
        const listDueCents = toCents(offer.listAmountDue)!;
        const savingCents = listDueCents - dueCents - volumeCents;
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
        if (listDueCents >= 10_000) expect(percentSavedCents(dueCents + volumeCents, listDueCents)).toBe(offer.percentOff);
        expect(toCents(offer.unitPrice)! * offer.minimumUnits).toBe(dueCents + volumeCents);
      } catch (e) {
        throw new Error(`pricing case ${why}\n${e instanceof Error ? e.message : String(e)}`);
      }
    }
  });
});

describe("one money model: properties over many random amounts", () => {
  const baseSeed = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const cases = 5000;

  test(`${cases} random services: the adjustments and the total add up to the list amount, to the cent`, () => {
    let checked = 0;
    for (let n = 0; n < cases; n++) {
      const seed = (baseSeed + n) >>> 0;
      const r = seededRandom(seed);
      const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
      const input = {
        unitListCents: r() < 0.5 ? int(1, 5000) * 100 : int(0, 2_000_000),
        units: int(1, 12),
        newClientPercent: r() < 0.3 ? 0 : int(0, 90) + (r() < 0.2 ? int(1, 99) / 100 : 0),
        volumePercent: r() < 0.3 ? 0 : int(0, 50) + (r() < 0.2 ? 0.5 : 0),
        cryptoPercent: r() < 0.5 ? 0 : int(0, 50) + (r() < 0.2 ? 0.5 : 0),
      };
      const why = `seed ${seed} (MONEY_SEED=${seed} replays it): ${JSON.stringify(input)}`;
      const priced = priceService(input);
      const sum = priced.adjustments.reduce((total, a) => total + a.cents, 0);
      expect(priced.listCents + sum, why).toBe(priced.totalCents);
      expect(priced.listCents, why).toBe(input.unitListCents * input.units);
      expect(priced.totalCents, why).toBeGreaterThanOrEqual(0);
      for (const a of priced.adjustments) {
        expect(Number.isInteger(a.cents), why).toBe(true);
        expect(a.cents, why).toBeLessThan(0);
      }
      // Every amount written out has at most two decimals and reads back as the same cents.
      for (const cents of [priced.listCents, priced.totalCents, ...priced.adjustments.map((a) => a.cents)]) {
        const text = centsToDecimal(cents);
        expect(text, why).toMatch(/^-?\d+\.\d{2}$/);
        expect(toCents(text), why).toBe(cents);
      }
      checked++;
    }
    expect(checked).toBe(cases);
  });

  test(`${cases} random shop orders: the goods and the adjustments add up to the total, to the cent`, () => {
    const settings = { freeShippingThreshold: 200, flatShippingFee: 15, gstEnabled: true, abn: "51824753556", cryptoDiscountPercent: 0 };
    for (let n = 0; n < cases; n++) {
      const seed = (baseSeed + cases + n) >>> 0;
      const r = seededRandom(seed);
      const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
      const lines = Array.from({ length: int(0, 5) }, () => ({ unitCents: int(1, 300_000), quantity: int(1, 5) }));
      const crypto = int(0, 50) + (r() < 0.2 ? 0.5 : 0);
      const priced = priceOrder(lines, r() < 0.5 ? "crypto" : "paypal", { ...settings, cryptoDiscountPercent: crypto });
      const why = `seed ${seed}: ${JSON.stringify({ lines, crypto })}`;
      expect(priced.subtotalCents + priced.adjustments.reduce((t, a) => t + a.cents, 0), why).toBe(priced.totalCents);
      expect(toCents(centsToDecimal(priced.totalCents)), why).toBe(priced.totalCents);
    }
  });

  test("every seeded service price and product price survives text -> cents -> text", () => {
    const texts = [...seedPricing.map((p) => p.price), ...seedProducts.flatMap((p) => [p.price, p.salePrice])].filter(
      (t): t is string => typeof t === "string",
    );
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(centsToDecimal(toCents(text)!), text).toBe(text);
  });

  test(`${cases * 4} random two-place amounts survive text -> cents -> text, none through a float`, () => {
    const r = seededRandom(baseSeed);
    for (let n = 0; n < cases * 4; n++) {
      const cents = Math.floor(r() * 100_000_000_000);
      const text = centsToDecimal(cents);
      expect(text).toMatch(/^\d+\.\d{2}$/);
      expect(toCents(text)).toBe(cents);
    }
    // The amounts a float would get wrong (1.005 * 100 is 100.49999...).
    expect(toCents("1.005")).toBe(101);
    expect(toCents("0.29")).toBe(29);
    expect(toCents("1.1")).toBe(110);
    expect(toCents("4.35")).toBe(435);
    expect(centsToDecimal(-4935)).toBe("-49.35");
  });
});
