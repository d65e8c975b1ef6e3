/**
 * A customer waiting on a slow PayPal gets PayPal's answer (decision 096). Bun closes a connection
 * idle for 10 s even while its answer is being worked on; the binary keeps the connection of a
 * request that waits on PayPal open as long as PayPal may take, so a capture PayPal answers after
 * 20 s still reaches the customer as paid, on the same connection.
 */
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { cartLine, customerWithSession } from "../factories";
import { startPayPalStandIn, standInEnv } from "../helpers/paypal-stand-in";
import { testAddress } from "../helpers/shop";
import { dataDir, freePort, killLeftovers, startInstance, stopInstance } from "./lib";

const standIn = startPayPalStandIn();
afterAll(async () => {
  await killLeftovers();
  await standIn.close();
});

test("a capture PayPal answers after 20 s reaches the customer as paid", async () => {
  const product = "covert-dash-cam-4k";
  const dir = dataDir("slow-answers");
  await stopInstance(await startInstance(dir, freePort()));
  const db = openDatabase(join(dir, "pi-site.db"));
  db.$client.query("UPDATE products SET stock_quantity = 100, is_active = 1 WHERE slug = ?").run(product);
  const { cookie, userId } = customerWithSession(db, "payer@example.com");
  cartLine(db, userId, product);
  db.$client.close();

  // One PayPal call may take up to 30 s here, so the wait below is PayPal's answer, not a timeout.
  const site = await startInstance(dir, freePort(), { ...standInEnv(standIn), PAYPAL_TIMEOUT_MS: "30000" });
  const post = (path: string, body?: unknown) =>
    fetch(`${site.base}${path}`, {
      method: "POST",
      headers: { Origin: site.base, Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  try {
    const placed = await post("/api/orders", { shippingAddress: testAddress, paymentMethod: "paypal" });
    expect(placed.status).toBe(201);
    const { orderNumber } = (await placed.json()) as { orderNumber: string };
    const created = await post("/paypal/order", { orderNumber });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    Object.assign(standIn.behaviour, { capture: "slow-once", delayMs: 20_000 });
    const started = performance.now();
    const captured = await post(`/paypal/order/${id}/capture`);
    const seconds = (performance.now() - started) / 1000;
    expect({ status: captured.status, waitedForPayPal: seconds >= 20 }).toEqual({ status: 200, waitedForPayPal: true });
    expect(await captured.json()).toMatchObject({ id, status: "COMPLETED" });
    const paid = openDatabase(join(dir, "pi-site.db"));
    try {
      expect(paid.$client.query("SELECT payment_status FROM orders WHERE order_number = ?").get(orderNumber)).toEqual({ payment_status: "paid" });
    } finally {
      paid.$client.close();
    }
    // PayPal was asked once: the answer came on the first try, and the customer was there to hear it.
    expect(standIn.requestsTo(/\/capture$/)).toHaveLength(1);
  } finally {
    Object.assign(standIn.behaviour, { capture: "ok", delayMs: 0 });
    await stopInstance(site);
  }
}, 90_000);
