/**
 * No promise without a rule (decision 083): every text the site ships (each content section, the
 * pricing table's texts, each setting's label and help) is read for promises of money off or of
 * easier paying ("% off", "discount", "bulk", "volume", "interest-free", "0% interest", "payment
 * plan"), and each must name a rule the server applies: the new-client discount, the crypto
 * discount, the volume table or the payment plans. A new promise with no rule fails here.
 */
import { describe, expect, test } from "bun:test";
import { seedContent } from "../db/seed/content";
import { seedPricing } from "../db/seed/pricing";
import { contentSchemas, type ContentId, typedPercentMessage } from "../shared/content";
import { defaultSettings, settingDeclarations } from "../shared/settings";
import { bookingPrice } from "./booking";
import { methodsOnOffer } from "./payment-methods";
import { planSchedule } from "./payment-plan";
import { discountCents, discountLabels, priceService, toCents, volumeBands, volumeDays, volumeDiscountPercent } from "./pricing";
import { fillPercents, formerlyShippedTexts, planPromise, plansPromised, type PromiseRule, promisesIn } from "./promised-percents";
import { priceOrder } from "./totals";

/** Every string inside `value` (objects and lists walked; validators skipped). */
const strings = (value: unknown): string[] => {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object" && !("_zod" in value)) return Object.values(value).flatMap(strings);
  return [];
};

/** Each shipped text with where it is, and the rule its place already is (a volume row of the pricing table is the volume rule). */
function shippedTexts(): { where: string; text: string; own?: PromiseRule }[] {
  const content = (Object.keys(contentSchemas) as ContentId[]).flatMap((id) => strings(seedContent[id]).map((text) => ({ where: `content ${id}`, text })));
  const pricing = seedPricing.flatMap((row) =>
    strings([row.name, row.description, row.features, row.duration]).map((text) => ({
      where: `pricing ${row.id}`,
      text,
      own: row.kind === "volume" ? ("volume" as const) : undefined,
    })),
  );
  const settings = Object.entries(settingDeclarations).flatMap(([key, d]) => {
    const declared = d as { label?: unknown; field?: unknown; shipped?: unknown };
    return strings([declared.label, declared.field, declared.shipped]).map((text) => ({ where: `setting ${key}`, text }));
  });
  const editor = [{ where: "content editor message", text: typedPercentMessage }];
  // The words the payment dialog, the booking page and the e-mails write in code.
  const code = [{ where: "planPromise", text: planPromise }];
  return [...content, ...pricing, ...settings, ...editor, ...code];
}

/** Whether the server applies each rule, checked against the rule itself with the shipped settings and prices. */
const kept: Record<PromiseRule, () => boolean> = {
  newClient: () => {
    const partner = seedPricing.find((p) => p.id === "partner")!;
    const row = { price: partner.price, unit: partner.unit ?? "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 1 };
    const priced = bookingPrice(row, false, defaultSettings.newClientDiscountPercent, undefined, []).priced;
    return defaultSettings.newClientDiscountPercent > 0 && discountCents(priced, discountLabels.newClient) > 0;
  },
  crypto: () => {
    const service = priceService({
      unitListCents: 10_000,
      units: 1,
      newClientPercent: 0,
      volumePercent: 0,
      cryptoPercent: defaultSettings.cryptoDiscountPercent,
    });
    const order = priceOrder([{ unitCents: 10_000, quantity: 1 }], "crypto", defaultSettings);
    return discountCents(service, discountLabels.crypto) > 0 && order.adjustments.some((a) => a.label === discountLabels.crypto && a.cents < 0);
  },
  volume: () => {
    const bands = volumeBands(seedPricing.map((r) => ({ ...r, price: r.price ?? "0" })));
    // Every discounted row of the table is applied to a booking of its days.
    return (
      bands.some((b) => b.percent > 0) &&
      bands.every((b) => volumeDiscountPercent(volumeDays({ unit: "days", count: b.fromDays }), bands) === b.percent) &&
      bookingPrice({ price: "1000.00", unit: "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 14 }, true, 0, undefined, bands).volumePercent > 0
    );
  },
  plans: () => {
    // Offered while the owner's switch is on (built with the plans, decision 085), at 0% interest: the parts add up to the price.
    const parts = planSchedule(toCents("1295.00")!, 3, "2026-12-01", 14);
    return defaultSettings.paymentPlansEnabled && parts !== null && parts.reduce((sum, p) => sum + p.cents, 0) === 129_500;
  },
};

describe("every promise the site ships is kept by a rule the server applies", () => {
  test("each rule is applied", () => {
    for (const [rule, check] of Object.entries(kept)) expect(check(), rule).toBe(true);
  });

  test("each promise in a content section, a pricing row or a setting names a rule", () => {
    const found = shippedTexts().flatMap(({ where, text, own }) => promisesIn(text).map((p) => ({ where, ...p, rules: own ? [own, ...p.rules] : p.rules })));
    // The texts do promise things: the check is not reading nothing.
    expect(found.length).toBeGreaterThanOrEqual(10);
    const unkept = found.filter((p) => p.rules.length === 0).map((p) => `${p.where}: "${p.clause}"`);
    expect(unkept, "promises no rule keeps").toEqual([]);
    // Each kind of promise is there and kept.
    expect(new Set(found.flatMap((p) => p.rules))).toEqual(new Set<PromiseRule>(["newClient", "crypto", "volume", "plans"]));
  });

  test("with plans turned off, no content text promises one, and the words written in code are not shown (decision 087)", () => {
    const off = { ...defaultSettings, paymentPlansEnabled: false };
    const on = methodsOnOffer(defaultSettings, { paypalConfigured: true });
    const content = (Object.keys(contentSchemas) as ContentId[]).flatMap((id) => strings(seedContent[id]));
    const promisingPlans = (settings: typeof defaultSettings) =>
      content.map((text) => fillPercents(text, settings, on)).filter((text) => promisesIn(text).some((p) => p.rules.includes("plans")));
    expect(promisingPlans(defaultSettings).length).toBeGreaterThanOrEqual(2);
    expect(promisingPlans(off)).toEqual([]);
    expect(plansPromised(defaultSettings)).toBe(true);
    expect(plansPromised(off)).toBe(false);
    // A section that is all promise is emptied (the pages then show nothing); a sentence beside it stays.
    expect(fillPercents(seedContent["home.payment-plans"].text, off, on)).toBe("");
    expect(fillPercents(seedContent["home.payment-plans"].title, off, on)).toBe("");
    expect(fillPercents("We accept {paymentMethods}. Interest-free payment plans are available.", off, on)).toBe("We accept card, PayPal or cash deposit.");
    expect(fillPercents("Pay in 3 instalments. Discreet service.", off, on)).toBe("Discreet service.");
    // Turned on, the words are kept as written.
    expect(fillPercents(seedContent["home.payment-plans"].text, defaultSettings, on)).toBe(seedContent["home.payment-plans"].text);
  });

  test("a promise with no rule is found, beside a kept one or alone", () => {
    expect(promisesIn("Bulk discounts available.")).toEqual([{ clause: "Bulk discounts available", rules: [] }]);
    expect(promisesIn("{newClientDiscount}% off for new clients, and bulk discounts on equipment.").map((p) => p.rules)).toEqual([["newClient"], []]);
    expect(promisesIn("Buy three cameras and save: 15% off.").map((p) => p.rules)).toEqual([[]]);
    expect(promisesIn("Split any service into 2, 3 or 4 payments. No credit check, 0% interest.").map((p) => p.rules)).toEqual([["plans"]]);
    expect(promisesIn("Discreet surveillance across Adelaide.")).toEqual([]);
  });

  test("the promotion no longer promises a bulk discount, and a site still holding the old text shows the new one", () => {
    expect(seedContent["site.promo"].text).not.toMatch(/bulk/i);
    const old = "New in our shop: OSINT tools and professional surveillance equipment. Bulk discounts available.";
    expect(formerlyShippedTexts[old]).toBe(seedContent["site.promo"].text);
    expect(fillPercents(old, defaultSettings, methodsOnOffer(defaultSettings, { paypalConfigured: true }))).toBe(
      "New in our shop: OSINT tools and professional surveillance equipment.",
    );
  });

  test("plans are not promised for 'any service' (they have a minimum and a list of services), and a site still holding that text shows the new one", () => {
    const old = "Split any service into 2, 3 or 4 payments. No credit check, 0% interest.";
    expect(seedContent["home.payment-plans"].text).not.toMatch(/any service/i);
    expect(formerlyShippedTexts[old]).toBe(seedContent["home.payment-plans"].text);
    expect(fillPercents(old, defaultSettings, methodsOnOffer(defaultSettings, { paypalConfigured: true }))).toBe(seedContent["home.payment-plans"].text);
    // Every text the site once shipped reads, once filled, as a text whose promises are all kept.
    for (const now of Object.values(formerlyShippedTexts)) for (const p of promisesIn(now)) expect(p.rules.length, p.clause).toBeGreaterThan(0);
  });
});
