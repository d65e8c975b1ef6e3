/**
 * Checkout under load: 50 clients at once, each in a loop putting one item in a customer's cart
 * (`POST /api/cart/items`) and checking out (`POST /api/orders`, bank transfer) against the
 * binary, for BENCH_SECONDS. Each checkout is a fresh customer's, so the per-customer rate limit is
 * not what is measured. Every checkout is an immediate transaction that takes stock, writes the
 * order, its items, its history and two e-mails to the outbox, so this measures the write path the
 * shop depends on. Reported: checkouts per second and the checkout's p50/p99 latency (target p99
 * < 250 ms with 50 at once on 2 cores), and the stock taken against the orders placed (must match).
 *
 * 1. The binary starts once on a temporary data dir (migrations and seed), then stops.
 * 2. Customers with sessions (BENCH_CHECKOUT_CUSTOMERS, 4000) are written straight into the
 *    database; the product's stock is set
 *    high enough never to run out.
 * 3. The binary starts again, each client runs its loop, then the database is read back.
 *
 * Env: BENCH_SECONDS (default 10), BENCH_CHECKOUT_CLIENTS (50), BENCH_CHECKOUT_CUSTOMERS (4000).
 * About 20 s.
 *
 * Run alone: bun scripts/bench/checkout.ts
 */
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { products } from "../../src/db/schema";
import { customerWithSession } from "../../tests/factories";
import { testAddress } from "../../tests/helpers/shop";
import {
  BenchError,
  type Child,
  type Check,
  envNumber,
  fmtInt,
  fmtMs,
  log,
  type PartResult,
  removeDir,
  seededDataDir,
  requireBinary,
  runStandalone,
  startBinary,
  stopChild,
  table,
  waitForOk,
} from "./lib";

const P99_TARGET_MS = 250;
const STOCK = 1_000_000;
const PRODUCT_SLUG = "covert-body-worn-camera-4k";

export type CheckoutBenchData = {
  clients: number;
  seconds: number;
  checkouts: number;
  failures: Record<string, number>;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  stockTaken: number;
  ordersInDatabase: number;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Customers with sessions and a product that cannot run out; answers their cookies and the product id. */
function prepare(file: string, customers: number): { cookies: string[]; productId: number } {
  const db = openDatabase(file);
  try {
    const product = db
      .update(products)
      .set({ stockQuantity: STOCK, isActive: true })
      .where(eq(products.slug, PRODUCT_SLUG))
      .returning({ id: products.id })
      .get();
    if (!product) throw new BenchError(`no product ${PRODUCT_SLUG} in the seed`);
    const cookies = Array.from({ length: customers }, (_, i) => customerWithSession(db, `bench-buyer${i}@example.com`).cookie);
    return { cookies, productId: product.id };
  } finally {
    db.$client.close();
  }
}

export async function runCheckoutBench(): Promise<PartResult<CheckoutBenchData>> {
  requireBinary();
  const started = performance.now();
  const seconds = envNumber("BENCH_SECONDS", 10);
  const clients = envNumber("BENCH_CHECKOUT_CLIENTS", 50);
  const customers = envNumber("BENCH_CHECKOUT_CUSTOMERS", 4000);
  const { dataDir, port, base } = await seededDataDir("checkout");
  let child: Child | null = null;
  try {
    const file = join(dataDir, "pi-site.db");
    const { cookies, productId } = prepare(file, customers);
    child = startBinary({ port, dataDir, logLevel: "error" });
    await waitForOk(`${base}/healthz`, child);

    const latencies: number[] = [];
    const failures: Record<string, number> = {};
    const deadline = performance.now() + seconds * 1000;
    let next = 0;
    const client = async () => {
      while (performance.now() < deadline && next < cookies.length) {
        const headers = { "Content-Type": "application/json", Cookie: cookies[next++] as string, Origin: base };
        const added = await fetch(`${base}/api/cart/items`, { method: "POST", headers, body: JSON.stringify({ productId, quantity: 1 }) });
        await added.arrayBuffer();
        if (!added.ok) {
          failures[`cart ${added.status}`] = (failures[`cart ${added.status}`] ?? 0) + 1;
          continue;
        }
        const t0 = performance.now();
        const res = await fetch(`${base}/api/orders`, {
          method: "POST",
          headers,
          body: JSON.stringify({ shippingAddress: testAddress, paymentMethod: "cash_deposit" }),
        });
        await res.arrayBuffer();
        if (res.status === 201) latencies.push(performance.now() - t0);
        else failures[`checkout ${res.status}`] = (failures[`checkout ${res.status}`] ?? 0) + 1;
      }
    };
    log("checkout", `${clients} customers checking out for ${seconds}s`);
    const t = performance.now();
    await Promise.all(Array.from({ length: clients }, client));
    if (next >= cookies.length) log("checkout", `all ${customers} customers used before the time ran out: raise BENCH_CHECKOUT_CUSTOMERS`);
    const elapsed = (performance.now() - t) / 1000;
    await stopChild(child);

    const db = new Database(file, { readonly: true });
    const stock = db.query<{ s: number }, [number]>("SELECT stock_quantity AS s FROM products WHERE id = ?").get(productId)?.s ?? Number.NaN;
    const orders = db.query<{ n: number }, []>("SELECT count(*) AS n FROM orders").get()?.n ?? Number.NaN;
    db.close();

    const sorted = [...latencies].sort((a, b) => a - b);
    const data: CheckoutBenchData = {
      clients,
      seconds,
      checkouts: latencies.length,
      failures,
      perSecond: latencies.length / elapsed,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      stockTaken: STOCK - stock,
      ordersInDatabase: orders,
    };
    const consistent = data.stockTaken === data.checkouts && data.ordersInDatabase === data.checkouts;
    const checks: Check[] = [
      {
        part: "checkout",
        metric: `POST /api/orders p99 (${clients} at once)`,
        value: fmtMs(data.p99Ms),
        target: `< ${P99_TARGET_MS} ms`,
        ok: data.p99Ms < P99_TARGET_MS && Object.keys(failures).length === 0,
      },
      { part: "checkout", metric: "POST /api/orders p50", value: fmtMs(data.p50Ms), target: "", ok: null },
      { part: "checkout", metric: "checkouts per second", value: fmtInt(data.perSecond), target: "", ok: null },
      {
        part: "checkout",
        metric: "stock taken = orders placed = 201 answers",
        value: `${fmtInt(data.stockTaken)} / ${fmtInt(data.ordersInDatabase)} / ${fmtInt(data.checkouts)}`,
        target: "equal",
        ok: consistent,
      },
    ];
    const markdown = [
      "## Checkout",
      "",
      `${clients} signed-in customers at once, each adding one item to the cart and checking out (bank transfer) in a loop for ${seconds} s:`,
      "",
      table(
        ["checkouts", "per second", "p50", "p99", `p99 < ${P99_TARGET_MS} ms`, "failures", "stock taken", "orders stored"],
        [
          [
            fmtInt(data.checkouts),
            fmtInt(data.perSecond),
            fmtMs(data.p50Ms),
            fmtMs(data.p99Ms),
            data.p99Ms < P99_TARGET_MS ? "yes" : "no",
            Object.entries(failures)
              .map(([k, v]) => `${k}: ${v}`)
              .join(", ") || "none",
            fmtInt(data.stockTaken),
            fmtInt(data.ordersInDatabase),
          ],
        ],
      ),
    ].join("\n");
    return { part: "checkout", durationMs: performance.now() - started, checks, markdown, data };
  } finally {
    if (child) await stopChild(child);
    removeDir(dataDir);
  }
}

if (import.meta.main) await runStandalone(runCheckoutBench);
