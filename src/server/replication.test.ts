/**
 * The continuous copy (decision 078): its rules (the restore's `--at` in the business time zone,
 * how far the copy has reached, what the dashboard says), the dashboard's owners-only answer, and
 * the supervisor with the real Litestream: a working directory copy keeps up with the site's
 * checkpoints off; a bucket it cannot reach is one owner alert in the outbox, not one per check.
 * The binary's kill -9 and restore runs are in tests/ops/replication.test.ts.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminWithToken } from "../../tests/factories";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { copiedUpTo, durationText, type ReplicationState, replicationSummary, restorePointInstant } from "../domain/replication";
import { parseLitestreamMetrics, ReplicationSupervisor } from "./replication.server";
import { readReplicationState, replicationStateFile } from "./replication-state.server";

const litestream = join(import.meta.dir, "../../node_modules/@flydotio/litestream-linux-x64/litestream");

describe("restorePointInstant", () => {
  test("a wall-clock time in the business time zone, to the minute or the second", () => {
    // Adelaide in December is UTC+10:30 (daylight saving).
    expect(restorePointInstant("2026-12-01 17:59", "Australia/Adelaide")?.toISOString()).toBe("2026-12-01T07:29:00.000Z");
    expect(restorePointInstant("2026-12-01 17:59:30", "Australia/Adelaide")?.toISOString()).toBe("2026-12-01T07:29:30.000Z");
    // In June it is UTC+9:30.
    expect(restorePointInstant("2026-06-01T17:59", "Australia/Adelaide")?.toISOString()).toBe("2026-06-01T08:29:00.000Z");
    expect(restorePointInstant("2026-12-01T07:29:00Z", "Australia/Adelaide")?.toISOString()).toBe("2026-12-01T07:29:00.000Z");
  });

  test("anything else is no time", () => {
    for (const text of ["yesterday", "2026-12-01", "2026-12-01 25:00", "2026-12-01 17:60", "2026-12-01T07:29:00+25:00", "17:59"])
      expect(restorePointInstant(text, "Australia/Adelaide")).toBeNull();
    // The hour skipped when daylight saving begins does not exist.
    expect(restorePointInstant("2026-10-04 02:30", "Australia/Adelaide")).toBeNull();
  });
});

test("the copy holds the newest moment whose log position it has reached", () => {
  const samples = [
    { at: 1000, local: { index: 0, offset: 4000 } },
    { at: 2000, local: { index: 0, offset: 9000 } },
    { at: 3000, local: { index: 1, offset: 100 } },
  ];
  expect(copiedUpTo(samples, { index: 0, offset: 3999 })).toBeNull();
  expect(copiedUpTo(samples, { index: 0, offset: 9000 })).toBe(2000);
  expect(copiedUpTo(samples, { index: 1, offset: 0 })).toBe(2000);
  expect(copiedUpTo(samples, { index: 1, offset: 100 })).toBe(3000);
});

test("Litestream's metrics give the copied log position", () => {
  const text = [
    "# HELP litestream_shadow_wal_index",
    'litestream_shadow_wal_index{db="/d/pi-site.db"} 2',
    'litestream_shadow_wal_size{db="/d/pi-site.db"} 20632',
    'litestream_replica_wal_index{db="/d/pi-site.db",name="s3"} 1',
    'litestream_replica_wal_offset{db="/d/pi-site.db",name="s3"} 4.12e+06',
    'litestream_sync_error_count{db="/d/pi-site.db"} 3',
  ].join("\n");
  expect(parseLitestreamMetrics(text)).toEqual({ replica: { index: 1, offset: 4_120_000 }, syncErrors: 3 });
  expect(parseLitestreamMetrics("")).toBeNull();
});

describe("replicationSummary", () => {
  const now = 1_800_000_000_000;
  const state = (over: Partial<ReplicationState> = {}): ReplicationState => ({
    replica: "s3://b/db",
    checkedAt: now - 1000,
    copiedAt: now - 2000,
    since: now - 600_000,
    problem: null,
    alertedAt: null,
    ...over,
  });
  test("off, copied so long ago, behind past a minute, silent, and not yet started", () => {
    expect(replicationSummary(null, null, now)).toEqual({ status: "off" });
    expect(replicationSummary("s3://b/db", state(), now)).toEqual({ status: "ok", text: "Copied 2 seconds ago.", problem: null, replica: "s3://b/db" });
    expect(replicationSummary("s3://b/db", state({ copiedAt: now - 61_000, problem: "connection refused" }), now)).toMatchObject({
      status: "behind",
      text: "Copied 1 minute ago.",
      problem: "connection refused",
    });
    expect(replicationSummary("s3://b/db", state({ checkedAt: now - 120_000 }), now)).toMatchObject({
      status: "stopped",
      text: "Nothing heard from the copy for 2 minutes.",
    });
    expect(replicationSummary("s3://b/db", null, now).status).toBe("stopped");
    expect(replicationSummary("s3://b/db", state({ copiedAt: null, since: now - 5000, problem: "the litestream program was not found" }), now)).toMatchObject({
      status: "stopped",
      problem: "the litestream program was not found",
    });
    // A state written for another replica (the setting changed) says nothing about this one.
    expect(replicationSummary("file:///mnt/copy", state(), now).status).toBe("stopped");
  });
  test("durations read as people say them", () => {
    expect([0, 1000, 59_000, 60_000, 7_200_000, 3 * 86_400_000].map(durationText)).toEqual([
      "0 seconds",
      "1 second",
      "59 seconds",
      "1 minute",
      "2 hours",
      "3 days",
    ]);
  });
});

let t: TestApp | undefined;
let supervisor: ReplicationSupervisor | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await supervisor?.stop();
  supervisor = undefined;
  await t?.close();
  t = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("GET /api/admin/replication", () => {
  test("owners see it off while no replica is configured; staff are refused", async () => {
    t = createTestApp();
    const owner = adminWithToken(t.db, "owner");
    const staff = adminWithToken(t.db, "sam", undefined, "staff");
    const res = await t.request("/api/admin/replication", { headers: { Authorization: owner.authorization } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "off" });
    const refused = await t.request("/api/admin/replication", { headers: { Authorization: staff.authorization } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("owners_only");
  });

  test("configured: what the running instance last wrote, without the replica's password", async () => {
    t = createTestApp({ LITESTREAM_REPLICA_URL: "sftp://backup:secret@copy.example.net/pi-site" });
    const owner = adminWithToken(t.db, "owner");
    const now = Date.now();
    writeFileSync(
      replicationStateFile(t.dataDir),
      JSON.stringify({
        replica: "sftp://backup:***@copy.example.net/pi-site",
        checkedAt: now,
        copiedAt: now - 2400,
        since: now - 60_000,
        problem: null,
        alertedAt: null,
      }),
    );
    const res = await t.request("/api/admin/replication", { headers: { Authorization: owner.authorization } });
    expect(await res.json()).toEqual({ status: "ok", text: "Copied 2 seconds ago.", problem: null, replica: "sftp://backup:***@copy.example.net/pi-site" });
  });
});

describe("the supervisor with Litestream", () => {
  test("a directory copy keeps up, and the site's own automatic checkpoints are off while it runs", async () => {
    const replica = mkdtempSync(join(tmpdir(), "pi-site-replica-"));
    dirs.push(replica);
    t = createTestApp({ LITESTREAM_REPLICA_URL: `file://${replica}/db` });
    supervisor = new ReplicationSupervisor(t.deps, null, litestream, 200).start();
    expect(t.db.$client.query("PRAGMA wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 0 });
    const written = Date.now();
    t.db.$client.exec("CREATE TABLE IF NOT EXISTS replication_probe (x)");
    t.db.$client.query("INSERT INTO replication_probe VALUES (?)").run(written);
    const deadline = Date.now() + 10_000;
    while ((readReplicationState(t.dataDir)?.copiedAt ?? 0) < written && Date.now() < deadline) await Bun.sleep(100);
    expect(readReplicationState(t.dataDir)?.copiedAt ?? 0).toBeGreaterThanOrEqual(written);
    expect(t.db.$client.query("SELECT count(*) AS n FROM outbox").get()).toEqual({ n: 0 });
  }, 20_000);

  test("under write load Litestream checkpoints alone: 56 MB written, one generation, the log bounded, the copy keeps up", async () => {
    const replica = mkdtempSync(join(tmpdir(), "pi-site-replica-"));
    dirs.push(replica);
    t = createTestApp({ LITESTREAM_REPLICA_URL: `file://${replica}/db` });
    supervisor = new ReplicationSupervisor(t.deps, null, litestream, 200).start();
    const db = t.db.$client;
    db.exec("CREATE TABLE load_probe (x BLOB)");
    const insert = db.prepare("INSERT INTO load_probe VALUES (randomblob(?))");
    let largestWal = 0;
    for (let i = 0; i < 112; i++) {
      db.transaction(() => {
        for (let j = 0; j < 8; j++) insert.run(64 * 1024);
      })();
      largestWal = Math.max(largestWal, Bun.file(`${db.filename}-wal`).size);
      await Bun.sleep(30);
    }
    const written = Date.now();
    const deadline = Date.now() + 15_000;
    while ((readReplicationState(t.dataDir)?.copiedAt ?? 0) < written && Date.now() < deadline) await Bun.sleep(100);
    expect(readReplicationState(t.dataDir)?.copiedAt ?? 0).toBeGreaterThanOrEqual(written);
    // Without checkpoints the log would hold all 56 MB; Litestream checkpoints from 1000 pages and
    // forces a restart of the log at 10,000 pages (40 MB).
    expect(largestWal).toBeLessThan(44 * 1024 * 1024);
    // A checkpoint by anyone else that restarted the log before Litestream read it would have begun
    // a new generation (a full copy again): there is still only the first.
    expect(readdirSync(join(replica, "db/generations"))).toHaveLength(1);
    console.log(`largest write-ahead log under load: ${(largestWal / 1024 / 1024).toFixed(1)} MB`);
  }, 60_000);

  test("a bucket it cannot use: one owner alert through the outbox, and the problem on the dashboard", async () => {
    // Nothing listens on this port.
    const closed = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const port = closed.port;
    closed.stop(true);
    t = createTestApp({ LITESTREAM_REPLICA_URL: "s3://copy/db", LITESTREAM_ENDPOINT: `http://127.0.0.1:${port}`, LITESTREAM_REGION: "us-east-1" });
    const owner = adminWithToken(t.db, "owner");
    // Litestream retries for a few seconds before it says what is wrong; the alert waits 5 s here (a minute in use).
    supervisor = new ReplicationSupervisor(t.deps, null, litestream, 200, 5_000).start();
    const alerts = () =>
      t?.db.$client.query<{ subject: string; text: string }, []>("SELECT subject, text FROM outbox WHERE subject LIKE '%database copy%'").all() ?? [];
    const deadline = Date.now() + 15_000;
    while (alerts().length === 0 && Date.now() < deadline) await Bun.sleep(100);
    await Bun.sleep(1_000);
    const sent = alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^The website's database copy is \d+ seconds? behind$/);
    // No keys are given: Litestream's own words say so.
    expect(sent[0]?.text).toContain("What went wrong: monitor error: NoCredentialProviders");
    const res = await t.request("/api/admin/replication", { headers: { Authorization: owner.authorization } });
    const body = (await res.json()) as { status: string; problem: string };
    expect(body.status).toBe("behind");
    expect(body.problem).toContain("NoCredentialProviders");
  }, 20_000);
});
