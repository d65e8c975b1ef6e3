/**
 * Worker processes, against the binary (decision 089): WORKERS=2 starts two processes serving on
 * one port, both answering; SIGTERM to worker 1 stops them all (exit 0); kill -9 of worker 1 leaves
 * no worker listening; a worker that dies is started again, at most once a second; the "Worker
 * processes" setting decides when WORKERS is unset; `restore` refuses and `healthcheck` answers
 * while they run.
 */
import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { updateSetting } from "../../src/db/settings.server";
import { alive, binary, dataDir, freePort, killLeftovers, listeningPids, logLines, requestWithPid, startInstance, stopInstance, waitFor } from "./lib";

afterAll(killLeftovers);

/** The pids that answered `tries` requests, each on a connection of its own. */
async function answeringPids(port: number, tries: number) {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) {
    const res = await requestWithPid(port, "GET", "/healthz");
    expect(res.status).toBe(200);
    pids.add(res.pid);
  }
  return pids;
}

test("WORKERS=2: two processes listen on the port and both answer; healthcheck answers, restore refuses; SIGTERM stops both, exit 0", async () => {
  const dir = dataDir("workers-two");
  const port = freePort();
  const site = await startInstance(dir, port, { WORKERS: "2" });
  const listening = logLines(site, "listening");
  expect(listening.map((l) => l.worker).sort()).toEqual([1, 2]);
  const first = listening.find((l) => l.worker === 1);
  const second = listening.find((l) => l.worker === 2);
  expect(first?.pid).toBe(site.proc.pid);
  const pids = listeningPids(port);
  expect(pids).toEqual([site.proc.pid, second?.pid as number].sort((a, b) => a - b));
  // The kernel spreads new connections over both: each answers some of them.
  expect([...(await answeringPids(port, 40))].sort((a, b) => a - b)).toEqual(pids);
  // Only worker 1 runs the background work.
  expect(logLines(site, "job lease taken")).toHaveLength(1);
  expect(String(logLines(site, "job lease taken")[0]?.holder)).toContain(`/${site.proc.pid}/`);

  const cli = (args: string[]) =>
    Bun.spawnSync([binary, ...args], { cwd: dir, env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: "silent" } });
  expect(cli(["healthcheck"]).exitCode).toBe(0);
  const refused = cli(["restore", join(dir, "pi-site.db")]);
  expect(refused.exitCode).toBe(1);
  expect(refused.stderr.toString()).toContain("restore refused: the site is running");

  expect(await stopInstance(site, "SIGTERM")).toBe(0);
  expect(pids.filter(alive)).toEqual([]);
  expect(listeningPids(port)).toEqual([]);
  expect(
    logLines(site, "stopped")
      .map((l) => l.worker)
      .sort(),
  ).toEqual([1, 2]);
}, 120_000);

test("kill -9 of worker 1: within 3 s no worker listens on the port, and the site starts again cleanly", async () => {
  const dir = dataDir("workers-kill");
  const port = freePort();
  const site = await startInstance(dir, port, { WORKERS: "2" });
  const pids = listeningPids(port);
  expect(pids).toHaveLength(2);
  const killedAt = Date.now();
  site.proc.kill("SIGKILL");
  await waitFor("no worker to listen on the port", () => listeningPids(port).length === 0 && pids.every((pid) => !alive(pid)), 3_000);
  // Its "stopped" line goes to a pipe nobody reads once worker 1 is gone; the port says enough.
  console.log(`the copy stopped ${Date.now() - killedAt} ms after worker 1 was killed`);

  const again = await startInstance(dir, port, { WORKERS: "2" });
  expect((await answeringPids(port, 10)).size).toBeGreaterThan(0);
  expect(await stopInstance(again)).toBe(0);
  expect(listeningPids(port)).toEqual([]);
}, 120_000);

/** The processes `pid` started and that still run. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

test("a worker that dies is started again, at most once a second", async () => {
  const dir = dataDir("workers-restart");
  const port = freePort();
  const site = await startInstance(dir, port, { WORKERS: "2" });
  const [firstCopy] = childrenOf(site.proc.pid);
  expect(listeningPids(port)).toEqual([site.proc.pid, firstCopy as number].sort((a, b) => a - b));
  process.kill(firstCopy as number, "SIGKILL");
  const copyStarts = () => logLines(site, "listening").filter((l) => l.worker === 2);
  await waitFor("a new copy to listen", () => copyStarts().length === 2, 30_000);
  const [secondCopy] = childrenOf(site.proc.pid);
  expect(copyStarts()[1]?.pid).toBe(secondCopy);
  process.kill(secondCopy as number, "SIGKILL");
  // The next one is killed the moment it is started: it is not started again before a second has passed.
  const newCopy = () => childrenOf(site.proc.pid).find((pid) => pid !== secondCopy);
  await waitFor("a third copy to be started", () => newCopy() !== undefined, 10_000);
  const thirdCopy = newCopy() as number;
  process.kill(thirdCopy, "SIGKILL");
  await waitFor("a fourth copy to listen", () => copyStarts().length === 3, 30_000);
  const restarts = logLines(site, "worker exited unexpectedly; starting it again");
  expect(restarts.map((l) => [l.worker, l.pid])).toEqual([
    [2, firstCopy],
    [2, secondCopy],
    [2, thirdCopy],
  ]);
  // The third copy died at once: its successor waited out the rest of the second since its start.
  const waited = Number(restarts[2]?.inMs);
  expect(waited).toBeGreaterThan(500);
  expect(waited).toBeLessThanOrEqual(1_000);
  expect(Date.parse(String(copyStarts()[2]?.time)) - Date.parse(String(restarts[2]?.time))).toBeGreaterThanOrEqual(waited - 5);
  expect(await stopInstance(site)).toBe(0);
  expect(listeningPids(port)).toEqual([]);
}, 120_000);

test("without WORKERS the Worker processes setting decides; a bad WORKERS stops start-up with a readable message", async () => {
  const dir = dataDir("workers-setting");
  const port = freePort();
  await stopInstance(await startInstance(dir, port));
  const db = openDatabase(join(dir, "pi-site.db"));
  updateSetting(db, "workerProcesses", 3);
  db.$client.close();
  // WORKERS empty is unset: the setting's 3 workers start.
  const site = await startInstance(dir, port, { WORKERS: "" });
  await waitFor("three workers", () => logLines(site, "listening").length === 3, 30_000);
  expect(listeningPids(port)).toHaveLength(3);
  expect(await stopInstance(site)).toBe(0);

  const bad = Bun.spawnSync([binary], { cwd: dir, env: { ...process.env, PORT: String(port), DATA_DIR: dir, WORKERS: "0" } });
  expect(bad.exitCode).not.toBe(0);
  expect(bad.stderr.toString()).toContain("Invalid configuration: WORKERS: a whole number of worker processes from 1 to 64");
}, 120_000);
