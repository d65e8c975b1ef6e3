/**
 * Soak: the built binary under a steady mix of page views, sign-ins, bookings and orders for a
 * long time, its memory (RSS) sampled every 10 s. Reports the curve and whether it stays flat
 * within 10% after the warm-up (the first fifth of the run, at least a minute), judged on the median
 * of each window of samples (rssTrend), since single samples swing with garbage collection.
 *
 *   BENCH_SOAK_MINUTES=60 bun scripts/bench/soak.ts      # on its own (default 5 minutes)
 *   BENCH_SOAK_MINUTES=60 bun scripts/bench/run.ts --only=soak
 *   BENCH_SOAK_RPS=40                                      # requests per second of the mix
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { generateSlots } from "../../src/db/timeslots.server";
import { createUser } from "../../src/db/users.server";
import { publicHoliday } from "../../src/domain/holidays";
import { businessToday, lastBookableDate } from "../../src/domain/slots";
import { hashPassword } from "../../src/server/auth/crypto.server";
import { defaultSettings } from "../../src/shared/settings";
import { customerWithSession } from "../../tests/factories";
import { productIdOf, testAddress } from "../../tests/helpers/shop";
import {
  type Check,
  envNumber,
  fmtMiB,
  HOST,
  log,
  type PartResult,
  removeDir,
  requireBinary,
  runStandalone,
  seededDataDir,
  spawnChild,
  stopChild,
  table,
  waitForOk,
} from "./lib";

export type SoakData = {
  minutes: number;
  targetRps: number;
  requests: Record<string, { ok: number; failed: number }>;
  /** Seconds since start, RSS and its parts in bytes, and the database's files, every 10 s. */
  samples: Sample[];
  warmupS: number;
  /** Largest over smallest of the windows' median RSS after the warm-up, minus one. */
  spread: number;
  flat: boolean;
};

type Sample = { s: number; rss: number; anon: number; file: number; dbBytes: number; regions: PrivateRegions };
/** Private memory by where it lives: the C heap (`[heap]`), and anonymous mappings by their size. */
type PrivateRegions = { cHeap: number; huge: number; large: number; small: number };

const PASSWORD = "soak-password-Adelaide-2026";
const PAGES = ["/", "/services", "/about", "/contact", "/shop", "/login", "/api/products", "/shop?sort=price"];
const SAMPLE_MS = 10_000;

/**
 * RSS and its parts: private memory (RssAnon: the heaps, SQLite's page cache) and the executable's
 * and libraries' pages (RssFile, with SQLite's WAL index), with the size of the database and its WAL,
 * so a rise can be told apart from the data growing.
 */
function sampleOf(pid: number, s: number, dbFile: string): Sample {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => {
    const v = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return v ? Number(v) * 1024 : Number.NaN;
  };
  const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
  return { s, rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile"), dbBytes: size(dbFile) + size(`${dbFile}-wal`), regions: privateRegions(pid) };
}

/**
 * Where the private memory lives, from /proc/<pid>/smaps: the C heap grown with brk (`[heap]`), and
 * anonymous mappings of 1 GiB or more (the JavaScript engine reserves its heap so), of 32 MiB to
 * 1 GiB (allocator arenas), and smaller ones (thread stacks, small arenas). A rise in one of them
 * names the allocator that holds it.
 */
function privateRegions(pid: number): PrivateRegions {
  const regions: PrivateRegions = { cHeap: 0, huge: 0, large: 0, small: 0 };
  let into: keyof PrivateRegions | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const bytes = Number.parseInt(mapping[2] as string, 16) - Number.parseInt(mapping[1] as string, 16);
      const path = (mapping[3] ?? "").trim();
      into = path === "[heap]" ? "cHeap" : path !== "" ? null : bytes >= 2 ** 30 ? "huge" : bytes >= 32 * 2 ** 20 ? "large" : "small";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && into) regions[into] += Number(rss[1]) * 1024;
  }
  return regions;
}

export async function runSoak(): Promise<PartResult<SoakData>> {
  requireBinary();
  const started = performance.now();
  const minutes = envNumber("BENCH_SOAK_MINUTES", 5, 0.5);
  const targetRps = envNumber("BENCH_SOAK_RPS", 40);
  const { dataDir, port, base } = await seededDataDir("soak");
  const file = join(dataDir, "pi-site.db");
  const db = openDatabase(file);
  const tz = defaultSettings.timezone;
  const now = new Date();
  generateSlots(db, businessToday(now, tz), lastBookableDate(now, tz), defaultSettings.businessHours, tz);
  db.$client.query("UPDATE time_slots SET max_bookings = 1000000").run();
  db.$client.query("UPDATE products SET stock_quantity = 1000000, is_active = 1 WHERE slug = 'covert-dash-cam-4k'").run();
  const productId = productIdOf(db, "covert-dash-cam-4k");
  const slots = db.$client
    .query<{ date: string; time: string }, [string]>("SELECT date, time FROM time_slots WHERE date > ? ORDER BY date, time")
    .all(businessToday(now, tz))
    // Public holidays keep their slots but are closed (decision 077): booking them is a 409.
    .filter((s) => !publicHoliday(s.date));
  const hash = await hashPassword(PASSWORD);
  const signInEmails = Array.from({ length: 50 }, (_, i) => {
    const email = `soak-signin${i}@example.com`;
    createUser(db, { email, firstName: "Soak", passwordHash: hash, emailVerifiedAt: new Date() });
    return email;
  });

  // Several proxies' worth of addresses, so the per-address limits of the forms are not what is measured.
  const child = spawnChild([requireBinary()], { PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: "error", SMTP_URL: "", TRUST_PROXY: "1" });
  const requests: SoakData["requests"] = {};
  const samples: SoakData["samples"] = [];
  let n = 0;
  const count = (kind: string, ok: boolean) => {
    requests[kind] ??= { ok: 0, failed: 0 };
    requests[kind][ok ? "ok" : "failed"]++;
  };
  const headers = (cookie?: string, json = true): Record<string, string> => ({
    Origin: base,
    "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...(json ? { "Content-Type": "application/json" } : {}),
    ...(cookie ? { Cookie: cookie } : {}),
  });

  const actions: [number, string, () => Promise<boolean>][] = [
    [70, "page view", async () => (await drained(fetch(`${base}${PAGES[n % PAGES.length]}`, { headers: headers() }))).ok],
    [
      10,
      "sign-in",
      async () => {
        const body = new URLSearchParams({ email: signInEmails[n % signInEmails.length] as string, password: PASSWORD, returnTo: "/dashboard" });
        const res = await drained(
          fetch(`${base}/login`, {
            method: "POST",
            headers: { ...headers(undefined, false), "Content-Type": "application/x-www-form-urlencoded" },
            body,
            redirect: "manual",
          }),
        );
        return res.status === 303 && (res.headers.get("location") ?? "").startsWith("/dashboard");
      },
    ],
    [
      10,
      "booking",
      async () => {
        const email = `soak-b${n}@example.com`;
        const { cookie } = customerWithSession(db, email);
        const slot = slots[n % slots.length] as { date: string; time: string };
        const body = JSON.stringify({
          // A one-hour package: Partner Check holds its whole day (decision 070), so a second booking that day is refused.
          serviceName: "Discreet Check Up",
          servicePrice: 75,
          appointmentDate: slot.date,
          appointmentTime: slot.time,
          duration: 60,
          contactPhone: "0400 000 000",
          contactEmail: email,
        });
        return (await drained(fetch(`${base}/api/bookings/calendar`, { method: "POST", headers: headers(cookie), body }))).status === 201;
      },
    ],
    [
      10,
      "order",
      async () => {
        const { cookie } = customerWithSession(db, `soak-o${n}@example.com`);
        const added = await drained(
          fetch(`${base}/api/cart/items`, { method: "POST", headers: headers(cookie), body: JSON.stringify({ productId, quantity: 1 }) }),
        );
        if (!added.ok) return false;
        const body = JSON.stringify({ shippingAddress: testAddress, paymentMethod: "cash_deposit" });
        return (await drained(fetch(`${base}/api/orders`, { method: "POST", headers: headers(cookie), body }))).status === 201;
      },
    ],
  ];
  const pick = (i: number) => {
    let r = (i * 37) % 100;
    for (const a of actions) {
      if (r < a[0]) return a;
      r -= a[0];
    }
    return actions[0] as (typeof actions)[number];
  };

  try {
    await waitForOk(`${base}/healthz`, child);
    const pid = child.proc.pid;
    const t0 = performance.now();
    const deadline = t0 + minutes * 60_000;
    log("soak", `${minutes} min at ${targetRps} requests/s (70% pages, 10% each sign-ins, bookings, orders); RSS every 10 s`);
    const sampler = setInterval(() => {
      const s = Math.round((performance.now() - t0) / 1000);
      const x = sampleOf(pid, s, file);
      samples.push(x);
      const r = x.regions;
      log(
        "soak",
        `${s}s RSS ${fmtMiB(x.rss)} (private ${fmtMiB(x.anon)}: C heap ${fmtMiB(r.cHeap)}, mappings ≥ 1 GiB ${fmtMiB(r.huge)}, 32 MiB-1 GiB ${fmtMiB(r.large)}, smaller ${fmtMiB(r.small)}; file ${fmtMiB(x.file)}; database ${fmtMiB(x.dbBytes)})`,
      );
    }, SAMPLE_MS);
    samples.push(sampleOf(pid, 0, file));
    const inFlight = new Set<Promise<void>>();
    while (performance.now() < deadline) {
      const [, kind, run] = pick(n);
      const p = run()
        .then(
          (ok) => count(kind, ok),
          () => count(kind, false),
        )
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
      n++;
      // A steady rate: the next request at its time, whatever the last one took (at most 64 waiting).
      const next = t0 + (n * 1000) / targetRps;
      if (inFlight.size >= 64) await Promise.race(inFlight);
      const wait = next - performance.now();
      if (wait > 0) await Bun.sleep(wait);
    }
    await Promise.all(inFlight);
    clearInterval(sampler);
    samples.push(sampleOf(pid, Math.round((performance.now() - t0) / 1000), file));
  } finally {
    db.$client.close();
    await stopChild(child);
    removeDir(dataDir);
  }

  const warmupS = Math.max(60, (minutes * 60) / 5);
  const trend = rssTrend(samples, warmupS, minutes * 60);
  const { spread, flat } = trend;
  const minuteRows = samples.filter((x, i) => i === 0 || i === samples.length - 1 || x.s % 60 < 10);
  const failed = Object.values(requests).reduce((a, r) => a + r.failed, 0);
  const total = Object.values(requests).reduce((a, r) => a + r.ok + r.failed, 0);
  const markdown = [
    `## soak (${minutes} min, ${targetRps} requests/s)`,
    "",
    table(
      ["kind", "ok", "failed"],
      Object.entries(requests).map(([k, r]) => [k, String(r.ok), String(r.failed)]),
    ),
    "",
    `RSS after the warm-up (${warmupS} s), median of each ${trend.windowS} s: ${trend.medians.map((m) => fmtMiB(m)).join(", ")}; spread ${(spread * 100).toFixed(1)}% (${flat ? "flat" : "NOT flat"} within 10%); samples ${fmtMiB(trend.min)} to ${fmtMiB(trend.max)} (the garbage collector's saw-tooth); trend ${trend.slopeMiBPerHour.toFixed(1)} MiB/hour`,
    "",
    table(
      ["time", "RSS", "private", "C heap", "mappings ≥ 1 GiB", "32 MiB-1 GiB", "smaller", "executable's pages", "database + WAL"],
      minuteRows.map((x) => [
        `${Math.floor(x.s / 60)}:${String(x.s % 60).padStart(2, "0")}`,
        fmtMiB(x.rss),
        fmtMiB(x.anon),
        fmtMiB(x.regions.cHeap),
        fmtMiB(x.regions.huge),
        fmtMiB(x.regions.large),
        fmtMiB(x.regions.small),
        fmtMiB(x.file),
        fmtMiB(x.dbBytes),
      ]),
    ),
  ].join("\n");
  const checks: Check[] = [
    {
      part: "soak",
      metric: `RSS spread of ${trend.windowS} s medians after warm-up (${minutes} min)`,
      value: `${(spread * 100).toFixed(1)}%`,
      target: "≤ 10%",
      ok: flat,
    },
    { part: "soak", metric: "failed requests", value: `${failed} of ${total}`, target: "0", ok: failed === 0 },
  ];
  return { part: "soak", durationMs: performance.now() - started, checks, markdown, data: { minutes, targetRps, requests, samples, warmupS, spread, flat } };
}

/**
 * The memory curve's shape after the warm-up. Single samples swing with garbage collection (tens
 * of MiB either way), so the check compares the median of each window (five minutes, or a tenth
 * of a short run): flat when the largest is within 10% of the smallest. Also a least-squares slope.
 */
export function rssTrend(samples: { s: number; rss: number }[], warmupS: number, durationS: number) {
  const windowS = Math.max(60, Math.min(300, Math.round(durationS / 10)));
  const after = samples.filter((x) => x.s >= warmupS && Number.isFinite(x.rss));
  const windows = new Map<number, number[]>();
  for (const x of after) {
    const k = Math.floor((x.s - warmupS) / windowS);
    windows.set(k, [...(windows.get(k) ?? []), x.rss]);
  }
  // A last window shorter than half the others says little.
  const full = [...windows.entries()].filter(([, xs], i, all) => i < all.length - 1 || xs.length * 10 >= windowS / 2).map(([, xs]) => xs);
  const medians = full.map((xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number);
  const spread = medians.length ? Math.max(...medians) / Math.min(...medians) - 1 : Number.NaN;
  const n = after.length;
  const meanS = after.reduce((a, x) => a + x.s, 0) / n;
  const meanR = after.reduce((a, x) => a + x.rss, 0) / n;
  const slope = after.reduce((a, x) => a + (x.s - meanS) * (x.rss - meanR), 0) / after.reduce((a, x) => a + (x.s - meanS) ** 2, 0);
  return {
    windowS,
    medians,
    spread,
    flat: spread <= 0.1,
    min: Math.min(...after.map((x) => x.rss)),
    max: Math.max(...after.map((x) => x.rss)),
    slopeMiBPerHour: (slope * 3600) / 1024 / 1024,
  };
}

/** The response with its body read (so the connection is reused). */
async function drained(p: Promise<Response>): Promise<Response> {
  const res = await p;
  await res.arrayBuffer();
  return res;
}

if (import.meta.main) await runStandalone(runSoak);
