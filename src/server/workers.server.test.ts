import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultSettings, settingDeclarations } from "../shared/settings";
import { readEnv } from "./env.server";
import { setLogLevel } from "./log.server";
import { cpuQuotaCores, ownCommand, restartEveryMs, usableCores, WorkerSupervisor, whenSupervisorGone, workerCount, workerNumber } from "./workers.server";

test("the process that was started is worker 1; its copies are told their number", () => {
  expect(workerNumber({})).toBe(1);
  expect(workerNumber({ PI_SITE_WORKER: "1" })).toBe(1);
  expect(workerNumber({ PI_SITE_WORKER: "2" })).toBe(2);
  expect(workerNumber({ PI_SITE_WORKER: "12" })).toBe(12);
  expect(workerNumber({ PI_SITE_WORKER: "x" })).toBe(1);
});

test("how many workers: WORKERS, else the setting, else one per core (one core, one process)", () => {
  expect(workerCount(3, 2, 8)).toBe(3);
  expect(workerCount(undefined, 2, 8)).toBe(2);
  expect(workerCount(undefined, 0, 8)).toBe(8);
  expect(workerCount(undefined, 0, 1)).toBe(1);
  expect(workerCount(undefined, 0, 0)).toBe(1);
  expect(workerCount(undefined, 0, 200)).toBe(64);
});

/** A machine's files as cpuQuotaCores reads them: `files` by path, every other path absent. */
const machine = (files: Record<string, string>) => (path: string) => files[path] ?? null;

test("a container's CPU quota caps the cores, rounded up; no quota leaves the cores the process may run on", () => {
  // Docker with --cpus=1.5 on cgroup v2, the container's own cgroup mounted as the root.
  expect(cpuQuotaCores(machine({ "/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/cpu.max": "150000 100000\n" }))).toBe(1.5);
  expect(usableCores(16, 1.5)).toBe(2);
  expect(usableCores(16, 0.25)).toBe(1);
  expect(usableCores(2, 8)).toBe(2);
  expect(usableCores(4, null)).toBe(4);
  // A systemd slice with CPUQuota=300% seen from the host's cgroup tree, its parent limited to 2 cores.
  const sliced = machine({
    "/proc/self/cgroup": "0::/system.slice/pi-site.service\n",
    "/sys/fs/cgroup/system.slice/pi-site.service/cpu.max": "300000 100000",
    "/sys/fs/cgroup/system.slice/cpu.max": "200000 100000",
    "/sys/fs/cgroup/cpu.max": "max 100000",
  });
  expect(cpuQuotaCores(sliced)).toBe(2);
  // cgroup v1 (cpu and cpuacct mounted together), 0.5 of a core; -1 means no quota.
  const v1 = (quota: string) =>
    machine({
      "/proc/self/cgroup": "12:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n0::/\n",
      "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us": quota,
      "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000",
    });
  expect(cpuQuotaCores(v1("50000\n"))).toBe(0.5);
  expect(cpuQuotaCores(v1("-1\n"))).toBeNull();
  // Unlimited, or nothing to read (not Linux): no quota.
  expect(cpuQuotaCores(machine({ "/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/cpu.max": "max 100000\n" }))).toBeNull();
  expect(cpuQuotaCores(machine({}))).toBeNull();
});

test("WORKERS is a whole number from 1 to 64, empty meaning unset; anything else stops start-up with a readable message", () => {
  expect(readEnv({}).WORKERS).toBeUndefined();
  expect(readEnv({ WORKERS: "" }).WORKERS).toBeUndefined();
  expect(readEnv({ WORKERS: "1" }).WORKERS).toBe(1);
  expect(readEnv({ WORKERS: " 4 " }).WORKERS).toBe(4);
  expect(readEnv({ WORKERS: "64" }).WORKERS).toBe(64);
  for (const bad of ["0", "65", "two", "1.5", "-1", "2x"]) {
    expect(() => readEnv({ WORKERS: bad })).toThrow("Invalid configuration: WORKERS: a whole number of worker processes from 1 to 64");
  }
});

test("a copy is the same program with the same arguments: the binary itself, or bun with the entry file from source", () => {
  expect(ownCommand("/usr/local/bin/pi-site", "/$bunfs/root/pi-site", ["bun", "/$bunfs/root/pi-site", "serve"])).toEqual(["/usr/local/bin/pi-site", "serve"]);
  expect(ownCommand("/usr/bin/bun", "/srv/src/server/main.ts", ["/usr/bin/bun", "/srv/src/server/main.ts"])).toEqual([
    "/usr/bin/bun",
    "/srv/src/server/main.ts",
  ]);
  // Installed over while it runs: the copies are still this version.
  expect(ownCommand("/usr/local/bin/pi-site (deleted)", "/$bunfs/root/pi-site", ["bun", "/$bunfs/root/pi-site"])).toEqual(["/proc/self/exe"]);
});

setLogLevel("silent");
let supervisor: WorkerSupervisor | null = null;
afterEach(async () => {
  await supervisor?.stop(2_000);
  supervisor = null;
});

test("the supervisor starts workers 2..N with their number and stops them all with SIGTERM", async () => {
  const script = "process.on('SIGTERM', () => { console.log('stopping ' + process.env.PI_SITE_WORKER); process.exit(0); }); setInterval(() => {}, 1000);";
  supervisor = new WorkerSupervisor([process.execPath, "-e", script], { ...process.env }).start(3);
  const pids = supervisor.pids;
  expect([...pids.keys()].sort()).toEqual([2, 3]);
  for (const pid of pids.values()) expect(() => process.kill(pid, 0)).not.toThrow();
  await Bun.sleep(300);
  await supervisor.stop(5_000);
  for (const pid of pids.values()) expect(() => process.kill(pid, 0)).toThrow();
  expect(supervisor.pids.size).toBe(0);
});

test("a worker that dies at once is started again at most once a second; one that ignores SIGTERM is killed after the grace period", async () => {
  // Each copy writes its pid down before it dies: one that lives a few milliseconds is still counted
  // (looking at the running copies every 10 ms missed such a one).
  const dir = mkdtempSync(join(tmpdir(), "pi-site-workers-"));
  const starts = join(dir, "starts");
  const dies = `require("node:fs").appendFileSync(${JSON.stringify(starts)}, process.pid + "\\n"); process.exit(3);`;
  try {
    supervisor = new WorkerSupervisor([process.execPath, "-e", dies], { ...process.env }).start(2);
    await Bun.sleep(2_500);
    await supervisor.stop(1_000);
    const seen = new Set(readFileSync(starts, "utf8").split("\n").filter(Boolean));
    // Started at 0, then after 1 s and 2 s: three at most in 2.5 s, never a busy loop.
    expect(seen.size).toBeGreaterThanOrEqual(2);
    expect(seen.size).toBeLessThanOrEqual(Math.ceil(2_500 / restartEveryMs));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  supervisor = new WorkerSupervisor([process.execPath, "-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);"], { ...process.env }).start(2);
  const [stubborn] = supervisor.pids.values();
  await Bun.sleep(300);
  const stopping = Date.now();
  await supervisor.stop(500);
  expect(Date.now() - stopping).toBeLessThan(3_000);
  expect(() => process.kill(stubborn as number, 0)).toThrow();
});

test("a copy notices that worker 1 is gone", async () => {
  let gone = 0;
  // This test's own parent is not the supervisor named: as after worker 1 was killed.
  const stop = whenSupervisorGone(() => gone++, { PI_SITE_SUPERVISOR: String(process.ppid + 1) }, 20);
  await Bun.sleep(100);
  expect(gone).toBe(1);
  stop();
  let still = 0;
  const stopStill = whenSupervisorGone(() => still++, { PI_SITE_SUPERVISOR: String(process.ppid) }, 20);
  await Bun.sleep(100);
  expect(still).toBe(0);
  stopStill();
});

test("the Worker processes setting: 0 (one per core) until changed, a whole number from 0 to 64", () => {
  expect(defaultSettings.workerProcesses).toBe(0);
  const check = settingDeclarations.workerProcesses.check;
  for (const ok of [0, 1, 2, 64]) expect(check.safeParse(ok).success).toBe(true);
  for (const bad of [-1, 65, 1.5, "2"]) {
    const parsed = check.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Use 0 to 64 processes");
  }
  expect(settingDeclarations.workerProcesses.field).toMatchObject({ kind: "number", hint: expect.stringContaining("Takes effect at the next start") });
});
