/**
 * The cost of the continuous copy (decision 078): the checkout and booking loads run against the
 * binary twice, once without a replica and once with Litestream copying to a directory
 * (LITESTREAM_REPLICA_URL=file://...), and their rows are shown side by side.
 *
 * - checkout: BENCH_CHECKOUT_CLIENTS (50) customers at once, each adding one item to a fresh
 *   customer's cart and checking out (bank transfer), for BENCH_SECONDS;
 * - booking: 50 customers booking at once, each on their own slot, a fresh customer per booking,
 *   for BENCH_SECONDS.
 *
 * Env: BENCH_SECONDS (default 10). About 70 s. Run alone: bun scripts/bench/replication.ts
 */
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { products } from "../../src/db/schema";
import { generateSlots } from "../../src/db/timeslots.server";
import { publicHoliday } from "../../src/domain/holidays";
import { businessToday, lastBookableDate } from "../../src/domain/slots";
import { defaultSettings } from "../../src/shared/settings";
import { customerWithSession } from "../../tests/factories";
import { testAddress } from "../../tests/helpers/shop";
import {
  BenchError,
  type Check,
  type Child,
  envNumber,
  fmtInt,
  fmtMs,
  HOST,
  log,
  type PartResult,
  removeDir,
  requireBinary,
  root,
  runStandalone,
  seededDataDir,
  spawnChild,
  stopChild,
  table,
  tempDir,
  waitForOk,
} from "./lib";

const litestream = join(root, "node_modules/@flydotio/litestream-linux-x64/litestream");
const PRODUCT_SLUG = "covert-body-worn-camera-4k";

type Row = { perSecond: number; p50Ms: number; p99Ms: number; failures: number };
export type ReplicationBenchData = Record<"off" | "on", { checkout: Row; booking: Row }>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** Runs `once` from `workers` loops for `seconds`; answers the rate and latencies of the 201 answers. */
async function load(workers: number, seconds: number, once: (w: number) => Promise<number | null>): Promise<Row> {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < deadline) {
        const ms = await once(w);
        if (ms === null) failures++;
        else if (Number.isNaN(ms)) return;
        else latencies.push(ms);
      }
    }),
  );
  const elapsed = (performance.now() - t) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / elapsed, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), failures };
}

/** One run of both loads on a fresh data folder, with or without the copy. */
async function run(mode: "off" | "on", seconds: number, clients: number) {
  const { dataDir, port, base } = await seededDataDir(`replication-${mode}`);
  const replica = tempDir(`replication-copy`);
  let child: Child | null = null;
  try {
    const db = openDatabase(join(dataDir, "pi-site.db"));
    const product = db
      .update(products)
      .set({ stockQuantity: 1_000_000, isActive: true })
      .where(eq(products.slug, PRODUCT_SLUG))
      .returning({ id: products.id })
      .get();
    if (!product) throw new BenchError(`no product ${PRODUCT_SLUG} in the seed`);
    const tz = defaultSettings.timezone;
    const now = new Date();
    generateSlots(db, businessToday(now, tz), lastBookableDate(now, tz), defaultSettings.businessHours, tz);
    db.$client.query("UPDATE time_slots SET max_bookings = 100000").run();
    // Public holidays have slot rows but are closed (decision 077).
    const slots = db.$client
      .query<{ date: string; time: string }, [string]>("SELECT date, time FROM time_slots WHERE date > ? ORDER BY date, time")
      .all(businessToday(now, tz))
      .filter((s) => publicHoliday(s.date) === null);
    if (slots.length < 50) throw new BenchError(`only ${slots.length} slots`);
    const [first, second] = slots;
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const slotsPerHour = first && second && first.date === second.date ? Math.max(1, Math.ceil(60 / (minutes(second.time) - minutes(first.time)))) : 1;
    const buyers = Array.from({ length: 3000 }, (_, i) => customerWithSession(db, `bench-${mode}-buy${i}@example.com`).cookie);
    const bookers = Array.from({ length: 3000 }, (_, i) => {
      const email = `bench-${mode}-book${i}@example.com`;
      return { email, cookie: customerWithSession(db, email).cookie };
    });
    db.$client.close();

    const env = mode === "on" ? { LITESTREAM_REPLICA_URL: `file://${replica}/db`, LITESTREAM_PATH: litestream } : { LITESTREAM_REPLICA_URL: "" };
    child = spawnChild([requireBinary()], { PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: "error", SMTP_URL: "", ...env });
    await waitForOk(`${base}/healthz`, child);
    // The first full copy is made at start; the load begins after it.
    if (mode === "on") await Bun.sleep(2_000);

    let buyer = 0;
    log("replication", `${mode}: ${clients} customers checking out for ${seconds}s`);
    const checkout = await load(clients, seconds, async () => {
      const cookie = buyers[buyer++];
      if (!cookie) return Number.NaN;
      const headers = { "Content-Type": "application/json", Cookie: cookie, Origin: base };
      const added = await fetch(`${base}/api/cart/items`, { method: "POST", headers, body: JSON.stringify({ productId: product.id, quantity: 1 }) });
      await added.arrayBuffer();
      if (!added.ok) return null;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/orders`, {
        method: "POST",
        headers,
        body: JSON.stringify({ shippingAddress: testAddress, paymentMethod: "cash_deposit" }),
      });
      await res.arrayBuffer();
      return res.status === 201 ? performance.now() - t0 : null;
    });
    let booker = 0;
    const failedBy = new Map<string, number>();
    log("replication", `${mode}: 50 customers booking for ${seconds}s`);
    // A booking holds its package's length (decision 070): each takes the next free hour, so a
    // refusal is a real failure, not two customers on one time.
    let nextSlot = 0;
    const booking = await load(50, seconds, async () => {
      const who = bookers[booker++];
      const slot = slots[nextSlot];
      nextSlot += slotsPerHour;
      if (!who || !slot) return Number.NaN;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/bookings/calendar`, {
        method: "POST",
        headers: { Cookie: who.cookie, Origin: base, "Content-Type": "application/json" },
        body: JSON.stringify({
          // A one-hour package: Partner Check holds its whole day (decision 070), so a second booking that day is refused.
          serviceName: "Discreet Check Up",
          servicePrice: 75,
          appointmentDate: slot.date,
          appointmentTime: slot.time,
          duration: 60,
          contactPhone: "0400 000 000",
          contactEmail: who.email,
        }),
      });
      const body = await res.text();
      if (res.status === 201) return performance.now() - t0;
      const why = `booking ${res.status} ${body.slice(0, 120)}`;
      failedBy.set(why, (failedBy.get(why) ?? 0) + 1);
      return null;
    });
    for (const [why, n] of failedBy) log("replication", `${mode}: failed x${n}: ${why}`);
    if (buyer >= buyers.length || booker >= bookers.length) log("replication", "customers ran out before the time did: the rate is a floor");
    return { checkout, booking };
  } finally {
    if (child) await stopChild(child);
    removeDir(dataDir);
    removeDir(replica);
  }
}

export async function runReplicationBench(): Promise<PartResult<ReplicationBenchData>> {
  requireBinary();
  const started = performance.now();
  const seconds = envNumber("BENCH_SECONDS", 10);
  const clients = envNumber("BENCH_CHECKOUT_CLIENTS", 50);
  const data: ReplicationBenchData = { off: await run("off", seconds, clients), on: await run("on", seconds, clients) };
  const change = (on: number, off: number) => `${on >= off ? "+" : ""}${(((on - off) / off) * 100).toFixed(0)}%`;
  const rows = (["checkout", "booking"] as const).flatMap((kind) =>
    (["off", "on"] as const).map((mode) => {
      const r = data[mode][kind];
      return [kind, mode === "on" ? "on (directory)" : "off", fmtInt(r.perSecond), fmtMs(r.p50Ms), fmtMs(r.p99Ms), String(r.failures)];
    }),
  );
  const checks: Check[] = (["checkout", "booking"] as const).flatMap((kind) => [
    {
      part: "replication",
      metric: `${kind} per second, copy on vs off`,
      value: `${fmtInt(data.on[kind].perSecond)} vs ${fmtInt(data.off[kind].perSecond)} (${change(data.on[kind].perSecond, data.off[kind].perSecond)})`,
      target: "",
      ok: null,
    },
    {
      part: "replication",
      metric: `${kind} p99, copy on vs off`,
      value: `${fmtMs(data.on[kind].p99Ms)} vs ${fmtMs(data.off[kind].p99Ms)}`,
      target: "",
      ok: null,
    },
    // The copy must add no refusal: the same load without it is the measure.
    {
      part: "replication",
      metric: `${kind} failures, copy on vs off`,
      value: `${data.on[kind].failures} vs ${data.off[kind].failures}`,
      target: "on ≤ off",
      ok: data.on[kind].failures <= data.off[kind].failures,
    },
  ]);
  const markdown = [
    "## Checkout and booking with the continuous copy (Litestream) off and on",
    "",
    `${clients} customers checking out and 50 booking, ${seconds} s each, without a replica and with Litestream copying to a directory:`,
    "",
    table(["load", "copy", "per second", "p50", "p99", "failures"], rows),
  ].join("\n");
  return { part: "replication", durationMs: performance.now() - started, checks, markdown, data };
}

if (import.meta.main) await runStandalone(runReplicationBench);
