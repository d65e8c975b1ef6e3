/**
 * One currency setting and the promised percentages: changing a setting changes every page that
 * shows it, and no page promises a discount other than the one the prices apply.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { adminWithToken, customerWithSession, paymentDetails } from "../../tests/factories";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { updateSetting } from "../db/settings.server";
import { updateContentSection } from "../db/content.server";
import { seedContent } from "../db/seed/content";
import { listPricing } from "../db/pricing.server";

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
  // A real crypto address: the crypto discount is promised only while cryptocurrency is on offer (decision 067).
  paymentDetails(t.db);
});
afterEach(() => t.close());

const page = async (path: string, cookie?: string) => (await t.request(path, { headers: cookie ? { Cookie: cookie } : {} })).text();
/** Every "N% off" / "N% OFF" / "N% discount" a page promises, as numbers. */
const promisedPercents = (html: string) => [...html.matchAll(/(\d+(?:\.\d+)?)%\s*(?:off|OFF|discount)/g)].map((m) => Number(m[1]));

test("the home page's offer and every page's percentages say the discounts the settings apply", async () => {
  // The volume discounts are rows of the pricing table, each its own setting.
  const volumeDiscounts = listPricing(t.db)
    .filter((p) => p.unit === "percent")
    .map((p) => Number(p.price));
  for (const [newClient, crypto] of [
    [50, 10],
    [35, 12.5],
  ] as const) {
    updateSetting(t.db, "newClientDiscountPercent", newClient);
    updateSetting(t.db, "cryptoDiscountPercent", crypto);
    const home = await page("/");
    expect(home).toContain(`${newClient}% off for new clients, and a further ${crypto}% off when you pay in cryptocurrency.`);
    for (const path of ["/", "/services", "/booking", "/about", "/contact", "/shop"]) {
      const html = await page(path);
      for (const p of promisedPercents(html)) expect<number[]>([newClient, crypto, ...volumeDiscounts], `${path} promises ${p}%`).toContain(p);
    }
  }
  expect(await page("/")).not.toContain("15% off");
});

test("the content editor refuses a typed discount figure and keeps the placeholders", () => {
  const hero = { ...seedContent["home.hero"], promo: "20% off everything" };
  expect(updateContentSection(t.db, "home.hero", hero).ok).toBe(false);
  expect(updateContentSection(t.db, "home.hero", { ...hero, promo: "{newClientDiscount}% off your first case" }).ok).toBe(true);
});

test("changing the currency setting changes every price the pages show, the structured data and the analytics CSV's currency", async () => {
  updateSetting(t.db, "currency", "GBP");
  const shopper = customerWithSession(t.db, "gbp@example.com");
  for (const path of ["/", "/services", "/booking", "/shop", "/shop/product/covert-dash-cam-4k"]) {
    const html = await page(path, shopper.cookie);
    expect(html, path).toContain("£");
    expect(html, path).not.toMatch(/\$\d/);
    expect(html, path).not.toMatch(/\bUSD\b/);
  }
  expect(await page("/shop/product/covert-dash-cam-4k")).toContain('"priceCurrency":"GBP"');
  const owner = adminWithToken(t.db, "owner");
  const csv = await (await t.request("/api/admin/analytics.csv", { headers: { Authorization: owner.authorization } })).text();
  // The amounts' header names no currency (older records keep theirs); each line says its own.
  expect(csv.split("\r\n")[0]).toEndWith("Amount,Currency");
  expect(csv).toContain("Revenue in the range,,,,0.00,GBP");
});
