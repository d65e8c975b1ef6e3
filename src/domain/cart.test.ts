import { expect, test } from "bun:test";
import { buildCart, type CartRow } from "./cart";

const rules = { freeShippingThreshold: 200, flatShippingFee: 15, gstEnabled: true, abn: "51824753556", cryptoDiscountPercent: 10, maxUnitsPerProduct: 10 };

let id = 1;
function row(p: Partial<CartRow>): CartRow {
  const productId = id++;
  return {
    productId,
    slug: `p-${productId}`,
    name: `Product ${productId}`,
    image: "/images/products/placeholder.svg",
    price: "50.00",
    salePrice: null,
    stockQuantity: 10,
    available: true,
    requiresVerification: false,
    restrictedStates: [],
    quantity: 1,
    ...p,
  };
}

test("lines at today's price (sale price when on sale), subtotal and the flat fee below the threshold", () => {
  const cart = buildCart([row({ price: "49.95", quantity: 2 }), row({ price: "60.00", salePrice: "45.50" })], rules);
  expect(cart.items.map((l) => [l.unitPrice, l.lineTotal, l.onSale])).toEqual([
    ["49.95", "99.90", false],
    ["45.50", "45.50", true],
  ]);
  expect(cart).toMatchObject({
    count: 3,
    subtotal: "145.40",
    shipping: "15.00",
    total: "160.40",
    amountToFreeShipping: "54.60",
    qualifiesForFreeShipping: false,
  });
});

test("free shipping from exactly the threshold", () => {
  const cart = buildCart([row({ price: "100.00", quantity: 2 })], rules);
  expect(cart).toMatchObject({ subtotal: "200.00", shipping: "0.00", total: "200.00", amountToFreeShipping: "0.00", qualifiesForFreeShipping: true });
});

test("a line above the stock counts only what is left; sold-out and withdrawn lines count for nothing", () => {
  const cart = buildCart(
    [
      row({ price: "10.00", quantity: 5, stockQuantity: 3 }),
      row({ price: "20.00", quantity: 1, stockQuantity: 0 }),
      row({ price: "30.00", quantity: 2, available: false, requiresVerification: true }),
    ],
    rules,
  );
  expect(cart.items.map((l) => [l.status, l.quantity, l.requestedQuantity, l.maxQuantity, l.lineTotal])).toEqual([
    ["reduced", 3, 5, 3, "30.00"],
    ["out_of_stock", 1, 1, 0, "0.00"],
    ["unavailable", 2, 2, 0, "0.00"],
  ]);
  expect(cart).toMatchObject({ count: 3, subtotal: "30.00", total: "45.00", requiresVerification: false });
});

test("an empty cart has no shipping and the whole threshold to go", () => {
  expect(buildCart([], rules)).toMatchObject({
    items: [],
    count: 0,
    subtotal: "0.00",
    shipping: "0.00",
    total: "0.00",
    amountToFreeShipping: "200.00",
    qualifiesForFreeShipping: false,
  });
});

test("ID verification is flagged when a line that counts requires it", () => {
  expect(buildCart([row({ requiresVerification: true })], rules).requiresVerification).toBe(true);
});
