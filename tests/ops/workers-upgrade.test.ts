/**
 * An upgrade under load with two workers on each side (decisions 050 and 089): wrk keeps 32
 * connections busy on the port, the new binary starts there with WORKERS=2 beside the old one's two
 * workers, and the old worker 1 is sent SIGTERM: it stops its copy and itself, exit 0, and wrk sees
 * no failed request and no socket error.
 */
import { afterAll, expect, test } from "bun:test";
import { alive, dataDir, startUpgradeLoad, freePort, killLeftovers, listeningPids, logLines, startInstance, stopInstance, waitFor } from "./lib";

afterAll(killLeftovers);

test("two workers each side: the old ones stop while the new ones serve; no failed request, no socket error", async () => {
  const dir = dataDir("workers-upgrade");
  const port = freePort();
  const old = await startInstance(dir, port, { WORKERS: "2" });
  const oldPids = listeningPids(port);
  expect(oldPids).toHaveLength(2);
  const load = startUpgradeLoad(dir, port);
  await Bun.sleep(2_500);
  const next = await startInstance(dir, port, { WORKERS: "2" });
  const newPids = listeningPids(port).filter((pid) => !oldPids.includes(pid));
  expect(newPids).toHaveLength(2);
  await Bun.sleep(1_500);
  expect(await stopInstance(old, "SIGTERM")).toBe(0);
  // Worker 1 exits only after its copy has: none of the old processes is left.
  expect(oldPids.filter(alive)).toEqual([]);
  expect(listeningPids(port)).toEqual(newPids.sort((a, b) => a - b));
  expect(
    logLines(old, "stopped")
      .map((l) => l.worker)
      .sort(),
  ).toEqual([1, 2]);
  const { code, out, total } = await load;
  expect(code).toBe(0);
  expect(total).toBeGreaterThan(100);
  // wrk prints these lines only when there is something to report.
  expect(out).not.toContain("Non-2xx or 3xx responses");
  expect(out).not.toContain("Socket errors");
  // The old worker 1 gave the jobs up; the new worker 1 took them.
  expect(logLines(old, "job lease released")).toHaveLength(1);
  await waitFor("the new instance to take the job lease", () => logLines(next, "job lease taken").length === 1);
  expect(String(logLines(next, "job lease taken")[0]?.holder)).toContain(`/${next.proc.pid}/`);
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  expect(await stopInstance(next, "SIGTERM")).toBe(0);
  expect(newPids.filter(alive)).toEqual([]);
}, 120_000);
