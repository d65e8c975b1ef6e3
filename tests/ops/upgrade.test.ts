/**
 * An upgrade under load, as docs/upgrades.md describes it: wrk keeps 32 connections busy on the
 * old instance's port, the new binary starts on the same port (reusePort), the old one is sent
 * SIGTERM and exits 0; wrk must see no failed request and no socket error (decision 050).
 */
import { afterAll, expect, test } from "bun:test";
import { dataDir, startUpgradeLoad, freePort, killLeftovers, logLines, startInstance, stopInstance, waitFor } from "./lib";

afterAll(killLeftovers);

test("the old instance stops while the new one serves: no failed request, no socket error", async () => {
  const dir = dataDir("upgrade");
  const port = freePort();
  const old = await startInstance(dir, port);
  const load = startUpgradeLoad(dir, port);
  await Bun.sleep(2_500);
  const next = await startInstance(dir, port);
  await Bun.sleep(1_500);
  expect(await stopInstance(old, "SIGTERM")).toBe(0);
  const { code, out, total } = await load;
  expect(code).toBe(0);
  expect(total).toBeGreaterThan(100);
  // wrk prints these lines only when there is something to report.
  expect(out).not.toContain("Non-2xx or 3xx responses");
  expect(out).not.toContain("Socket errors");
  // The old one stopped the way it should; the new one took the jobs over and still serves.
  expect(logLines(old, "job lease released")).toHaveLength(1);
  await waitFor("the new instance to take the job lease", () => logLines(next, "job lease taken").length === 1);
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  expect(await stopInstance(next, "SIGTERM")).toBe(0);
}, 60_000);
