/**
 * kill -9 at the worst moments, against the binary: during a rush of checkouts, and while a PayPal
 * capture is under way (the stand-in has taken the money, its answer has not arrived). After the
 * restart no order a customer was told about is lost, the database is intact, and no order is
 * paid twice: the customer's retry is answered from PayPal's idempotent capture, and the payment
 * check finds a capture nobody retried.
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { cartLine, customerWithSession } from "../factories";
import { startPayPalStandIn, standInEnv } from "../helpers/paypal-stand-in";
import { testAddress } from "../helpers/shop";
import { dataDir, freePort, killLeftovers, startInstance, stopInstance, waitFor } from "./lib";

const standIn = startPayPalStandIn();
afterAll(async () => {
  await killLeftovers();
  await standIn.close();
});

const product = "covert-dash-cam-4k";

/** A data directory the binary has set up, with `n` customers each holding one product in the cart. */
async function siteWithCarts(name: string, n: number) {
  const dir = dataDir(name);
  const port = freePort();
  await stopInstance(await startInstance(dir, port));
  const db = openDatabase(join(dir, "pi-site.db"));
  db.$client.query("UPDATE products SET stock_quantity = 100000, is_active = 1 WHERE slug = ?").run(product);
  const cookies = Array.from({ length: n }, (_, i) => {
    const c = customerWithSession(db, `${name}${i}@example.com`);
    cartLine(db, c.userId, product);
    return c.cookie;
  });
  db.$client.close();
  return { dir, port, cookies };
}

const checkout = (base: string, cookie: string, paymentMethod: string) =>
  fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ shippingAddress: testAddress, paymentMethod }),
  });

test("kill -9 during a rush of checkouts: every order answered 201 is there after the restart, once, and the database is intact", async () => {
  const { dir, port, cookies } = await siteWithCarts("kill-checkout", 300);
  const site = await startInstance(dir, port);
  const acknowledged: string[] = [];
  let next = 0;
  const client = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++] as string;
      try {
        const res = await checkout(site.base, cookie, "cash_deposit");
        if (res.status === 201) acknowledged.push(((await res.json()) as { orderNumber: string }).orderNumber);
      } catch {
        return; // the process is gone
      }
    }
  };
  const clients = Promise.all(Array.from({ length: 16 }, client));
  await waitFor("some orders", () => acknowledged.length >= 20);
  site.proc.kill("SIGKILL");
  await clients;
  await site.exited;
  expect(acknowledged.length).toBeLessThan(cookies.length);

  const again = await startInstance(dir, port);
  const db = new Database(join(dir, "pi-site.db"), { readonly: true });
  try {
    expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    const orders = db
      .query<{ n: string; items: number }, []>("SELECT order_number AS n, (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) AS items FROM orders o")
      .all();
    const numbers = new Set(orders.map((o) => o.n));
    expect(acknowledged.filter((n) => !numbers.has(n))).toEqual([]);
    // No half-written order: each has its one line; no customer has two.
    expect(orders.every((o) => o.items === 1)).toBe(true);
    const perCustomer = db.query<{ most: number }, []>("SELECT max(c) AS most FROM (SELECT count(*) AS c FROM orders GROUP BY user_id)").get();
    expect(perCustomer?.most).toBe(1);
  } finally {
    db.close();
  }
  expect(await stopInstance(again)).toBe(0);
}, 60_000);

/** A customer's PayPal order for their shop order, created through the site; answers the PayPal order id. */
async function paypalOrder(base: string, cookie: string) {
  const placed = await checkout(base, cookie, "paypal");
  expect(placed.status).toBe(201);
  const { orderNumber } = (await placed.json()) as { orderNumber: string };
  const created = await fetch(`${base}/paypal/order`, {
    method: "POST",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ orderNumber }),
  });
  expect(created.status).toBe(201);
  return { orderNumber, paypalId: ((await created.json()) as { id: string }).id };
}

/** The capture request; it never answers when the process is killed under it. */
const capture = (base: string, cookie: string, paypalId: string) =>
  fetch(`${base}/paypal/order/${paypalId}/capture`, { method: "POST", headers: { Origin: base, Cookie: cookie } }).catch(() => null);

function paymentState(dir: string, orderNumber: string) {
  const db = new Database(join(dir, "pi-site.db"), { readonly: true });
  try {
    const order = db.query<{ paymentStatus: string }, [string]>("SELECT payment_status AS paymentStatus FROM orders WHERE order_number = ?").get(orderNumber);
    const payments = db
      .query<{ status: string }, [string]>("SELECT p.status FROM payments p JOIN orders o ON o.id = p.shop_order_id WHERE o.order_number = ? ORDER BY p.id")
      .all(orderNumber)
      .map((p) => p.status);
    return { paid: order?.paymentStatus, payments };
  } finally {
    db.close();
  }
}

/**
 * A site whose one customer's PayPal capture PayPal carries out, answering slowly, while the
 * process is killed (kill -9) before the answer arrives; answers what the restart needs. The
 * capture the browser was waiting for is lost (null).
 */
async function killedDuringCapture(name: string) {
  const { dir, port, cookies } = await siteWithCarts(name, 1);
  const cookie = cookies[0] as string;
  const env = standInEnv(standIn);
  const site = await startInstance(dir, port, env);
  const { orderNumber, paypalId } = await paypalOrder(site.base, cookie);
  Object.assign(standIn.behaviour, { capture: "slow", delayMs: 3_000 });
  const before = standIn.stats.capturesExecuted;
  const lost = capture(site.base, cookie, paypalId);
  await waitFor("PayPal to capture", () => standIn.stats.capturesExecuted === before + 1);
  site.proc.kill("SIGKILL");
  const answer = await lost;
  await site.exited;
  Object.assign(standIn.behaviour, { capture: "ok", delayMs: 0 });
  return { dir, port, cookie, env, orderNumber, paypalId, before, answer };
}

test("kill -9 while PayPal captures: the customer's retry after the restart is answered from the same capture, paid once", async () => {
  // PayPal takes the money, then its answer is slow: the process dies before it arrives.
  const { dir, port, cookie, env, orderNumber, paypalId, before, answer } = await killedDuringCapture("kill-capture");
  expect(answer).toBeNull();
  expect(paymentState(dir, orderNumber).paid).not.toBe("paid");

  const again = await startInstance(dir, port, env);
  const retried = await capture(again.base, cookie, paypalId);
  expect(retried?.status).toBe(200);
  expect(standIn.stats.capturesExecuted).toBe(before + 1);
  // A third try, as a double click would: still the one capture.
  expect((await capture(again.base, cookie, paypalId))?.status).toBe(200);
  expect(standIn.stats.capturesExecuted).toBe(before + 1);
  expect(paymentState(dir, orderNumber)).toEqual({ paid: "paid", payments: ["completed"] });
  expect(await stopInstance(again)).toBe(0);
}, 60_000);

test("kill -9 while PayPal captures and nobody retries: the payment check after the restart records the capture, once", async () => {
  const { dir, port, env, orderNumber, before } = await killedDuringCapture("kill-capture-check");

  // The payment check leaves payments younger than 5 minutes to their customer; the restarted
  // binary runs 10 minutes later (libfaketime), as after a night's outage.
  const again = await startInstance(dir, port, {
    ...env,
    LD_PRELOAD: "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
    FAKETIME: "+10m",
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
  });
  await waitFor("the payment check to record the capture", () => paymentState(dir, orderNumber).paid === "paid", 30_000);
  expect(paymentState(dir, orderNumber)).toEqual({ paid: "paid", payments: ["completed"] });
  expect(standIn.stats.capturesExecuted).toBe(before + 1);
  expect(await stopInstance(again)).toBe(0);
}, 60_000);
