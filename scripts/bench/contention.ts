/**
 * Contention: the server answers one request at a time, so a slow admin request is a wait for every
 * visitor. Measured at two sizes of data, the admin part's (10,000 customers, 50,000 bookings) and
 * `--scale` (default 10) times that, each on its own throw-away data dir seeded like admin.ts:
 *
 * 1. `/about` with wrk, 32 connections, three times in a row: alone; while one admin loads
 *    `/api/admin/analytics?range=12m` once a second; while one admin downloads the largest CSV
 *    export (every booking, `/api/admin/bookings.csv`) once a second. Target: with an
 *    admin, p99 at most 3x the p99 alone, in the same run.
 * 2. Every admin URL of admin.ts with wrk, 8 connections: p99 at each size and how it grows with
 *    ten times the data (the goal: at most 2x).
 *
 *   bun scripts/bench/contention.ts [--scale=10]
 *
 * Env: BENCH_CONTENTION_SECONDS (per wrk run, default 5), BENCH_CONTENTION_SCALE (10, or --scale),
 * BENCH_ADMIN_USERS / BENCH_ADMIN_BOOKINGS (the smaller size), BENCH_CONNECTIONS (8), WRK_PATH.
 */
import { join } from "node:path";
import { ADMIN_URLS, seedDatabase } from "./admin";
import {
  BenchError,
  type Check,
  type Child,
  envNumber,
  fmtInt,
  fmtMs,
  log,
  type PartResult,
  removeDir,
  runStandalone,
  seededDataDir,
  startBinary,
  stopChild,
  table,
  waitForOk,
} from "./lib";
import { type WrkResult, wrk } from "./throughput";

const PAGE = "/about";
const REPORT = "/api/admin/analytics?range=12m";
const EXPORT = "/api/admin/bookings.csv";
const PAGE_CONNECTIONS = 32;
const RATIO_TARGET = 3;
const GROWTH_TARGET = 2;

type Background = { requests: number; p50Ms: number; maxMs: number; bytes: number; failures: number };
export type ContentionSize = {
  users: number;
  bookings: number;
  seedSeconds: number;
  page: { alone: WrkResult; withReport: WrkResult; withExport: WrkResult };
  report: Background;
  export: Background;
  admin: { url: string; result: WrkResult }[];
};
export type ContentionData = { scale: number; seconds: number; sizes: ContentionSize[] };

/** `--scale=N` on the command line, else BENCH_CONTENTION_SCALE, else 10. */
function scaleOption(): number {
  const arg = process.argv.find((a) => a.startsWith("--scale="));
  if (arg) {
    const n = Number(arg.slice("--scale=".length));
    if (!Number.isFinite(n) || n < 1) throw new BenchError(`--scale must be a number of at least 1, not ${arg.slice(8)}`);
    return n;
  }
  return envNumber("BENCH_CONTENTION_SCALE", 10);
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** One admin requesting `url` once a second (or as soon as the previous answer came, when slower) until stopped. */
function onceASecond(url: string, authorization: string) {
  let stopped = false;
  const times: number[] = [];
  let bytes = 0;
  let failures = 0;
  const done = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { Authorization: authorization, "Accept-Encoding": "identity" } });
      const body = await res.arrayBuffer();
      times.push(performance.now() - t0);
      bytes = body.byteLength;
      if (!res.ok) failures++;
      const wait = 1000 - (performance.now() - t0);
      if (wait > 0 && !stopped) await Bun.sleep(wait);
    }
  })();
  return async (): Promise<Background> => {
    stopped = true;
    await done;
    return { requests: times.length, p50Ms: percentile(times, 50), maxMs: Math.max(...times), bytes, failures };
  };
}

async function measureSize(users: number, bookings: number, seconds: number, connections: number): Promise<ContentionSize> {
  const { dataDir, port, base } = await seededDataDir("contention");
  let child: Child | null = null;
  try {
    log("contention", `seeding ${fmtInt(users)} customers and ${fmtInt(bookings)} bookings`);
    const seedStarted = performance.now();
    const authorization = seedDatabase(join(dataDir, "pi-site.db"), users, bookings, Date.now());
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log("contention", `seeded in ${seedSeconds.toFixed(1)} s`);
    child = startBinary({ port, dataDir, logLevel: "error" });
    await waitForOk(`${base}/healthz`, child);
    const pid = child.proc.pid;
    const check = await fetch(`${base}${EXPORT}`, { headers: { Authorization: authorization } });
    const lines = (await check.text()).split("\r\n").length - 2;
    if (!check.ok || lines !== bookings) throw new BenchError(`${EXPORT} answered ${check.status} with ${lines} bookings, not ${bookings}`);

    await wrk(`${base}${PAGE}`, 1, 2, PAGE_CONNECTIONS, pid);
    log("contention", `${PAGE}, ${seconds}s, ${PAGE_CONNECTIONS} connections: alone`);
    const alone = await wrk(`${base}${PAGE}`, seconds, 2, PAGE_CONNECTIONS, pid);
    log("contention", `${PAGE}: while an admin loads ${REPORT} once a second`);
    let stop = onceASecond(`${base}${REPORT}`, authorization);
    const withReport = await wrk(`${base}${PAGE}`, seconds, 2, PAGE_CONNECTIONS, pid);
    const report = await stop();
    log("contention", `${PAGE}: while an admin downloads ${EXPORT} once a second`);
    stop = onceASecond(`${base}${EXPORT}`, authorization);
    const withExport = await wrk(`${base}${PAGE}`, seconds, 2, PAGE_CONNECTIONS, pid);
    const exported = await stop();

    const headers = [`Authorization: ${authorization}`];
    const admin: ContentionSize["admin"] = [];
    for (const path of ADMIN_URLS) {
      await wrk(`${base}${path}`, 1, 2, connections, pid, headers);
      log("contention", `wrk ${path}, ${seconds}s, ${connections} connections`);
      admin.push({ url: path, result: await wrk(`${base}${path}`, seconds, 2, connections, pid, headers) });
    }
    return { users, bookings, seedSeconds, page: { alone, withReport, withExport }, report, export: exported, admin };
  } finally {
    if (child) await stopChild(child);
    removeDir(dataDir);
  }
}

/** A p99, or what happened when wrk saw no answer at all (each waited past wrk's 2 s timeout). */
const fmtP99 = (r: WrkResult) => (r.p99Ms > 0 ? fmtMs(r.p99Ms) : `none answered (${fmtInt(r.socketErrors)} socket errors)`);
const clean = (r: WrkResult) => r.p99Ms > 0 && r.non2xx3xx === 0 && r.socketErrors === 0;
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 ? a / b : Number.NaN);
const fmtRatio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}x` : "n/a");

export async function runContention(): Promise<PartResult<ContentionData>> {
  const started = performance.now();
  const seconds = envNumber("BENCH_CONTENTION_SECONDS", 5);
  const connections = envNumber("BENCH_CONNECTIONS", 8);
  const users = envNumber("BENCH_ADMIN_USERS", 10_000);
  const bookings = envNumber("BENCH_ADMIN_BOOKINGS", 50_000);
  const scale = scaleOption();
  const sizes = [
    await measureSize(users, bookings, seconds, connections),
    await measureSize(Math.round(users * scale), Math.round(bookings * scale), seconds, connections),
  ];
  const [small, large] = sizes as [ContentionSize, ContentionSize];
  const sizeName = (s: ContentionSize) => `${fmtInt(s.users)} customers`;

  const checks: Check[] = sizes.flatMap((s) => {
    const withReport = ratio(s.page.withReport.p99Ms, s.page.alone.p99Ms);
    const withExport = ratio(s.page.withExport.p99Ms, s.page.alone.p99Ms);
    return [
      { part: "contention", metric: `${PAGE} p99 alone, ${sizeName(s)}`, value: fmtMs(s.page.alone.p99Ms), target: "", ok: null },
      {
        part: "contention",
        metric: `${PAGE} p99 with the 12-month report 1/s, ${sizeName(s)}`,
        value: `${fmtMs(s.page.withReport.p99Ms)} (${fmtRatio(withReport)})`,
        target: `≤ ${RATIO_TARGET}x alone`,
        ok: withReport <= RATIO_TARGET && clean(s.page.withReport) && s.report.failures === 0,
      },
      {
        part: "contention",
        metric: `${PAGE} p99 with the bookings CSV 1/s, ${sizeName(s)}`,
        value: `${fmtMs(s.page.withExport.p99Ms)} (${fmtRatio(withExport)})`,
        target: `≤ ${RATIO_TARGET}x alone`,
        ok: withExport <= RATIO_TARGET && clean(s.page.withExport) && s.export.failures === 0,
      },
    ];
  });
  const growth = small.admin.map(({ url, result }) => {
    const big = large.admin.find((a) => a.url === url)!.result;
    return { url, small: result, large: big, growth: ratio(big.p99Ms, result.p99Ms) };
  });
  for (const g of growth) {
    checks.push({
      part: "contention",
      metric: `${g.url} p99 ${fmtP99(g.small)} → ${fmtP99(g.large)} at ${scale}x data`,
      value: fmtRatio(g.growth),
      target: `≤ ${GROWTH_TARGET}x`,
      ok: g.growth <= GROWTH_TARGET && clean(g.small) && clean(g.large),
    });
  }

  const background = (b: Background) => `${b.requests} requests, p50 ${fmtMs(b.p50Ms)}, slowest ${fmtMs(b.maxMs)}, ${fmtInt(b.bytes / 1024)} KiB each`;
  const markdown = [
    "## Contention",
    "",
    `\`${PAGE}\` with wrk -t2 -c${PAGE_CONNECTIONS} -d${seconds}s, alone and while one admin requests a heavy URL once a second (same server, one run after the other); then every admin URL with wrk -t2 -c${connections} -d${seconds}s, at ${fmtInt(small.users)} customers / ${fmtInt(small.bookings)} bookings and at ${scale}x that (seeded in ${small.seedSeconds.toFixed(1)} s and ${large.seedSeconds.toFixed(1)} s).`,
    "",
    table(
      ["data", `${PAGE} alone p99`, "with the 12-month report", "with the bookings CSV", "the report (admin's view)", "the CSV (admin's view)"],
      sizes.map((s) => [
        `${fmtInt(s.users)} customers, ${fmtInt(s.bookings)} bookings`,
        fmtMs(s.page.alone.p99Ms),
        `${fmtMs(s.page.withReport.p99Ms)} (${fmtRatio(ratio(s.page.withReport.p99Ms, s.page.alone.p99Ms))})`,
        `${fmtMs(s.page.withExport.p99Ms)} (${fmtRatio(ratio(s.page.withExport.p99Ms, s.page.alone.p99Ms))})`,
        background(s.report),
        background(s.export),
      ]),
    ),
    "",
    table(
      ["URL", `p99 at ${fmtInt(small.users)}`, `p99 at ${fmtInt(large.users)}`, "growth", "p50 at each", "non-2xx"],
      growth.map((g) => [
        g.url,
        fmtP99(g.small),
        fmtP99(g.large),
        fmtRatio(g.growth),
        `${fmtMs(g.small.p50Ms)} / ${fmtMs(g.large.p50Ms)}`,
        `${g.small.non2xx3xx} / ${g.large.non2xx3xx}`,
      ]),
    ),
  ].join("\n");
  return { part: "contention", durationMs: performance.now() - started, checks, markdown, data: { scale, seconds, sizes } };
}

if (import.meta.main) await runStandalone(runContention);
