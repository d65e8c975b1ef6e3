/**
 * The built binary (dist/pi-site) as the operations tests run it: several processes on one data
 * directory, stopped by signal or killed, restarted; with a real SMTP server and the PayPal
 * stand-in where a test needs them.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

export const binary = join(import.meta.dir, "../../dist/pi-site");

export type Instance = { proc: Subprocess<"ignore", "pipe", "pipe">; port: number; base: string; logs: string[]; exited: Promise<number> };

const started = new Set<Instance>();

const dirs = new Set<string>();

/** Kills every instance a test started and left running (a failed test) and removes the data directories; for afterAll. */
export async function killLeftovers() {
  for (const i of started) if (i.proc.exitCode === null && i.proc.signalCode === null) i.proc.kill("SIGKILL");
  await Promise.all([...started].map((i) => i.exited));
  started.clear();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

/** A fresh data directory under the system's temporary directory. */
/**
 * A wrk script for an upgrade under load, written into `dir`: the public pages, the cached ones and
 * the API in turn, so both paths of the server are busy. Answers the script's path.
 */
function upgradeMixScript(dir: string): string {
  const script = join(dir, "mix.lua");
  writeFileSync(
    script,
    `
local paths = { "/", "/shop", "/services", "/about", "/contact", "/api/products", "/healthz" }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`,
  );
  return script;
}

/**
 * Starts wrk on `port` for 12 s with 32 connections and the upgrade mix (`upgradeMixScript`);
 * resolves, once it ends, with its exit code, its report (also printed) and the requests it made.
 */
export function startUpgradeLoad(dir: string, port: number): Promise<{ code: number; out: string; total: number }> {
  const script = upgradeMixScript(dir);
  const wrk = Bun.spawn(["wrk", "-t2", "-c32", "-d12s", "--timeout", "10s", "-s", script, `http://127.0.0.1:${port}/`], { stdout: "pipe", stderr: "pipe" });
  return Promise.all([wrk.exited, new Response(wrk.stdout).text()]).then(([code, out]) => {
    console.log(out);
    return { code, out, total: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0) };
  });
}

export function dataDir(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `pi-site-ops-${name}-`));
  dirs.add(dir);
  return dir;
}

/** A port nobody listens on (the OS picks it, then lets it go). */
export function freePort(): number {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

/**
 * Starts the binary on `dir` (and `port`, which another instance may already listen on); resolves
 * once each of its workers listens (one unless `env.WORKERS` says more, whatever the machine's
 * cores: a test knows which process answers), or throws with its output.
 */
export async function startInstance(dir: string, port: number, env: Record<string, string> = {}, prefix: string[] = []): Promise<Instance> {
  if (!existsSync(binary)) throw new Error("dist/pi-site is missing: run `bun scripts/build.ts` first");
  const proc = Bun.spawn([...prefix, binary], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "info", WORKERS: "1", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const logs: string[] = [];
  for (const stream of [proc.stdout, proc.stderr]) {
    void (async () => {
      const reader = stream.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        logs.push(decoder.decode(value));
      }
    })();
  }
  const base = `http://127.0.0.1:${port}`;
  const instance: Instance = { proc, port, base, logs, exited: proc.exited };
  started.add(instance);
  // Another instance may answer on the port too: wait for this one's "listening" lines, one a worker.
  const workers = Number(env.WORKERS ?? 1);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) break;
    if (logs.join("").split('"msg":"listening"').length > workers) return instance;
    await Bun.sleep(25);
  }
  proc.kill("SIGKILL");
  throw new Error(`the site did not start:\n${logs.join("")}`);
}

/** Sends `signal` and resolves with the exit code once the process is gone. */
export async function stopInstance(i: Instance, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (i.proc.exitCode !== null || i.proc.signalCode !== null) return i.proc.exitCode;
  i.proc.kill(signal);
  await i.exited;
  return i.proc.exitCode;
}

/** Resolves once `check` answers true, polling every 50 ms; throws `what` after `ms`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The log lines (JSON) of an instance that have `msg`. */
export function logLines(i: Instance, msg: string): Record<string, unknown>[] {
  return i.logs
    .join("")
    .split("\n")
    .filter((l) => l.includes(`"msg":"${msg}"`))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The process ids with a socket listening on `port` (every worker of every instance there), from `ss`. */
export function listeningPids(port: number): number[] {
  const out = Bun.spawnSync(["ss", "-Hltnp"]).stdout.toString();
  const pids = out
    .split("\n")
    .filter((line) => new RegExp(`:${port}\\s`).test(line))
    .flatMap((line) => [...line.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])));
  return [...new Set(pids)].sort((a, b) => a - b);
}

/** Whether the process `pid` exists (a zombie not yet reaped by its parent counts as gone). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/**
 * One request on a connection of its own, answered with the id of the process that answered it
 * (read from `ss` while the connection is still open): with several workers on one port, which
 * worker the kernel gave the connection to.
 */
export async function requestWithPid(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = "",
): Promise<{ status: number; body: string; pid: number }> {
  let raw = Buffer.alloc(0);
  let answered!: () => void;
  let failed!: (err: Error) => void;
  const complete = new Promise<void>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const isComplete = () => {
    const end = raw.indexOf("\r\n\r\n");
    if (end < 0) return false;
    const length = Number(/^content-length:\s*(\d+)/im.exec(raw.subarray(0, end).toString())?.[1] ?? 0);
    return raw.length >= end + 4 + length;
  };
  const socket = await Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: {
      data(_s, chunk) {
        raw = Buffer.concat([raw, chunk]);
        if (isComplete()) answered();
      },
      close: () => failed(new Error(`connection closed before the answer to ${method} ${path}`)),
      error: (_s, err) => failed(err),
    },
  });
  const head = Object.entries({ Host: `127.0.0.1:${port}`, "Content-Length": String(Buffer.byteLength(body)), ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`);
  try {
    await complete;
    const established = Bun.spawnSync(["ss", "-Htnp", "state", "established"]).stdout.toString();
    const served = established.split("\n").find((l) => new RegExp(`127\\.0\\.0\\.1:${port}\\s+127\\.0\\.0\\.1:${socket.localPort}\\s`).test(l));
    const pid = Number(/pid=(\d+)/.exec(served ?? "")?.[1] ?? 0);
    const text = raw.toString();
    const end = text.indexOf("\r\n\r\n");
    return { status: Number(text.slice(9, 12)), body: text.slice(end + 4), pid };
  } finally {
    socket.end();
  }
}
