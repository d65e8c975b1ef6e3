/**
 * The money of an order, as a property over many random carts, settings and payment methods: what
 * the checkout shows for the chosen method (its page data, and the total on the page it renders) is
 * what placing the order stores and, paid by PayPal, what PayPal is asked to charge, to the cent;
 * and it follows the rules (free shipping judged on the goods before the discount, GST one eleventh
 * of the total). The cases come from a seeded generator: a failure names its seed, and
 * `MONEY_SEED=<seed> bun test src/pages/checkout-money.test.ts` replays it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { testOrigin } from "../../tests/helpers/browser";
import { startPayPalStandIn, standInEnv, type PayPalStandIn } from "../../tests/helpers/paypal-stand-in";
import { customerWithSession, paymentDetails } from "../../tests/factories";
import { testAddress } from "../../tests/helpers/shop";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { getCart } from "../db/cart.server";
import { placeOrder } from "../db/orders.server";
import { cartItems, categories, orders, products } from "../db/schema";
import { updateSetting } from "../db/settings.server";
import { formatMoney } from "../domain/format";
import { centsToDecimal } from "../domain/pricing";
import { orderPaymentMethods, type OrderPaymentMethod } from "../shared/checkout";
import { checkoutData } from "../reads/checkout.server";
import { seededRandom } from "../../tests/helpers/seeded-random";

const cases = 100;
const baseSeed = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Integers, picks and chances from a seeded generator, so every case can be replayed from its seed. */
function generator(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { int, pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T, chance: (p: number) => next() < p };
}

type Generated = {
  settings: { freeShippingThreshold: number; flatShippingFee: number; gstEnabled: boolean; abn: string; cryptoDiscountPercent: number };
  method: OrderPaymentMethod;
  lines: { productId: number; priceCents: number; saleCents: number | null; quantity: number }[];
};

/** One random case: settings with cents and whole dollars, 1 to 5 products, some on sale, quantities 1 to 6. */
function generate(seed: number, productIds: number[]): Generated {
  const r = generator(seed);
  const amount = (maxDollars: number) => (r.chance(0.5) ? r.int(0, maxDollars) : r.int(0, maxDollars * 100) / 100);
  const count = r.int(1, Math.min(5, productIds.length));
  const left = [...productIds];
  const chosen = Array.from({ length: count }, () => left.splice(r.int(0, left.length - 1), 1)[0] as number);
  return {
    settings: {
      freeShippingThreshold: r.chance(0.1) ? 0 : amount(600),
      flatShippingFee: r.chance(0.1) ? 0 : amount(40),
      gstEnabled: r.chance(0.7),
      // GST is charged only with an ABN (decision 068): some cases have none.
      abn: r.chance(0.8) ? "51824753556" : "",
      cryptoDiscountPercent: r.pick([0, 5, 10, 12.5, 33.33, r.int(0, 90)]),
    },
    method: r.pick(orderPaymentMethods),
    lines: chosen.map((productId) => {
      const priceCents = r.int(1, 120_000);
      const saleCents = r.chance(0.35) ? r.int(1, priceCents) : null;
      return { productId, priceCents, saleCents, quantity: r.int(1, 6) };
    }),
  };
}

/** The rules written out independently of the code under test, in cents. */
function expectedCents(g: Generated) {
  const unit = (l: Generated["lines"][number]) => (l.saleCents !== null && l.saleCents < l.priceCents ? l.saleCents : l.priceCents);
  const subtotal = g.lines.reduce((sum, l) => sum + unit(l) * l.quantity, 0);
  const shipping = subtotal >= Math.round(g.settings.freeShippingThreshold * 100) ? 0 : Math.round(g.settings.flatShippingFee * 100);
  const discount = g.method === "crypto" ? Math.round((subtotal * g.settings.cryptoDiscountPercent) / 100) : 0;
  const total = subtotal + shipping - discount;
  return { subtotal, shipping, discount, total, gst: g.settings.gstEnabled && g.settings.abn !== "" ? Math.round(total / 11) : 0 };
}

let standIn: PayPalStandIn;
let t: TestApp;
let productIds: number[];
beforeAll(() => {
  standIn = startPayPalStandIn();
  t = createTestApp({ ...standInEnv(standIn), PAYPAL_TIMEOUT_MS: "2000" });
  // Every method on offer (decision 067): the owner's real bank account and a crypto address.
  paymentDetails(t.db);
  // Products the shop sells (active, in an active category); none restricted or held for an ID check, so every order is payable.
  productIds = t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.isActive, true))
    .all()
    .map((p) => p.id);
  t.db.update(products).set({ requiresVerification: false, restrictedStates: [] }).where(inArray(products.id, productIds)).run();
});
afterAll(() => {
  t.close();
  standIn.close();
});

/** Sets the case's settings, prices and cart up for a new customer; answers the customer. */
function setUp(g: Generated, n: number) {
  for (const [key, value] of Object.entries(g.settings)) {
    if (!updateSetting(t.db, key, value).ok) throw new Error(`setting ${key} = ${value} refused`);
  }
  for (const l of g.lines) {
    t.db
      .update(products)
      .set({ price: centsToDecimal(l.priceCents), salePrice: l.saleCents === null ? null : centsToDecimal(l.saleCents), stockQuantity: 50 })
      .where(eq(products.id, l.productId))
      .run();
  }
  const customer = customerWithSession(t.db, `money-${n}@example.com`);
  t.db
    .insert(cartItems)
    .values(g.lines.map((l) => ({ userId: customer.userId, productId: l.productId, quantity: l.quantity })))
    .run();
  return customer;
}

/** One case: the checkout follows the rules, its page shows them, and the order and PayPal take exactly them. */
async function checkCase(g: Generated, n: number) {
  const customer = setUp(g, n);
  const expected = expectedCents(g);
  const data = checkoutData(t.deps, customer.userId);
  const shown = data.priced[g.method];
  if (!shown) throw new Error(`${g.method} is not offered`);
  expect({
    subtotal: shown.subtotalCents,
    shipping: shown.adjustments.find((a) => a.kind === "shipping")?.cents,
    discount: 0 - shown.adjustments.filter((a) => a.kind === "discount").reduce((sum, a) => sum + a.cents, 0),
    total: shown.totalCents,
    gst: shown.gstCents,
  }).toEqual(expected);
  const cart = getCart(t.db, customer.userId);
  expect({ subtotal: cart.subtotal, shipping: cart.shipping }).toEqual({
    subtotal: centsToDecimal(expected.subtotal),
    shipping: centsToDecimal(expected.shipping),
  });

  // The page as first rendered (and as it stays with JavaScript off) shows the bank-transfer total until a method is chosen.
  const page = await (await t.request("/checkout", { headers: { Cookie: customer.cookie } })).text();
  const pageTotal = formatMoney((data.priced.bank_transfer?.totalCents ?? Number.NaN) / 100, "USD").replace(/[$.]/g, "\\$&");
  expect(page).toMatch(new RegExp(`data-testid="checkout-total"[^>]*>${pageTotal}<`));

  const placed = placeOrder(t.db, customer.userId, { shippingAddress: testAddress, paymentMethod: g.method });
  if (!placed.ok) throw new Error(`order not placed: ${placed.reason}`);
  const stored = t.db.select().from(orders).where(eq(orders.id, placed.order.id)).get();
  const { subtotal, discountAmount, shippingAmount, taxAmount, totalAmount } = stored ?? {};
  // The same figures the checkout was shown to hold above, so the order stores what the customer saw.
  expect({ subtotal, discountAmount, shippingAmount, taxAmount, totalAmount }).toEqual({
    subtotal: centsToDecimal(expected.subtotal),
    discountAmount: centsToDecimal(expected.discount),
    shippingAmount: centsToDecimal(expected.shipping),
    taxAmount: centsToDecimal(expected.gst),
    totalAmount: centsToDecimal(expected.total),
  });

  if (g.method === "paypal") {
    t.setIp(`198.51.100.${(n % 250) + 1}`); // one address per order, under the PayPal rate limit
    const res = await t.json("/paypal/order", { orderNumber: placed.order.orderNumber }, { headers: { Cookie: customer.cookie, Origin: testOrigin } });
    expect(res.status).toBe(201);
    const asked = standIn.requestsTo("/v2/checkout/orders").at(-1)?.body as { purchase_units: { amount: { value: string } }[] };
    expect(asked.purchase_units[0]?.amount.value).toBe(centsToDecimal(shown.totalCents));
  }
}

test(`checkout, the stored order and the PayPal request agree to the cent over ${cases} random carts`, async () => {
  expect(productIds.length).toBeGreaterThan(2);
  const methodsSeen = new Set<OrderPaymentMethod>();
  for (let n = 0; n < cases; n++) {
    const seed = (baseSeed + n) >>> 0;
    const g = generate(seed, productIds);
    try {
      await checkCase(g, n);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`money case with seed ${seed} failed (MONEY_SEED=${seed} runs it first): ${JSON.stringify(g)}\n${why}`);
    }
    methodsSeen.add(g.method);
  }
  // Each method is drawn in a run of this length, unless the generator is broken.
  expect([...methodsSeen].sort()).toEqual([...orderPaymentMethods].sort());
}, 60_000); // 100 whole checkouts: 3-5 s alone, more on a busy 2-core machine
