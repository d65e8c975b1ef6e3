/**
 * Shared helpers for the benchmarks in scripts/bench/: paths, starting and stopping the binary on a
 * throw-away data dir, waiting for HTTP, and formatting tables. Nothing here builds anything.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";

export const root = join(import.meta.dir, "../..");
/** The binary measured: dist/pi-site, or BENCH_BINARY (e.g. an older build kept for a before/after comparison). */
export const binaryPath = process.env.BENCH_BINARY ? resolve(process.env.BENCH_BINARY) : join(root, "dist/pi-site");
export const resultsDir = join(import.meta.dir, "results");
export const PAGES = ["/", "/services", "/about", "/contact"] as const;
/** The shop's two pages: the product is the one the benches give a full page of approved reviews. */
export const SHOP_PAGES = ["/shop", "/shop/product/covert-body-worn-camera-4k"] as const;
/** Every public page the throughput and memory figures cover. */
export const PUBLIC_PAGES = [...PAGES, ...SHOP_PAGES] as const;
/** The worker counts the throughput, dashboard and memory figures are taken with (env WORKERS). */
export const WORKER_COUNTS = [1, 2] as const;
export const HOST = "127.0.0.1";

/** A failure with a message meant for the developer (printed without a stack trace). */
export class BenchError extends Error {}

/** One line of the summary: a measured value and its target. `ok` is null when there is no target. */
export type Check = { part: string; metric: string; value: string; target: string; ok: boolean | null };

export type PartResult<T> = {
  part: string;
  durationMs: number;
  checks: Check[];
  /** Markdown section for latest.md. */
  markdown: string;
  data: T;
};

export function requireBinary(): string {
  if (!existsSync(binaryPath)) {
    throw new BenchError(`dist/pi-site not found. The benchmarks do not build: run \`npm run build\` (or \`node_modules/.bin/bun scripts/build.ts\`) first.`);
  }
  return binaryPath;
}

export function envNumber(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new BenchError(`${name}=${raw} is not a number ≥ ${min}`);
  return n;
}

export function log(part: string, msg: string) {
  process.stderr.write(`[${part}] ${msg}\n`);
}

/** Temp dirs not yet removed: removed on exit too, e.g. after Ctrl-C. */
const tempDirs = new Set<string>();

export function tempDir(prefix: string): string {
  installHandlers();
  const dir = mkdtempSync(join(tmpdir(), `pi-site-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** A free TCP port on 127.0.0.1 (asks the OS, then releases it). */
export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: HOST, fetch: () => new Response() });
  const port = s.port;
  await s.stop(true);
  if (!port) throw new BenchError("could not get a free port");
  return port;
}

// ---------------------------------------------------------------------------------------------
// Child processes. Every child is tracked so Ctrl-C or a crash never leaves a server running.

const children = new Set<Subprocess>();
let handlersInstalled = false;

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const killAll = () => {
    for (const c of children) {
      try {
        c.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
    for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  };
  process.on("exit", killAll);
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      killAll();
      process.exit(130);
    });
  }
}

export type Child = {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** Everything the child printed so far (stdout and stderr interleaved by arrival). */
  output: () => string;
};

/** Spawns a command with piped output that is drained in the background. */
export function spawnChild(cmd: string[], env: Record<string, string | undefined> = {}, cwd = root): Child {
  installHandlers();
  const proc = Bun.spawn(cmd, { cwd, env: { ...process.env, ...env }, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  children.add(proc);
  void proc.exited.then(() => children.delete(proc));
  const chunks: string[] = [];
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(dec.decode(value, { stream: true }));
      if (chunks.length > 2000) chunks.splice(0, 1000); // keep memory bounded for chatty children
    }
  };
  void drain(proc.stdout);
  void drain(proc.stderr);
  return { proc, output: () => chunks.join("") };
}

/**
 * Starts dist/pi-site (or `binary`) on 127.0.0.1:port with the given data dir and WORKERS=`workers`
 * (default 1: one process, as the figures before worker processes were taken). Does not wait for it.
 */
export function startBinary(opts: {
  port: number;
  dataDir: string;
  logLevel?: string;
  workers?: number;
  binary?: string;
  /** More environment, e.g. PUBLIC_URL so that two instances on different ports write the same links. */
  env?: Record<string, string>;
}): Child {
  return spawnChild([opts.binary ?? requireBinary()], {
    PORT: String(opts.port),
    HOST,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: opts.logLevel ?? "warn",
    WORKERS: String(opts.workers ?? 1),
    // Mail goes to the log, never to a real server, whatever the developer's shell has.
    SMTP_URL: "",
    ...opts.env,
  });
}

/** The direct children of a live process (Linux: /proc/<pid>/task/<tid>/children; empty elsewhere). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // gone, or not Linux
  }
  return out;
}

/** A process and all its descendants, parent first. */
export function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childPids(all[i]!));
  return all;
}

/**
 * The binary's serving processes: the first one and the workers it started (PI_SITE_WORKER set),
 * waiting up to `timeoutMs` for `expected` of them, since the first answers before its workers do.
 * Children that are not workers (e.g. Litestream) are left out.
 */
export async function workerPids(child: Child, expected: number, port?: number, timeoutMs = 15_000): Promise<number[]> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const pids = processTree(child.proc.pid).filter((p, i) => i === 0 || isWorker(p));
    // With `port`, also until each has its listening socket (reusePort: one per worker), so nothing
    // is measured while a worker is still starting.
    const ready = pids.length >= expected && (port === undefined || listeningSockets(port) >= expected);
    if (ready || performance.now() > deadline) return pids;
    await Bun.sleep(50);
  }
}

/** How many sockets listen on TCP `port` (Linux: /proc/net/tcp and tcp6; 0 elsewhere). */
export function listeningSockets(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let n = 0;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
        const f = line.trim().split(/\s+/);
        // local_address is "ADDR:PORT" in hex; state 0A is LISTEN.
        if (f[1]?.endsWith(`:${hexPort}`) && f[3] === "0A") n++;
      }
    } catch {
      // not Linux
    }
  }
  return n;
}

/**
 * Established TCP connections on local `port` held by each of `pids`, in that order, leaving out
 * those this process opened (the keep-alive connections its own fetches left, e.g. waitForOk's).
 * Linux: `ss -tnpH state established "( sport = :PORT or dport = :PORT )"`, counting `pid=N` in
 * the users column; null when ss is missing or fails. With several workers on one port (reusePort),
 * the kernel hands each new connection to one of them by a hash of its addresses, so the split is
 * rarely even.
 */
export function connectionsPerProcess(port: number, pids: number[]): number[] | null {
  const ss = Bun.which("ss");
  if (!ss) return null;
  let text: string;
  try {
    const r = Bun.spawnSync([ss, "-tnpH", "state", "established", `( sport = :${port} or dport = :${port} )`], { stdout: "pipe", stderr: "pipe" });
    if (!r.success) return null;
    text = r.stdout.toString();
  } catch {
    return null;
  }
  // Each line: Recv-Q Send-Q local:port peer:port users:(("name",pid=N,fd=M),...); both ends of a
  // loopback connection are listed, the client's with the server's port as its peer.
  const portOf = (addr: string) => Number(addr.slice(addr.lastIndexOf(":") + 1));
  const sockets = text.split("\n").flatMap((line) => {
    const [, , local, peer, ...users] = line.trim().split(/\s+/);
    if (!local || !peer) return [];
    const owners = Array.from(users.join(" ").matchAll(/pid=(\d+)/g), (m) => Number(m[1]));
    return [{ local: portOf(local), peer: portOf(peer), owners }];
  });
  const ownClientPorts = new Set(sockets.filter((s) => s.peer === port && s.owners.includes(process.pid)).map((s) => s.local));
  const counts = new Map<number, number>();
  for (const s of sockets) {
    if (s.local !== port || ownClientPorts.has(s.peer)) continue;
    for (const pid of s.owners) counts.set(pid, (counts.get(pid) ?? 0) + 1);
  }
  return pids.map((p) => counts.get(p) ?? 0);
}

function isWorker(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8")
      .split("\0")
      .some((kv) => kv.startsWith("PI_SITE_WORKER="));
  } catch {
    return false;
  }
}

/** VmRSS / VmHWM and RSS's private and file-backed parts of a live process, in bytes (Linux). */
export function procMemory(pid: number): { rss: number; hwm: number; anon: number; file: number } {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    throw new BenchError(`cannot read /proc/${pid}/status (this benchmark needs Linux)`);
  }
  const kb = (field: string) => {
    const m = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    if (!m) throw new BenchError(`/proc/${pid}/status has no ${field}`);
    return Number(m[1]) * 1024;
  };
  return { rss: kb("VmRSS"), hwm: kb("VmHWM"), anon: kb("RssAnon"), file: kb("RssFile") };
}

/** Polls `url` until it answers 2xx; fails if the child exits or `timeoutMs` passes. */
export async function waitForOk(url: string, child: Child, timeoutMs = 15_000, intervalMs = 2): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new BenchError(`process exited (code ${child.proc.exitCode ?? child.proc.signalCode}) before ${url} answered:\n${child.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      throw new BenchError(`${url} did not answer within ${timeoutMs} ms. Output so far:\n${child.output()}`);
    }
    await Bun.sleep(intervalMs);
  }
}

/** SIGTERM, then SIGKILL after `graceMs`. Resolves when the process has exited. */
export async function stopChild(child: Child, graceMs = 3000) {
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill("SIGTERM");
  const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(graceMs).then(() => false)]);
  if (!exited) {
    proc.kill("SIGKILL");
    await proc.exited;
  }
}

/**
 * A throw-away data dir the binary has migrated and seeded (started once, then stopped), ready for
 * a bench to write its data straight into the database, and a free port to start it on again.
 * The caller removes the dir (removeDir) when done.
 */
export async function seededDataDir(prefix: string): Promise<{ dataDir: string; port: number; base: string }> {
  const dataDir = tempDir(prefix);
  try {
    const port = await freePort();
    const base = `http://${HOST}:${port}`;
    const child = startBinary({ port, dataDir, logLevel: "error" });
    try {
      await waitForOk(`${base}/healthz`, child);
    } finally {
      await stopChild(child);
    }
    return { dataDir, port, base };
  } catch (err) {
    removeDir(dataDir);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers and tables.

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
}

export const fmtInt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "n/a");
export const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms` : "n/a");
export const fmtMiB = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : "n/a");
export const status = (ok: boolean | null) => (ok === null ? "-" : ok ? "PASS" : "FAIL");

/** An aligned Markdown table (readable both in a terminal and rendered). */
export function table(headers: string[], rows: string[][]): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const all = [headers, ...rows].map((r) => r.map(esc));
  const widths = headers.map((_, i) => Math.max(3, ...all.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => `| ${widths.map((w, i) => (r[i] ?? "").padEnd(w)).join(" | ")} |`;
  return [line(all[0]!), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...all.slice(1).map(line)].join("\n");
}

/** Runs a part on its own (when its file is executed directly) and prints its section. */
export async function runStandalone<T>(fn: () => Promise<PartResult<T>>) {
  try {
    const r = await fn();
    console.log(`\n${r.markdown}\n`);
    console.log(
      table(
        ["metric", "value", "target", "status"],
        r.checks.map((c) => [c.metric, c.value, c.target, status(c.ok)]),
      ),
    );
    process.exit(0);
  } catch (e) {
    console.error(e instanceof BenchError ? `error: ${e.message}` : e);
    process.exit(1);
  }
}

/** Share of all cores busy over `ms` (from /proc/stat; null off Linux): was anything else running? */
export async function cpuBusyPercent(ms = 1000): Promise<number | null> {
  const sample = () => {
    try {
      const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
      const idle = (f[3] ?? 0) + (f[4] ?? 0);
      return { idle, total: f.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = sample();
  await Bun.sleep(ms);
  const b = sample();
  if (!a || !b || b.total === a.total) return null;
  return Math.round(100 * (1 - (b.idle - a.idle) / (b.total - a.total)) * 10) / 10;
}

/**
 * Clock ticks all cores spent busy (everything but idle and iowait), and in all, since boot (Linux;
 * null elsewhere). Interrupt time is included: the kernel charges a process's own loopback
 * networking to it in /proc/<pid>/stat while /proc/stat counts it as softirq.
 */
export function systemTicks(): { busy: number; total: number } | null {
  try {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - (f[3] ?? 0) - (f[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** Clock ticks of CPU a process used (user + system), plus those of its reaped children if asked. */
export function processTicks(pid: number | "self", withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    // After the command name: f[0] is field 3 (state), so field n is f[n - 3].
    return f[11]! + f[12]! + (withChildren ? f[13]! + f[14]! : 0);
  } catch {
    return 0;
  }
}

/**
 * Measures how much CPU processes other than ours (this one, its reaped children such as wrk, and
 * `pids`) used meanwhile: start() before, then stop() returns the share of all cores, in percent.
 */
export function otherCpu(pids: number[]) {
  const own = () => processTicks("self", true) + pids.reduce((n, p) => n + processTicks(p), 0);
  const s0 = systemTicks();
  const o0 = own();
  return () => {
    const s1 = systemTicks();
    if (!s0 || !s1 || s1.total === s0.total) return null;
    const other = s1.busy - s0.busy - (own() - o0);
    return Math.max(0, Math.round((1000 * other) / (s1.total - s0.total)) / 10);
  };
}

/** A small deterministic PRNG, so every run builds the same data. */
export function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
