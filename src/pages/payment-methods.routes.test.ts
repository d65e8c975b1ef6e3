/**
 * Every page follows the one rule of which ways to pay are on offer (decision 067): the home page's
 * promise of the crypto discount, the product page's payment line, the services page's notice and
 * the payment dialog's coins.
 */
import { afterEach, expect, test } from "bun:test";
import { paymentDetails } from "../../tests/factories";
import { islandPropsOf } from "../../tests/helpers/island-props";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { updateSetting } from "../db/settings.server";
import type { PaymentDialogProps } from "../islands/PaymentDialog";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const page = async (app: TestApp, path: string) => {
  const res = await app.request(path);
  expect(res.status).toBe(200);
  return await res.text();
};

test("a fresh site (no PayPal, made-up bank and crypto details) promises no crypto discount and names only cash deposit", async () => {
  t = createTestApp();
  const home = await page(t, "/");
  expect(home).toContain("50% off for new clients.");
  expect(home).not.toContain("pay in cryptocurrency");
  const product = await page(t, "/shop/product/covert-body-worn-camera-4k");
  expect(product).toContain("Encrypted checkout: pay by cash deposit.");
  expect(product).not.toContain("PayPal");
  const services = await page(t, "/services");
  expect(services).not.toContain("Pay in cryptocurrency");
  expect(services).not.toContain("% off and extra privacy");
  const dialog = islandPropsOf<PaymentDialogProps>(services, "PaymentDialog");
  expect(dialog.cryptoAddresses).toEqual([]);
  expect(dialog.paypalClientId).toBeNull();
});

test("with PayPal and the owner's real details, the same pages promise the crypto discount and name every way to pay", async () => {
  t = createTestApp({ PAYPAL_CLIENT_ID: "client", PAYPAL_CLIENT_SECRET: "secret" });
  paymentDetails(t.db);
  expect(await page(t, "/")).toContain("50% off for new clients, and a further 10% off when you pay in cryptocurrency.");
  expect(await page(t, "/shop/product/covert-body-worn-camera-4k")).toContain(
    "Encrypted checkout: pay by card, PayPal, bank transfer, cryptocurrency or cash deposit.",
  );
  const services = await page(t, "/services");
  expect(services).toContain("Pay in cryptocurrency for a further 10% off and extra privacy");
  expect(islandPropsOf<PaymentDialogProps>(services, "PaymentDialog").cryptoAddresses.map((c) => c.coin)).toEqual(["Bitcoin"]);
});

test("with payment plans turned off, no page promises one; turned on, the same pages do (decision 087)", async () => {
  t = createTestApp();
  const promises = ["Interest-free payment plans", "Split a larger booking into 2, 3 or 4 payments", "0% interest"];
  for (const path of ["/", "/services", "/contact"]) {
    const html = await page(t, path);
    expect(
      promises.some((p) => html.includes(p)),
      path,
    ).toBe(true);
  }
  expect(islandPropsOf<PaymentDialogProps>(await page(t, "/services"), "PaymentDialog").plansPromised).toBe(true);

  updateSetting(t.db, "paymentPlansEnabled", false);
  t.deps.pageCache.clear();
  for (const path of ["/", "/services", "/contact"]) {
    const html = await page(t, path);
    for (const p of promises) expect(html, `${path}: ${p}`).not.toContain(p);
    expect(html, path).not.toMatch(/payment plan|interest-free/i);
  }
  // The FAQ keeps its answer's first sentence.
  expect(await page(t, "/contact")).toContain("We accept cash deposit.");
  expect(islandPropsOf<PaymentDialogProps>(await page(t, "/services"), "PaymentDialog").plansPromised).toBe(false);
});
