/**
 * The built binary (dist/pi-site) as the operations tests run it: several processes on one data
 * directory, stopped by signal or killed, restarted; with a real SMTP server and the PayPal
 * stand-in where a test needs them.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
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
 * once this process answers /healthz, or throws with its output.
 */
export async function startInstance(dir: string, port: number, env: Record<string, string> = {}, prefix: string[] = []): Promise<Instance> {
  if (!existsSync(binary)) throw new Error("dist/pi-site is missing: run `bun scripts/build.ts` first");
  const proc = Bun.spawn([...prefix, binary], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "info", ...env },
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
  // Another instance may answer on the port too: wait for this one's "listening" line.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) break;
    if (logs.join("").includes('"msg":"listening"')) return instance;
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
