/**
 * Start-up time and idle memory of dist/pi-site.
 *
 * Start-up: the data dir is created and seeded by a first start (not measured), then the binary is
 * started BENCH_STARTUP_RUNS times (default 5) on that existing database; each time, the clock runs
 * from spawning the process to the first 2xx answer of /healthz, polled every 2 ms. Median and max
 * are reported (target < 100 ms). The binary's own `startupMs` log field (module load to listen)
 * is kept alongside.
 *
 * Idle memory: one more start with WORKERS=1 and one with WORKERS=2, each public page fetched once
 * (by every worker: with two, on new connections until each has served it, br, gzip), 2 s of
 * idling, then VmRSS of each serving process from /proc/<pid>/status (target ≤ 64 MiB each). VmHWM (peak RSS) is reported too, and VmRSS's two
 * parts: the executable's own pages read from its file (RssFile: Bun's machine code, its ICU data,
 * the embedded bundle; clean pages the kernel can drop and read again) and the process's private
 * memory (RssAnon). Beside it, the same measurement of runtime-floor.ts compiled the same way: what
 * a Bun server doing the site's kind of work costs before the site's own code.
 *
 * Run alone: bun scripts/bench/startup.ts
 */
import { join } from "node:path";
import { compileFlags } from "../compile-flags";
import {
  type Check,
  type Child,
  envNumber,
  fmtMiB,
  fmtMs,
  freePort,
  HOST,
  log,
  median,
  type PartResult,
  procMemory,
  PUBLIC_PAGES,
  removeDir,
  requireBinary,
  runStandalone,
  spawnChild,
  startBinary,
  stopChild,
  table,
  tempDir,
  waitForOk,
  WORKER_COUNTS,
  workerPids,
} from "./lib";

export const STARTUP_TARGET_MS = 100;
export const RSS_TARGET_BYTES = 64 * 1024 * 1024;
const POLL_MS = 2;
const IDLE_MS = 2000;

/** Each serving process's memory (bytes) after the same requests and idling, with WORKERS=`workers`. */
export type WorkersMemory = {
  workers: number;
  processes: { pid: number; afterStartBytes: number; rss: number; hwm: number; anon: number; file: number }[];
};

export type StartupData = {
  runs: { ms: number; selfReportedMs: number | null }[];
  medianMs: number;
  maxMs: number;
  memory: {
    /** Per worker count; the fields below are the one-worker process's, as before worker processes. */
    byWorkers: WorkersMemory[];
    afterStartBytes: number;
    idleRssBytes: number;
    peakRssBytes: number;
    idleAnonBytes: number;
    idleFileBytes: number;
    pagesServed: { path: string; status: number; bytes: number }[];
    /** runtime-floor.ts after the same requests and idling; null when it could not be built. */
    floor: { rss: number; anon: number; file: number } | null;
  };
};

/** The `startupMs` the binary logs with its "listening" line, if it did. */
function selfReported(child: Child): number | null {
  const m = child.output().match(/"msg":"listening".*?"startupMs":(\d+)/);
  return m ? Number(m[1]) : null;
}

export async function runStartup(): Promise<PartResult<StartupData>> {
  const started = performance.now();
  requireBinary();
  const runsWanted = Math.round(envNumber("BENCH_STARTUP_RUNS", 5));
  const dataDir = tempDir("startup-data");
  let child: Child | undefined;
  try {
    // Seed once, unmeasured.
    {
      const port = await freePort();
      child = startBinary({ port, dataDir });
      await waitForOk(`http://${HOST}:${port}/healthz`, child, 30_000);
      await stopChild(child);
      child = undefined;
    }

    const runs: StartupData["runs"] = [];
    for (let i = 0; i < runsWanted; i++) {
      const port = await freePort();
      const t0 = performance.now();
      child = startBinary({ port, dataDir, logLevel: "info" });
      await waitForOk(`http://${HOST}:${port}/healthz`, child, 10_000, POLL_MS);
      const ms = performance.now() - t0;
      await Bun.sleep(50); // let the "listening" line arrive
      runs.push({ ms, selfReportedMs: selfReported(child) });
      log("startup", `run ${i + 1}/${runsWanted}: ${fmtMs(ms)} to first /healthz 200 (binary says ${selfReported(child) ?? "?"} ms)`);
      await stopChild(child);
      child = undefined;
      await Bun.sleep(100);
    }

    // Idle memory after serving each page once, with one worker and with two.
    const idle: WorkersMemory[] = [];
    let pagesServed: StartupData["memory"]["pagesServed"] = [];
    for (const workers of WORKER_COUNTS) {
      const port = await freePort();
      child = startBinary({ port, dataDir, workers });
      await waitForOk(`http://${HOST}:${port}/healthz`, child);
      const pids = await workerPids(child, workers, port);
      if (pids.length !== workers) log("startup", `warning: WORKERS=${workers} started ${pids.length} serving process(es)`);
      const afterStart = pids.map((pid) => procMemory(pid).rss);
      // The kernel gives each new connection to one worker: with several, every page is asked for
      // on enough new connections that each worker has served it (missing one: 2 × 2^-12).
      const tries = workers === 1 ? 1 : 12;
      pagesServed = [];
      for (const path of PUBLIC_PAGES) {
        for (let i = 0; i < tries; i++) {
          const res = await fetch(`http://${HOST}:${port}${path}`, {
            headers: { "Accept-Encoding": "br, gzip", Connection: "close" },
            decompress: false,
            keepalive: false,
          });
          const body = await res.arrayBuffer();
          if (i === 0) pagesServed.push({ path, status: res.status, bytes: body.byteLength });
          if (res.status !== 200) log("startup", `warning: ${path} answered ${res.status}`);
        }
      }
      await Bun.sleep(IDLE_MS);
      const processes = pids.map((pid, i) => ({ pid, afterStartBytes: afterStart[i]!, ...procMemory(pid) }));
      for (const [i, m] of processes.entries()) {
        log("startup", `WORKERS=${workers} process ${i + 1}: idle RSS ${fmtMiB(m.rss)} (after start ${fmtMiB(m.afterStartBytes)}, peak ${fmtMiB(m.hwm)})`);
      }
      idle.push({ workers, processes });
      await stopChild(child, 10_000);
      child = undefined;
    }
    const floor = await runtimeFloor();
    const mem = idle[0]!.processes[0]!;

    const ms = runs.map((r) => r.ms);
    const data: StartupData = {
      runs,
      medianMs: median(ms),
      maxMs: Math.max(...ms),
      memory: {
        byWorkers: idle,
        afterStartBytes: mem.afterStartBytes,
        idleRssBytes: mem.rss,
        peakRssBytes: mem.hwm,
        idleAnonBytes: mem.anon,
        idleFileBytes: mem.file,
        pagesServed,
        floor,
      },
    };
    return { part: "startup", durationMs: performance.now() - started, checks: checks(data), markdown: markdown(data), data };
  } finally {
    if (child) await stopChild(child);
    removeDir(dataDir);
  }
}

function checks(d: StartupData): Check[] {
  return [
    {
      part: "startup",
      metric: "spawn → /healthz 200, median",
      value: fmtMs(d.medianMs),
      target: `< ${STARTUP_TARGET_MS} ms`,
      ok: d.medianMs < STARTUP_TARGET_MS,
    },
    { part: "startup", metric: "spawn → /healthz 200, max", value: fmtMs(d.maxMs), target: `< ${STARTUP_TARGET_MS} ms`, ok: d.maxMs < STARTUP_TARGET_MS },
    ...d.memory.byWorkers.map((w) => {
      const worst = Math.max(...w.processes.map((p) => p.rss));
      return {
        part: "startup",
        metric: `idle RSS per worker after serving each page, ${w.workers} worker${w.workers === 1 ? "" : "s"}`,
        value: `${w.processes.map((p) => `${fmtMiB(p.rss)} (private ${fmtMiB(p.anon)})`).join(" + ")}${w.workers === 1 ? `; runtime floor ${d.memory.floor ? fmtMiB(d.memory.floor.rss) : "n/a"}` : ""}${w.processes.length !== w.workers ? ` (only ${w.processes.length} ran)` : ""}`,
        target: `each ≤ ${RSS_TARGET_BYTES / 1024 / 1024} MiB`,
        ok: worst <= RSS_TARGET_BYTES && w.processes.length === w.workers,
      };
    }),
  ];
}

function markdown(d: StartupData): string {
  return [
    "## Start-up and memory",
    "",
    `Spawn to first 2xx of /healthz (polled every ${POLL_MS} ms) on an already seeded data dir, ${d.runs.length} runs: median **${fmtMs(d.medianMs)}**, max **${fmtMs(d.maxMs)}** (target < ${STARTUP_TARGET_MS} ms).`,
    "",
    table(
      ["run", "spawn → /healthz 200", "binary's own startupMs"],
      d.runs.map((r, i) => [String(i + 1), fmtMs(r.ms), r.selfReportedMs === null ? "n/a" : `${r.selfReportedMs} ms`]),
    ),
    "",
    "The binary's own `startupMs` starts at the first statement of main.ts, after every import has been evaluated; the difference is process start plus module loading and evaluation.",
    "",
    `Idle RSS after serving ${d.memory.pagesServed.map((p) => p.path).join(", ")} once each and idling ${IDLE_MS / 1000} s: **${fmtMiB(d.memory.idleRssBytes)}** (${Math.round(d.memory.idleRssBytes / 1024)} kB; target ≤ ${RSS_TARGET_BYTES / 1024 / 1024} MiB). Right after start: ${fmtMiB(d.memory.afterStartBytes)}; peak (VmHWM): ${fmtMiB(d.memory.peakRssBytes)}.`,
    "",
    "Per worker, with each worker count (with several workers each page is asked for on 12 new connections, so every worker has served it; the kernel hands each connection to one):",
    "",
    table(
      ["workers", "process", "after start", "idle RSS", "private (RssAnon)", "from the executable (RssFile)", "peak (VmHWM)"],
      d.memory.byWorkers.flatMap((w) =>
        w.processes.map((p, i) => [
          String(w.workers),
          i === 0 ? "first (serves and supervises)" : `worker ${i + 1}`,
          fmtMiB(p.afterStartBytes),
          fmtMiB(p.rss),
          fmtMiB(p.anon),
          fmtMiB(p.file),
          fmtMiB(p.hwm),
        ]),
      ),
    ),
    "",
    "RssFile pages of the one executable are shared between its processes (the kernel keeps one copy), so what a further worker adds to the machine is about its private part.",
    "",
    table(
      ["idle, after the same requests", "RSS", "read from the executable (RssFile)", "private (RssAnon)"],
      [
        ["dist/pi-site", fmtMiB(d.memory.idleRssBytes), fmtMiB(d.memory.idleFileBytes), fmtMiB(d.memory.idleAnonBytes)],
        d.memory.floor
          ? [
              "runtime-floor.ts (Bun.serve, SQLite, brotli, Intl, argon2id)",
              fmtMiB(d.memory.floor.rss),
              fmtMiB(d.memory.floor.file),
              fmtMiB(d.memory.floor.anon),
            ]
          : ["runtime-floor.ts", "not built", "", ""],
      ],
    ),
    "",
    "The file-backed part is the executable's own pages (Bun's machine code, its ICU data, the embedded bundle): clean pages the kernel can drop under memory pressure and read again. The private part is what the process cannot give back.",
  ].join("\n");
}

/** Compiles runtime-floor.ts like scripts/build.ts compiles the site, serves it the same requests, idles, measures. */
async function runtimeFloor(): Promise<{ rss: number; anon: number; file: number } | null> {
  const dir = tempDir("runtime-floor");
  const exe = join(dir, "runtime-floor");
  const built = Bun.spawnSync([process.execPath, "build", ...compileFlags, join(import.meta.dir, "runtime-floor.ts"), "--outfile", exe], {
    stdout: "pipe",
    stderr: "pipe",
  });
  if (built.exitCode !== 0) {
    log("startup", `runtime floor not built: ${built.stderr.toString().trim()}`);
    removeDir(dir);
    return null;
  }
  const port = await freePort();
  const floor = spawnChild([exe], { PORT: String(port), DATA_DIR: dir });
  try {
    await waitForOk(`http://${HOST}:${port}/healthz`, floor);
    for (const path of PUBLIC_PAGES)
      await (await fetch(`http://${HOST}:${port}${path}`, { headers: { "Accept-Encoding": "br, gzip" }, decompress: false })).arrayBuffer();
    await Bun.sleep(IDLE_MS);
    const mem = procMemory(floor.proc.pid);
    log("startup", `runtime floor idle RSS ${fmtMiB(mem.rss)} (file ${fmtMiB(mem.file)}, private ${fmtMiB(mem.anon)})`);
    return { rss: mem.rss, anon: mem.anon, file: mem.file };
  } finally {
    await stopChild(floor);
    removeDir(dir);
  }
}

if (import.meta.main) await runStandalone(runStartup);
