/**
 * Throughput: requests/s of dist/pi-site for each public page (/, /services, /about, /contact,
 * /shop and a product page with a full page of approved reviews), with one worker process and with
 * two (env WORKERS), next to Bun's static-response server answering the very same bytes
 * (scripts/bench/static-reference.ts, "static" or "reference" below) and to the JavaScript floor,
 * a fetch handler returning a clone of a prepared Response of those bytes (scripts/bench/js-floor.ts):
 * floor ÷ static shows what entering JavaScript costs in this runtime, binary ÷ floor what the app adds.
 *
 * 1. Starts the binary with WORKERS=1 on a temp data dir (it seeds itself) on 127.0.0.1, writes
 *    the reviews, then starts a second instance with WORKERS=2 on the same data dir, another port.
 * 2. Fetches each page once with `Accept-Encoding: br, gzip` and keeps the exact status, headers
 *    and (compressed) body.
 * 3. Starts the reference and the JS floor, each in its own process serving those captures, and
 *    checks that every instance (each worker: several requests on new connections) and the floor
 *    answer identically (apart from Date).
 * 4. Per page: a short warm-up of each, then wrk rounds alternating the four servers
 *    (ABCD, DCBA, ...), same settings for all.
 *
 * Env: BENCH_SECONDS (measured seconds per page per server, default 10), BENCH_ROUNDS (default 2,
 * each round lasts BENCH_SECONDS/BENCH_ROUNDS), BENCH_WARMUP_SECONDS (default 1),
 * BENCH_THREADS (default 2), BENCH_CONNECTIONS (default 32), WRK_PATH, BENCH_NOISE_PERCENT and
 * BENCH_NOISE_RETRIES (a run during which other processes used more than 10% of the CPU is run
 * again, at most twice per run and 6 times in all, and the quietest kept).
 * Default wall time: about 6 pages × 4 servers × (10 + 1) s ≈ 4.5 min.
 *
 * Run alone: bun scripts/bench/throughput.ts
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { databaseFile, openDatabase } from "../../src/db/client.server";
import { approvedReviews } from "../../tests/factories";
import type { CapturedPage } from "./static-reference";
import {
  BenchError,
  type Check,
  type Child,
  envNumber,
  fmtInt,
  fmtMs,
  freePort,
  HOST,
  log,
  mean,
  otherCpu,
  type PartResult,
  processTree,
  PUBLIC_PAGES,
  removeDir,
  requireBinary,
  runStandalone,
  SHOP_PAGES,
  spawnChild,
  startBinary,
  stopChild,
  table,
  tempDir,
  waitForOk,
  WORKER_COUNTS,
  workerPids,
} from "./lib";

/** Binary with one worker ÷ the static reference, per page (issue 38; it was 0.75). */
export const RATIO_TARGET = 0.9;
const ACCEPT_ENCODING = "br, gzip";
/** Hop-by-hop or per-response headers that the reference server sets itself. */
const NOT_COPIED = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive"]);

export type WrkResult = {
  requests: number;
  seconds: number;
  rps: number;
  transferPerSec: string;
  latencyAvgMs: number;
  p50Ms: number;
  p75Ms: number;
  p90Ms: number;
  p99Ms: number;
  non2xx3xx: number;
  socketErrors: number;
  /** Share of all cores used by other processes than wrk and the server during the run (Linux). */
  otherCpuPercent?: number | null;
};

export type ServerStats = { rps: number; p50Ms: number; p99Ms: number; runs: WrkResult[] };

/**
 * The binary run with WORKERS=`workers`: how many serving processes it really had, and its figures;
 * `ratio` is its requests/s ÷ the reference's, `jsFloorRatio` ÷ the JS floor's.
 */
export type WorkersThroughput = { workers: number; processes: number; binary: ServerStats; ratio: number; jsFloorRatio: number };

export type PageThroughput = {
  path: string;
  status: number;
  contentType: string | null;
  contentEncoding: string | null;
  bodyBytes: number;
  reference: ServerStats;
  /** js-floor.ts: a JavaScript fetch handler answering the same bytes, and its requests/s ÷ the reference's. */
  jsFloor: ServerStats & { ratio: number };
  /** One entry per worker count (WORKER_COUNTS), in that order. */
  byWorkers: WorkersThroughput[];
};

export type ThroughputData = {
  wrk: { threads: number; connections: number; secondsPerRound: number; rounds: number; warmupSeconds: number; header: string };
  /** Per worker count, the serving processes found (the first process and its workers). */
  processes: { workers: number; pids: number[] }[];
  parityProblems: string[];
  pages: PageThroughput[];
};

/** The wrk executable (WRK_PATH, PATH, or Debian's). */
export function wrkPath(): string {
  const p = process.env.WRK_PATH || Bun.which("wrk") || "/usr/bin/wrk";
  if (!existsSync(p)) throw new BenchError(`wrk not found (looked at ${p}); install it with \`apt-get install wrk\` or set WRK_PATH`);
  return p;
}

/** wrk prints durations as 812.00us, 1.23ms, 2.01s or 1.00m. */
function toMs(value: string, unit: string): number {
  const v = Number(value);
  switch (unit) {
    case "us":
      return v / 1000;
    case "ms":
      return v;
    case "s":
      return v * 1000;
    case "m":
      return v * 60_000;
    case "h":
      return v * 3_600_000;
    default:
      throw new BenchError(`unknown wrk time unit "${unit}"`);
  }
}

export function parseWrk(out: string): WrkResult {
  const num = (re: RegExp) => {
    const m = out.match(re);
    return m ? m : null;
  };
  const pct = (p: string) => {
    const m = num(new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, "m"));
    if (!m) throw new BenchError(`wrk output has no ${p}% latency (was --latency passed?):\n${out}`);
    return toMs(m[1]!, m[2]!);
  };
  const rps = num(/^Requests\/sec:\s+([\d.]+)/m);
  const total = num(/^\s*(\d+) requests in ([\d.]+)(us|ms|s|m|h)/m);
  if (!rps || !total) throw new BenchError(`could not parse wrk output:\n${out}`);
  const avg = num(/^\s*Latency\s+([\d.]+)(us|ms|s|m|h)/m);
  const transfer = num(/^Transfer\/sec:\s+(\S+)/m);
  const non = num(/Non-2xx or 3xx responses:\s+(\d+)/);
  const sock = num(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requests: Number(total[1]),
    seconds: toMs(total[2]!, total[3]!) / 1000,
    rps: Number(rps[1]),
    transferPerSec: transfer ? transfer[1]! : "",
    latencyAvgMs: avg ? toMs(avg[1]!, avg[2]!) : NaN,
    p50Ms: pct("50"),
    p75Ms: pct("75"),
    p90Ms: pct("90"),
    p99Ms: pct("99"),
    non2xx3xx: non ? Number(non[1]) : 0,
    socketErrors: sock ? [1, 2, 3, 4].reduce((n, i) => n + Number(sock[i]), 0) : 0,
  };
}

/**
 * One wrk run with the compressed-page Accept-Encoding (plus `headers`); notes other processes' CPU
 * (the server's processes, `serverPid`, are not "other": all of its workers when it has several).
 */
export async function wrk(
  url: string,
  seconds: number,
  threads: number,
  connections: number,
  serverPid?: number | number[],
  headers: string[] = [],
): Promise<WrkResult> {
  const stopCpu = otherCpu(serverPid === undefined ? [] : Array.isArray(serverPid) ? serverPid : [serverPid]);
  const cmd = [
    wrkPath(),
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    "-H",
    `Accept-Encoding: ${ACCEPT_ENCODING}`,
    ...headers.flatMap((h) => ["-H", h]),
    url,
  ];
  const p = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => p.kill("SIGKILL"), (seconds + 30) * 1000);
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  clearTimeout(timer);
  if (code !== 0) throw new BenchError(`wrk failed (exit ${code}): ${cmd.join(" ")}\n${out}${err}`);
  return { ...parseWrk(out), otherCpuPercent: stopCpu() };
}

/** Repeated runs left for this benchmark (BENCH_NOISE_RETRIES), so a busy machine cannot stretch it much. */
let noiseRetriesLeft = 0;

/**
 * One measured run; when other processes took more than BENCH_NOISE_PERCENT (default 10) of the CPU
 * meanwhile, it is run again (at most twice per run, and BENCH_NOISE_RETRIES times in all,
 * default 6) and the least disturbed run is kept.
 */
async function measuredWrk(url: string, seconds: number, threads: number, connections: number, serverPid: number[], label: string) {
  const limit = envNumber("BENCH_NOISE_PERCENT", 10, 0);
  let best: WrkResult | undefined;
  for (let attempt = 0; ; attempt++) {
    const r = await wrk(url, seconds, threads, connections, serverPid);
    if (!best || (r.otherCpuPercent ?? 0) < (best.otherCpuPercent ?? 0)) best = r;
    if ((r.otherCpuPercent ?? 0) <= limit || attempt >= 2 || noiseRetriesLeft <= 0) break;
    noiseRetriesLeft--;
    log("throughput", `${label}: other processes used ${r.otherCpuPercent}% of the CPU, running it again`);
  }
  return best!;
}

export type Captured = { status: number; headers: [string, string][]; body: Uint8Array };

/** A page's exact bytes and headers, as a browser asking for br/gzip would receive them. */
export async function capture(url: string, opts: { newConnection?: boolean } = {}): Promise<Captured> {
  // A new connection can land on another worker (the kernel spreads connections, not requests).
  const res = await fetch(url, {
    headers: { "Accept-Encoding": ACCEPT_ENCODING, ...(opts.newConnection ? { Connection: "close" } : {}) },
    decompress: false,
    keepalive: !opts.newConnection,
  });
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = [...res.headers].filter(([k]) => !NOT_COPIED.has(k.toLowerCase()));
  const declared = res.headers.get("content-length");
  if (declared !== null && Number(declared) !== body.byteLength) {
    throw new BenchError(`${url}: captured ${body.byteLength} bytes but Content-Length says ${declared} (body was decompressed?)`);
  }
  return { status: res.status, headers, body };
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
}

/** Differences between the two servers' answers for one path (empty when identical but for Date). */
function compare(path: string, bin: Captured, ref: Captured): string[] {
  const problems: string[] = [];
  if (bin.status !== ref.status) problems.push(`${path}: status ${bin.status} vs ${ref.status}`);
  if (!sameBytes(bin.body, ref.body)) problems.push(`${path}: bodies differ (${bin.body.byteLength} vs ${ref.body.byteLength} bytes)`);
  const norm = (h: [string, string][]) => new Map(h.map(([k, v]) => [k.toLowerCase(), v]));
  const hb = norm(bin.headers);
  const hr = norm(ref.headers);
  for (const k of new Set([...hb.keys(), ...hr.keys()])) {
    if (hb.get(k) !== hr.get(k)) problems.push(`${path}: header ${k}: ${hb.get(k) ?? "(none)"} vs ${hr.get(k) ?? "(none)"}`);
  }
  return problems;
}

function summarize(runs: WrkResult[]): ServerStats {
  return {
    rps: mean(runs.map((r) => r.rps)),
    p50Ms: mean(runs.map((r) => r.p50Ms)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    runs,
  };
}

export async function runThroughput(): Promise<PartResult<ThroughputData>> {
  const started = performance.now();
  const data = await measurePages(PUBLIC_PAGES, "throughput", (dataDir) => {
    // The product page carries a full page of approved reviews (and the shop their ratings), as a
    // well-reviewed product's page does.
    const db = openDatabase(databaseFile(dataDir));
    approvedReviews(db, SHOP_PAGES[1].slice("/shop/product/".length), REVIEWS_ON_PRODUCT);
    db.$client.close();
  });
  return { part: "throughput", durationMs: performance.now() - started, checks: checks(data), markdown: markdown(data), data };
}

/** Approved reviews on the measured product page. */
const REVIEWS_ON_PRODUCT = 25;
/** Requests per page and worker, each on a new connection, checking every worker answers the same bytes. */
const PARITY_REQUESTS = 6;

/**
 * Serves `paths` from the binary, once per worker count (WORKER_COUNTS, both instances on the same
 * data dir and running side by side, as an upgrade runs two), and the same captured bytes from the
 * static reference and the JS floor, then measures them all with wrk in alternating rounds.
 * `prepare` may write into the database (in `dataDir`) after the first instance has started and
 * before the first request.
 */
export async function measurePages(paths: readonly string[], label: string, prepare?: (dataDir: string) => void): Promise<ThroughputData> {
  requireBinary();
  wrkPath();
  const totalSeconds = envNumber("BENCH_SECONDS", 10);
  const rounds = Math.round(envNumber("BENCH_ROUNDS", 2));
  const secondsPerRound = Math.max(1, Math.round(totalSeconds / rounds));
  const warmupSeconds = Math.round(envNumber("BENCH_WARMUP_SECONDS", 1, 0));
  const threads = Math.round(envNumber("BENCH_THREADS", 2));
  const connections = Math.round(envNumber("BENCH_CONNECTIONS", 32));
  noiseRetriesLeft = Math.round(envNumber("BENCH_NOISE_RETRIES", 6, 0));

  const dataDir = tempDir(`${label}-data`);
  const captureDir = tempDir(`${label}-capture`);
  const binaries: { workers: number; child: Child; port: number; pids: number[] }[] = [];
  let reference: Child | undefined;
  let jsFloor: Child | undefined;
  try {
    let publicUrl: string | undefined;
    for (const workers of WORKER_COUNTS) {
      const port = await freePort();
      // Pages carry the site's address (canonical links): every instance writes the first one's, so all answer the same bytes.
      publicUrl ??= `http://localhost:${port}`;
      const child = startBinary({ port, dataDir, workers, env: { PUBLIC_URL: publicUrl } });
      await waitForOk(`http://${HOST}:${port}/healthz`, child);
      const pids = await workerPids(child, workers, port);
      if (pids.length !== workers) log(label, `warning: WORKERS=${workers} started ${pids.length} serving process(es): ${pids.join(", ")}`);
      binaries.push({ workers, child, port, pids });
      // Data the pages show, written into the database before any page is cached.
      if (binaries.length === 1) prepare?.(dataDir);
    }
    const binUrl = (port: number, p: string) => `http://${HOST}:${port}${p}`;

    const captured = new Map<string, Captured>();
    const manifest: CapturedPage[] = [];
    for (const [i, path] of paths.entries()) {
      const c = await capture(binUrl(binaries[0]!.port, path));
      if (c.status !== 200) log(label, `warning: ${path} answered ${c.status}`);
      captured.set(path, c);
      const file = `page-${i}.body`;
      writeFileSync(join(captureDir, file), c.body);
      manifest.push({ path, status: c.status, headers: c.headers, file });
    }
    writeFileSync(join(captureDir, "manifest.json"), JSON.stringify(manifest, null, 2));

    const refPort = await freePort();
    reference = spawnChild([process.execPath, join(import.meta.dir, "static-reference.ts"), captureDir, String(refPort)]);
    await waitForOk(`http://${HOST}:${refPort}${paths[0]}`, reference);
    const refUrl = (p: string) => `http://${HOST}:${refPort}${p}`;
    const floorPort = await freePort();
    jsFloor = spawnChild([process.execPath, join(import.meta.dir, "js-floor.ts"), captureDir, String(floorPort)]);
    await waitForOk(`http://${HOST}:${floorPort}${paths[0]}`, jsFloor);
    const floorUrl = (p: string) => `http://${HOST}:${floorPort}${p}`;

    // Every instance and each of its workers must answer the reference's bytes, or the comparison means nothing.
    const parityProblems = new Set<string>();
    for (const path of paths) {
      const r = await capture(refUrl(path));
      for (const p of compare(path, await capture(floorUrl(path)), r)) parityProblems.add(`JS floor ${p}`);
      for (const b of binaries) {
        for (let i = 0; i < (b.workers > 1 ? PARITY_REQUESTS : 1); i++) {
          const got = await capture(binUrl(b.port, path), { newConnection: true });
          for (const p of compare(path, got, r)) parityProblems.add(`WORKERS=${b.workers} ${p}`);
          if (!sameBytes(got.body, captured.get(path)!.body)) parityProblems.add(`${path}: the body changed between two requests (WORKERS=${b.workers})`);
        }
      }
    }
    for (const p of parityProblems) log(label, `parity: ${p}`);

    type Server = { name: string; url: (p: string) => string; pids: () => number[] };
    const servers: Server[] = [
      ...binaries.map((b) => ({
        name: `${b.workers} worker${b.workers === 1 ? "" : "s"}`,
        url: (p: string) => binUrl(b.port, p),
        pids: () => processTree(b.child.proc.pid),
      })),
      { name: "JS floor", url: floorUrl, pids: () => [jsFloor!.proc.pid] },
      { name: "reference", url: refUrl, pids: () => [reference!.proc.pid] },
    ];

    const pages: PageThroughput[] = [];
    for (const path of paths) {
      const c = captured.get(path)!;
      const header = (name: string) => c.headers.find(([k]) => k.toLowerCase() === name)?.[1] ?? null;
      if (warmupSeconds > 0) for (const s of servers) await wrk(s.url(path), warmupSeconds, threads, connections);
      const runs = new Map<string, WrkResult[]>(servers.map((s) => [s.name, []]));
      for (let r = 0; r < rounds; r++) {
        // A B C D, then D C B A, ...: no server always runs first, on a warmer or cooler machine.
        const order = r % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) {
          const res = await measuredWrk(s.url(path), secondsPerRound, threads, connections, s.pids(), `${path} ${s.name}`);
          runs.get(s.name)!.push(res);
          log(
            label,
            `${path.padEnd(9)} round ${r + 1}/${rounds} ${s.name.padEnd(9)} ${fmtInt(res.rps).padStart(7)} req/s  p50 ${fmtMs(res.p50Ms)}  p99 ${fmtMs(res.p99Ms)}  other CPU ${res.otherCpuPercent ?? "?"}%`,
          );
          if (res.non2xx3xx || res.socketErrors) log(label, `  warning: ${res.non2xx3xx} non-2xx/3xx, ${res.socketErrors} socket errors`);
        }
      }
      const ref = summarize(runs.get("reference")!);
      const floor = summarize(runs.get("JS floor")!);
      pages.push({
        path,
        status: c.status,
        contentType: header("content-type"),
        contentEncoding: header("content-encoding"),
        bodyBytes: c.body.byteLength,
        reference: ref,
        jsFloor: { ...floor, ratio: floor.rps / ref.rps },
        byWorkers: binaries.map((b, i) => {
          const stats = summarize(runs.get(servers[i]!.name)!);
          return { workers: b.workers, processes: b.pids.length, binary: stats, ratio: stats.rps / ref.rps, jsFloorRatio: stats.rps / floor.rps };
        }),
      });
    }

    return {
      wrk: { threads, connections, secondsPerRound, rounds, warmupSeconds, header: `Accept-Encoding: ${ACCEPT_ENCODING}` },
      processes: binaries.map((b) => ({ workers: b.workers, pids: b.pids })),
      parityProblems: [...parityProblems],
      pages,
    };
  } finally {
    if (reference) await stopChild(reference);
    if (jsFloor) await stopChild(jsFloor);
    for (const b of binaries) await stopChild(b.child, 10_000);
    removeDir(dataDir);
    removeDir(captureDir);
  }
}

const workersLabel = (w: number) => `${w} worker${w === 1 ? "" : "s"}`;

/**
 * One check per page: the binary with one worker ÷ the reference, against the target; with more
 * workers, the ratio reported without a target; the JS floor ÷ the reference (and one worker ÷ the
 * floor), reported: how much of the target the runtime leaves. And one for identical answers without errors.
 */
export function checks(d: ThroughputData, part = "throughput"): Check[] {
  const noisy = envNumber("BENCH_NOISE_PERCENT", 10, 0);
  const disturbed = (p: PageThroughput) => ((maxOtherCpu(p) ?? 0) > noisy ? ` (disturbed: other CPU up to ${maxOtherCpu(p)}%)` : "");
  const out: Check[] = d.pages.flatMap((p) => [
    ...p.byWorkers.map((w) => ({
      part,
      metric: `${p.path} ${workersLabel(w.workers)}/reference`,
      value: `${w.ratio.toFixed(2)} (${fmtInt(w.binary.rps)} vs ${fmtInt(p.reference.rps)} req/s, p99 ${fmtMs(w.binary.p99Ms)} vs ${fmtMs(p.reference.p99Ms)})${w.processes !== w.workers ? ` (only ${w.processes} process${w.processes === 1 ? "" : "es"})` : ""}${disturbed(p)}`,
      target: w.workers === 1 ? `≥ ${RATIO_TARGET}` : "",
      ok: w.workers === 1 ? w.ratio >= RATIO_TARGET : null,
    })),
    {
      part,
      metric: `${p.path} JS floor/reference`,
      value: `${p.jsFloor.ratio.toFixed(2)} (${fmtInt(p.jsFloor.rps)} vs ${fmtInt(p.reference.rps)} req/s; ${workersLabel(p.byWorkers[0]!.workers)}/JS floor ${p.byWorkers[0]!.jsFloorRatio.toFixed(2)})${disturbed(p)}`,
      target: "",
      ok: null,
    },
  ]);
  const errors = d.pages.flatMap(allRuns).reduce((n, r) => n + r.non2xx3xx + r.socketErrors, 0);
  const missing = d.processes.filter((p) => p.pids.length !== p.workers);
  out.push({
    part,
    metric: "identical responses, no errors, every worker started",
    value:
      d.parityProblems.length || errors || missing.length
        ? `${d.parityProblems.length} differences, ${errors} errors${missing.map((m) => `, WORKERS=${m.workers} ran ${m.pids.length}`).join("")}`
        : "yes",
    target: "yes",
    ok: d.parityProblems.length === 0 && errors === 0 && missing.length === 0,
  });
  return out;
}

/** Every wrk run kept for a page: each worker count's, the JS floor's and the reference's. */
function allRuns(p: PageThroughput): WrkResult[] {
  return [...p.byWorkers.flatMap((w) => w.binary.runs), ...p.jsFloor.runs, ...p.reference.runs];
}

function maxOtherCpu(p: PageThroughput): number | null {
  const xs = allRuns(p)
    .map((r) => r.otherCpuPercent)
    .filter((x): x is number => typeof x === "number");
  return xs.length ? Math.max(...xs) : null;
}

function markdown(d: ThroughputData): string {
  const w = d.wrk;
  const counts = d.processes.map((p) => p.workers);
  // Binary ÷ JS floor only for one worker: the floor is one process, as the reference is.
  const rows = d.pages.map((p) => [
    p.path,
    `${p.status} ${p.contentEncoding ?? "identity"} ${p.bodyBytes} B`,
    fmtInt(p.reference.rps),
    fmtInt(p.jsFloor.rps),
    p.jsFloor.ratio.toFixed(2),
    ...p.byWorkers.flatMap((x) => [fmtInt(x.binary.rps), x.ratio.toFixed(2), ...(x.workers === 1 ? [x.jsFloorRatio.toFixed(2)] : [])]),
    p.byWorkers[0]!.ratio >= RATIO_TARGET ? "PASS" : "FAIL",
    ...p.byWorkers.map((x) => `${fmtMs(x.binary.p50Ms)} / ${fmtMs(x.binary.p99Ms)}`),
    `${fmtMs(p.jsFloor.p50Ms)} / ${fmtMs(p.jsFloor.p99Ms)}`,
    `${fmtMs(p.reference.p50Ms)} / ${fmtMs(p.reference.p99Ms)}`,
    maxOtherCpu(p) === null ? "n/a" : `${maxOtherCpu(p)}%`,
  ]);
  const lines = [
    "## Throughput",
    "",
    `Every public page, the product page with ${REVIEWS_ON_PRODUCT} approved reviews. The binary runs with ${counts.map((n) => `WORKERS=${n}`).join(" and with ")} (${d.processes.map((p) => `${p.pids.length} serving process${p.pids.length === 1 ? "" : "es"}`).join(", ")}), both on one data dir, beside Bun's static server answering the same bytes ("static", the reference: no JavaScript per request) and the JS floor (a fetch handler returning a clone of a prepared Response of those bytes). The JS floor is the fastest any JavaScript request handler in this runtime answers these bytes, so it bounds what the binary can reach: JS floor ÷ static is what the runtime costs any handler, binary ÷ JS floor what the app costs on top of it. wrk -t${w.threads} -c${w.connections} --latency -H '${w.header}', ${w.rounds} alternating rounds of ${w.secondsPerRound} s per server per page after a ${w.warmupSeconds} s warm-up. req/s and p50 are the mean over rounds, p99 the worst round. Target: one worker ÷ static ≥ ${RATIO_TARGET}; two workers ÷ static is reported (see the README: on two cores wrk takes one of them).`,
    "",
    table(
      [
        "page",
        "response",
        "static req/s",
        "JS floor req/s",
        "JS floor ÷ static",
        ...counts.flatMap((n) => [`${workersLabel(n)} req/s`, `${workersLabel(n)} ÷ static`, ...(n === 1 ? [`${workersLabel(n)} ÷ JS floor`] : [])]),
        "status (1 worker)",
        ...counts.map((n) => `${workersLabel(n)} p50 / p99`),
        "JS floor p50 / p99",
        "static p50 / p99",
        "other CPU (max)",
      ],
      rows,
    ),
    "",
    "Other CPU: the largest share of the machine that processes other than wrk and the server under test used during one of the page's kept runs. Runs over BENCH_NOISE_PERCENT (10%) are repeated (at most twice each, BENCH_NOISE_RETRIES = 6 times in all) and the quietest kept; a high value means the numbers of that page are disturbed.",
  ];
  if (d.parityProblems.length) lines.push("", "Responses differ from the reference's:", "", ...d.parityProblems.map((p) => `- ${p}`));
  return lines.join("\n");
}

if (import.meta.main) await runStandalone(runThroughput);
