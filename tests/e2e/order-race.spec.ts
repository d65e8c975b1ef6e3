/**
 * The last items of a product, fought over: 100 customers each with one in the cart check out at
 * the same moment against the binary. Exactly as many orders are placed as there were items, every
 * other checkout is told the product ran out (409, naming it), the stock ends at zero, never below,
 * and no request fails with a 500.
 */
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dbHelper, startBinary, stopBinary } from "./binary-cli";

const buyers = 100;
const stock = 3;

let dataDir: string;
test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "pi-site-order-race-"));
});
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test(`${buyers} simultaneous checkouts of a product with stock ${stock} place exactly ${stock} orders`, async () => {
  test.setTimeout(60_000);
  // The first start migrates and seeds; the helper then adds the customers and their carts.
  await stopBinary(await startBinary(dataDir));
  const { cookies, productId } = dbHelper<{ cookies: string[]; productId: number }>(["checkout", dataDir, String(buyers), String(stock)]);
  const site = await startBinary(dataDir);
  try {
    const body = JSON.stringify({
      shippingAddress: { name: "Ann Lee", line1: "1 King William St", suburb: "Adelaide", state: "SA", postcode: "5000", phone: "0412 345 678" },
      // Always on offer; bank transfer needs the owner's real details (decision 067).
      paymentMethod: "cash_deposit",
    });
    const answers = await Promise.all(
      cookies.map(async (cookie) => {
        const res = await fetch(`${site.url}/api/orders`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookie, Origin: site.url },
          body,
        });
        return { status: res.status, body: (await res.json()) as { orderNumber?: string; error?: { code: string; message: string } } };
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(stock);
    expect(statuses.filter((s) => s === 409)).toHaveLength(buyers - stock);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.error?.message).toContain("Covert Body-Worn Camera");

    const db = join(dataDir, "pi-site.db");
    const [row] = dbHelper<{ stock: number; orders: number; items: number }[]>([
      "query",
      db,
      `SELECT (SELECT stock_quantity FROM products WHERE id = ${productId}) AS stock, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_items) AS items`,
    ]);
    expect(row).toEqual({ stock: 0, orders: stock, items: stock });
    const placed = answers.flatMap((a) => (a.body.orderNumber ? [a.body.orderNumber] : []));
    expect(new Set(placed).size).toBe(stock);
  } finally {
    await stopBinary(site);
  }
});
