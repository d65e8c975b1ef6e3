/**
 * Worker processes (decision 089): `pi-site serve` answers visitors with one process per core. The
 * process started by systemd (or by hand) is worker 1: it migrates and seeds the database, runs the
 * background work under the job lease, serves, and starts workers 2..N as copies of the same
 * program with `PI_SITE_WORKER=<n>`. Every worker listens on the same port (`reusePort`: the
 * kernel spreads the connections) and opens the same data directory; the copies only serve.
 * Worker 1 starts a copy again when it dies, and stops them all before it stops itself; a copy
 * whose worker 1 is gone (killed with -9) stops by itself, so no server is left on the port.
 */
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Subprocess } from "bun";
import { log } from "./log.server";

/** The largest number of workers the setting and WORKERS allow. */
export const mostWorkers = 64;

/** A worker that dies sooner than this after it started is started again only this long after its last start. */
export const restartEveryMs = 1_000;

/** How often a copy checks that worker 1 is still there. */
export const parentCheckMs = 500;

/** This process's worker number: 1 for the process that was started, 2..N for the copies it starts. */
export function workerNumber(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PI_SITE_WORKER);
  return Number.isInteger(n) && n >= 2 ? n : 1;
}

/** Reads a file's text, or null when there is none to read. */
type ReadText = (path: string) => string | null;
const readText: ReadText = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
};

/** The cgroup a controller's files are in, from /proc/self/cgroup ("0::/path" for v2, "N:cpu,cpuacct:/path" for v1). */
function cgroupPath(procSelfCgroup: string, v1Controller: string | null): string | null {
  for (const line of procSelfCgroup.split("\n")) {
    const [id, controllers, path] = line.split(":");
    if (path === undefined) continue;
    if (v1Controller === null ? id === "0" && controllers === "" : controllers?.split(",").includes(v1Controller)) return path;
  }
  return null;
}

/** A cgroup path and each of its parents, deepest first ("/a/b" → "/a/b", "/a", ""). */
function selfAndParents(path: string): string[] {
  const parts = path.split("/").filter(Boolean);
  return Array.from({ length: parts.length + 1 }, (_, i) => (parts.length - i === 0 ? "" : `/${parts.slice(0, parts.length - i).join("/")}`));
}

/**
 * The processor time a container may use, in cores (1.5 for `--cpus=1.5`), or null when no quota
 * applies: the smallest quota of the process's cgroup and its parents, cgroup v2 (`cpu.max`) or v1
 * (`cpu.cfs_quota_us` / `cpu.cfs_period_us`). Where the cgroup tree is mounted with the container's
 * own root, its files are also looked for at the mount's root.
 */
export function cpuQuotaCores(read: ReadText = readText): number | null {
  const procSelf = read("/proc/self/cgroup") ?? "";
  const quotas: number[] = [];
  const v2 = cgroupPath(procSelf, null);
  for (const dir of selfAndParents(v2 ?? "")) {
    const [quota, period] = (read(`/sys/fs/cgroup${dir}/cpu.max`) ?? "").trim().split(/\s+/);
    if (quota && quota !== "max" && Number(period) > 0) quotas.push(Number(quota) / Number(period));
  }
  const v1 = cgroupPath(procSelf, "cpu");
  for (const mount of ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"]) {
    for (const dir of selfAndParents(v1 ?? "")) {
      const quota = Number(read(`${mount}${dir}/cpu.cfs_quota_us`));
      const period = Number(read(`${mount}${dir}/cpu.cfs_period_us`));
      if (quota > 0 && period > 0) quotas.push(quota / period);
    }
  }
  const positive = quotas.filter((q) => Number.isFinite(q) && q > 0);
  return positive.length > 0 ? Math.min(...positive) : null;
}

/**
 * The cores this process can use: those it may run on (its CPU affinity, which `taskset` and
 * a container's cpuset narrow), and no more than its container's CPU quota, rounded up (a host's 16
 * cores seen from a `--cpus=2` container are 2).
 */
export function usableCores(cores = availableParallelism(), quota = cpuQuotaCores()): number {
  return Math.max(1, quota === null ? cores : Math.min(cores, Math.ceil(quota)));
}

/**
 * How many workers serve: WORKERS when it is set, else the "Worker processes" setting, else (the
 * setting's 0) one per core this process can use. One core, one process, exactly as before workers existed.
 */
export function workerCount(fromEnv: number | undefined, fromSetting: number, cores = usableCores()): number {
  if (fromEnv) return Math.min(fromEnv, mostWorkers);
  if (fromSetting > 0) return Math.min(fromSetting, mostWorkers);
  return Math.max(1, Math.min(cores, mostWorkers));
}

/**
 * The command that starts another copy of this program with the same arguments: the compiled
 * binary itself (its entry lives inside it, under /$bunfs), or bun with the entry file when run
 * from source.
 */
export function ownCommand(execPath = process.execPath, main = Bun.main, argv = process.argv): string[] {
  const compiled = main.startsWith("/$bunfs/") || main.startsWith("B:/~BUN/");
  // A binary replaced on disk while it runs (an upgrade installed over it): the copies must still
  // be this version, which the system keeps reachable as /proc/self/exe.
  const program = execPath.endsWith(" (deleted)") && existsSync("/proc/self/exe") ? "/proc/self/exe" : execPath;
  return compiled ? [program, ...argv.slice(2)] : [program, main, ...argv.slice(2)];
}

type Child = { proc: Subprocess<"ignore", "inherit", "inherit">; startedAt: number };

/**
 * Worker 1's copies: starts workers 2..N, starts one again when it dies unexpectedly (at most once
 * a second, so a copy that cannot start does not spin), and stops them all on `stop`.
 */
export class WorkerSupervisor {
  private readonly children = new Map<number, Child>();
  private readonly restarts = new Map<number, ReturnType<typeof setTimeout>>();
  private stopping = false;

  constructor(
    private readonly command: string[],
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** Starts workers 2..`count`. */
  start(count: number): this {
    for (let n = 2; n <= count; n++) this.spawn(n);
    return this;
  }

  /** The process ids of the copies running now, by worker number. */
  get pids(): Map<number, number> {
    return new Map([...this.children].map(([n, c]) => [n, c.proc.pid]));
  }

  private spawn(n: number) {
    const startedAt = Date.now();
    try {
      const proc: Child["proc"] = Bun.spawn(this.command, {
        env: { ...this.env, PI_SITE_WORKER: String(n), PI_SITE_SUPERVISOR: String(process.pid) },
        // One log for every worker: their lines go where worker 1's go (the journal, a file).
        stdio: ["ignore", "inherit", "inherit"],
        onExit: (_exited, code, signal): void => this.exited(n, proc, code, signal),
      });
      this.children.set(n, { proc, startedAt });
    } catch (err) {
      // Worker 1 serves on without it and tries again; it never stops because a copy cannot start.
      log.error("worker could not be started; trying again", { worker: n, error: err instanceof Error ? err.message : String(err) });
      this.restartLater(n, startedAt);
    }
  }

  private exited(n: number, proc: Subprocess, code: number | null, signal: number | null | string) {
    const child = this.children.get(n);
    if (child?.proc !== proc) return;
    this.children.delete(n);
    if (this.stopping) return;
    const inMs = this.restartLater(n, child.startedAt);
    log.error("worker exited unexpectedly; starting it again", { worker: n, pid: proc.pid, code, signal, inMs });
  }

  /** Starts worker `n` again a second after its last start (at once if that is past); answers the wait. */
  private restartLater(n: number, startedAt: number): number {
    const wait = Math.max(0, restartEveryMs - (Date.now() - startedAt));
    this.restarts.set(
      n,
      setTimeout(() => {
        this.restarts.delete(n);
        if (!this.stopping) this.spawn(n);
      }, wait),
    );
    return wait;
  }

  /**
   * Sends every copy SIGTERM (each finishes the requests it has, as worker 1 does) and resolves
   * once all have exited; one still running after `graceMs` is killed.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    for (const timer of this.restarts.values()) clearTimeout(timer);
    this.restarts.clear();
    const running = [...this.children.values()].map((c) => c.proc);
    for (const proc of running) proc.kill("SIGTERM");
    const all = Promise.all(running.map((p) => p.exited)).then(() => true);
    if (!(await Promise.race([all, Bun.sleep(graceMs).then(() => false)]))) {
      const left = running.filter((p) => p.exitCode === null && p.signalCode === null);
      log.warn("workers still running at the end of the grace period; killed", { pids: left.map((p) => p.pid) });
      for (const proc of left) proc.kill("SIGKILL");
      await Promise.all(left.map((p) => p.exited));
    }
    this.children.clear();
  }
}

/**
 * In a copy: calls `onGone` once worker 1 is no longer this process's parent (it was killed with
 * -9, or crashed), so the copy stops instead of serving on alone, without the background work and
 * out of reach of the next start's supervision.
 */
export function whenSupervisorGone(onGone: () => void, env: Record<string, string | undefined> = process.env, everyMs = parentCheckMs): () => void {
  const supervisor = Number(env.PI_SITE_SUPERVISOR);
  const gone = () => (Number.isInteger(supervisor) && supervisor > 0 ? process.ppid !== supervisor : process.ppid === 1);
  const timer = setInterval(() => {
    if (!gone()) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  return () => clearInterval(timer);
}
