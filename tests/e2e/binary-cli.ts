/** Drives dist/pi-site as a process on a data directory that outlives it (restarts, kill -9, CLI). */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { freePort } from "./fixtures";

const binary = join(process.cwd(), "dist/pi-site");
const bun = join(process.cwd(), "node_modules/.bin/bun");

export type RunningSite = { url: string; port: number; process: ChildProcess; logs: string[] };

/** Starts the binary on `dataDir`; resolves once /healthz answers. */
export async function startBinary(dataDir: string, port?: number, env: Record<string, string> = {}): Promise<RunningSite> {
  const p = port ?? (await freePort());
  const child = spawn(binary, [], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(p), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout?.on("data", (d) => logs.push(String(d)));
  child.stderr?.on("data", (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, port: p, process: child, logs };
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  child.kill("SIGKILL");
  throw new Error(`site did not start:\n${logs.join("")}`);
}

/** Stops the site with `signal` and waits until the process is gone. */
export async function stopBinary(site: RunningSite, signal: NodeJS.Signals = "SIGTERM") {
  if (site.process.exitCode !== null || site.process.signalCode !== null) return;
  const exited = new Promise((r) => site.process.once("exit", r));
  site.process.kill(signal);
  await exited;
}

/** Runs a CLI command of the binary; answers its exit code and output. */
export function cli(dataDir: string, args: string[], env: Record<string, string> = {}, input?: string) {
  const r = spawnSync(binary, args, { cwd: dataDir, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env }, encoding: "utf8", input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** tests/helpers/binary-db.ts under Bun (Playwright runs in Node, which has no bun:sqlite). */
export function dbHelper<T>(args: string[], input = ""): T {
  return JSON.parse(execFileSync(bun, ["tests/helpers/binary-db.ts", ...args], { input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })) as T;
}
