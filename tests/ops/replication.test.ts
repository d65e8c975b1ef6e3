/**
 * The continuous copy of the database (decision 078), against the binary and the real Litestream:
 * the site writes under load (checkouts and bookings) while Litestream copies it to a directory,
 * then to an S3-compatible server on this machine (s3rver from npm); the site is killed (kill -9),
 * its data folder deleted as a dead disk would take it, the database restored from the copy into a
 * new folder, the site started on it, and every write acknowledged more than a second before the
 * kill is there. A restore to a moment between two writes has the first and not the second.
 *
 * s3rver 3.7 lists a bucket with a delimiter wrongly when the keys sit deeper than one level
 * below the prefix (it finds no common prefix), and lists keys in the order its folders are read
 * rather than S3's byte order; Litestream relies on both (its generations are listed by delimiter,
 * its log segments in order). The server here corrects that listing in its store before it starts
 * (`s3Server`).
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import S3rver from "s3rver";
import FilesystemStore from "s3rver/lib/stores/filesystem.js";
import { openDatabase } from "../../src/db/client.server";
import { generateSlots } from "../../src/db/timeslots.server";
import { publicHoliday } from "../../src/domain/holidays";
import { businessToday, lastBookableDate } from "../../src/domain/slots";
import { zonedParts } from "../../src/domain/timezone";
import { defaultSettings } from "../../src/shared/settings";
import { cartLine, customerWithSession } from "../factories";
import { testAddress } from "../helpers/shop";
import { binary, dataDir, freePort, killLeftovers, startInstance, stopInstance, waitFor } from "./lib";

const litestream = join(import.meta.dir, "../../node_modules/@flydotio/litestream-linux-x64/litestream");
const product = "covert-dash-cam-4k";
const tz = defaultSettings.timezone;

afterAll(killLeftovers);

type Listed = { objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean };
type ListOptions = { delimiter?: string; prefix?: string; maxKeys?: number; startAfter?: string };

/** s3rver on a free port with one bucket, its delimiter listing corrected (see the top of the file). */
async function s3Server(dir: string) {
  const proto = FilesystemStore.prototype as { listObjects: (this: unknown, bucket: string, o: ListOptions) => Promise<Listed> };
  const original = proto.listObjects;
  if (!(original as { corrected?: boolean }).corrected) {
    const corrected = async function (this: unknown, bucket: string, options: ListOptions): Promise<Listed> {
      const { delimiter, prefix = "", maxKeys = Number.POSITIVE_INFINITY } = options;
      const all = await original.call(this, bucket, { ...options, delimiter: "", maxKeys: Number.POSITIVE_INFINITY });
      // S3 lists keys in byte order; Litestream reads its log segments in the order listed.
      all.objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const commonPrefixes = new Set<string>();
      const objects = all.objects.filter((o) => {
        const at = delimiter ? o.key.slice(prefix.length).indexOf(delimiter) : -1;
        if (at === -1) return true;
        commonPrefixes.add(o.key.slice(0, prefix.length + at + 1));
        return false;
      });
      return { objects: objects.slice(0, maxKeys), commonPrefixes: [...commonPrefixes].sort(), isTruncated: objects.length > maxKeys };
    };
    proto.listObjects = Object.assign(corrected, { corrected: true });
  }
  const port = freePort();
  const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: "pi-site-copy" }] });
  await server.run();
  return {
    env: {
      LITESTREAM_REPLICA_URL: "s3://pi-site-copy/db",
      LITESTREAM_ENDPOINT: `http://127.0.0.1:${port}`,
      LITESTREAM_REGION: "us-east-1",
      LITESTREAM_ACCESS_KEY_ID: "S3RVER",
      LITESTREAM_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: () => server.close(),
  };
}

/** A data folder the binary has set up, with customers holding a cart and customers ready to book, and slots with room. */
async function preparedSite(name: string, buyers: number, bookers: number) {
  const dir = dataDir(name);
  const port = freePort();
  await stopInstance(await startInstance(dir, port));
  const db = openDatabase(join(dir, "pi-site.db"));
  db.$client.query("UPDATE products SET stock_quantity = 1000000, is_active = 1 WHERE slug = ?").run(product);
  const now = new Date();
  generateSlots(db, businessToday(now, tz), lastBookableDate(now, tz), defaultSettings.businessHours, tz);
  db.$client.query("UPDATE time_slots SET max_bookings = 100000").run();
  // Public holidays have slot rows but are closed (decision 077): only days the site takes bookings on.
  const slots = db.$client
    .query<{ date: string; time: string }, [string]>("SELECT date, time FROM time_slots WHERE date > ? ORDER BY date, time")
    .all(businessToday(now, tz))
    .filter((s) => publicHoliday(s.date) === null)
    .slice(0, 20);
  const buyerCookies = Array.from({ length: buyers }, (_, i) => {
    const c = customerWithSession(db, `${name}-buy${i}@example.com`);
    cartLine(db, c.userId, product);
    return c.cookie;
  });
  const bookerPool = Array.from({ length: bookers }, (_, i) => {
    const email = `${name}-book${i}@example.com`;
    return { email, cookie: customerWithSession(db, email).cookie };
  });
  db.$client.close();
  return { dir, port, buyerCookies, bookerPool, slots };
}

type Ack = { kind: "order" | "booking"; key: string; at: number };

const post = (base: string, path: string, cookie: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** Checkouts and bookings from `workers` clients until `stop()` or the customers run out; each acknowledged write with the moment its answer arrived. */
function writeUnderLoad(base: string, site: Awaited<ReturnType<typeof preparedSite>>, workers: number) {
  const acks: Ack[] = [];
  let buyer = 0;
  let booker = 0;
  let stopped = false;
  const worker = async (w: number) => {
    for (let round = 0; !stopped; round++) {
      try {
        if ((w + round) % 2 === 0) {
          const cookie = site.buyerCookies[buyer++];
          if (!cookie) return;
          const res = await post(base, "/api/orders", cookie, { shippingAddress: testAddress, paymentMethod: "cash_deposit" });
          if (res.status === 201) acks.push({ kind: "order", key: ((await res.json()) as { orderNumber: string }).orderNumber, at: Date.now() });
        } else {
          const who = site.bookerPool[booker++];
          if (!who) return;
          const slot = site.slots[booker % site.slots.length] as { date: string; time: string };
          const res = await post(base, "/api/bookings/calendar", who.cookie, {
            serviceName: "Partner Check",
            servicePrice: 295,
            appointmentDate: slot.date,
            appointmentTime: slot.time,
            duration: 60,
            contactPhone: "0400 000 000",
            contactEmail: who.email,
          });
          if (res.status === 201) acks.push({ kind: "booking", key: ((await res.json()) as { id: string }).id, at: Date.now() });
        }
      } catch {
        return; // the process is gone
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    acks,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** Which of `acks` the database in `dir` holds. */
function present(dir: string, acks: readonly Ack[]) {
  const db = new Database(join(dir, "pi-site.db"), { readonly: true });
  try {
    expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    const orders = new Set(
      db
        .query<{ n: string }, []>("SELECT order_number AS n FROM orders")
        .all()
        .map((r) => r.n),
    );
    const bookings = new Set(
      db
        .query<{ id: string }, []>("SELECT id FROM bookings")
        .all()
        .map((r) => r.id),
    );
    return acks.filter((a) => (a.kind === "order" ? orders : bookings).has(a.key));
  } finally {
    db.close();
  }
}

/** The copy's state as the dashboard reads it. */
function replicationState(dir: string): { copiedAt: number | null; problem: string | null } | null {
  try {
    return JSON.parse(readFileSync(join(dir, "replication-state.json"), "utf8"));
  } catch {
    return null;
  }
}

/**
 * Runs `pi-site restore --from-replica [...]` on `dir`; answers its exit code and output. Not
 * spawnSync: the S3 server answering it runs in this process.
 */
async function restoreFromReplica(dir: string, env: Record<string, string>, extra: string[] = []) {
  const run = Bun.spawn([binary, "restore", "--from-replica", ...extra], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dir, PORT: String(freePort()), LITESTREAM_PATH: litestream, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  return { code, output: `${out}${err}` };
}

/**
 * The whole disaster: load, kill -9, the data folder gone, restore into a new folder, start there.
 * Answers how many writes were acknowledged and the recovery point measured.
 */
async function loseTheDiskAndRestore(name: string, replica: Record<string, string>) {
  const site = await preparedSite(name, 400, 400);
  const env = { ...replica, LITESTREAM_PATH: litestream };
  const running = await startInstance(site.dir, site.port, env);
  // The copy's first complete snapshot is made at start; the load begins once it is confirmed.
  await waitFor("the first copy", () => (replicationState(site.dir)?.copiedAt ?? null) !== null, 15_000);
  const load = writeUnderLoad(running.base, site, 8);
  await waitFor("writes under load", () => load.acks.length >= 150, 20_000);
  await Bun.sleep(1_500);
  running.proc.kill("SIGKILL");
  const killedAt = Date.now();
  await load.stop();
  await running.exited;
  // Litestream dies with the site (its parent-death signal); nothing copies after the kill.
  const acks = [...load.acks];
  rmSync(site.dir, { recursive: true, force: true });
  expect(existsSync(site.dir)).toBe(false);

  const fresh = dataDir(`${name}-restored`);
  const restored = await restoreFromReplica(fresh, replica);
  expect(restored.output).toContain("restored from the replica");
  expect(restored.code).toBe(0);
  const again = await startInstance(fresh, freePort());
  const kept = new Set(present(fresh, acks).map((a) => a.key));
  const lost = acks.filter((a) => !kept.has(a.key));
  const oldestLost = lost.reduce((m, a) => Math.min(m, a.at), Number.POSITIVE_INFINITY);
  const recoveryPointMs = lost.length === 0 ? 0 : killedAt - oldestLost;
  console.log(
    `${name}: ${acks.length} writes acknowledged (${acks.filter((a) => a.kind === "order").length} orders, ${acks.filter((a) => a.kind === "booking").length} bookings), ${lost.length} lost; recovery point ${recoveryPointMs} ms before the kill`,
  );
  // Every write acknowledged more than a second before the kill is in the restored database.
  expect(lost.filter((a) => a.at < killedAt - 1_000)).toEqual([]);
  expect((await fetch(`${again.base}/healthz`)).status).toBe(200);
  expect(await stopInstance(again)).toBe(0);
  return { acks: acks.length, lost: lost.length, recoveryPointMs };
}

test("a directory replica: after kill -9 and a lost data folder, the restore has every write acknowledged a second before the kill", async () => {
  const started = performance.now();
  const replicaDir = dataDir("replica-dir");
  await loseTheDiskAndRestore("replica-dir", { LITESTREAM_REPLICA_URL: `file://${replicaDir}/db` });
  console.log(`directory replica test: ${Math.round(performance.now() - started)} ms`);
}, 120_000);

test(
  "an S3-compatible bucket (s3rver): the same disaster, the same writes back",
  async () => {
    const started = performance.now();
    const s3 = await s3Server(dataDir("replica-s3-store"));
    try {
      await loseTheDiskAndRestore("replica-s3", s3.env);
    } finally {
      await s3.close();
    }
    console.log(`s3 replica test: ${Math.round(performance.now() - started)} ms`);
    // One try in two clean-clone runs on the busy 2-core machine failed before its measurement, with
    // the emulator answering from this test's own process; it never failed in ten runs here, alone or
    // three at once. A second try keeps one slow emulator moment from failing the suite; two failures
    // in a row still fail it.
  },
  { timeout: 120_000, retry: 1 },
);

/** "2026-12-01 17:59:30" for `instant` in the business time zone. */
function businessTime(instant: Date) {
  const p = zonedParts(instant, tz);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(instant.getUTCSeconds())}`;
}

/**
 * Whether the newest state of the copy at `url` holds order `orderNumber`: Litestream restores it
 * into a scratch folder and the order is looked for there. The site's "copied at" moment comes
 * from Litestream's shadow log, which trails the database by up to a look (250 ms, longer on a
 * busy machine), so a test that needs a write to be in the copy asks the copy itself.
 */
async function replicaHolds(url: string, orderNumber: string) {
  const scratch = dataDir("replica-peek");
  const run = Bun.spawn([litestream, "restore", "-o", join(scratch, "pi-site.db"), url], { stdout: "ignore", stderr: "ignore" });
  if ((await run.exited) !== 0) return false;
  return present(scratch, [{ kind: "order", key: orderNumber, at: 0 }]).length === 1;
}

test("a restore to a moment between two writes has the first and not the second", async () => {
  const started = performance.now();
  const site = await preparedSite("replica-pitr", 2, 0);
  const replicaDir = dataDir("replica-pitr-copy");
  const replica = { LITESTREAM_REPLICA_URL: `file://${replicaDir}/db` };
  const running = await startInstance(site.dir, site.port, { ...replica, LITESTREAM_PATH: litestream });
  await waitFor("the first copy", () => (replicationState(site.dir)?.copiedAt ?? null) !== null, 15_000);
  const order = async (cookie: string) => {
    const res = await post(running.base, "/api/orders", cookie, { shippingAddress: testAddress, paymentMethod: "cash_deposit" });
    expect(res.status).toBe(201);
    return ((await res.json()) as { orderNumber: string }).orderNumber;
  };
  const first = await order(site.buyerCookies[0] as string);
  const firstAt = Date.now();
  // Once the copy holds the first order, the piece holding it was written (and dated) already.
  await waitFor("the first order in the copy", () => replicaHolds(replica.LITESTREAM_REPLICA_URL, first), 20_000);
  // The moment asked for is read to the second, so it may fall up to a second earlier than `between`.
  await Bun.sleep(1_200);
  const between = new Date();
  await Bun.sleep(1_200);
  const second = await order(site.buyerCookies[1] as string);
  const secondAt = Date.now();
  await waitFor("the second order in the copy", () => replicaHolds(replica.LITESTREAM_REPLICA_URL, second), 20_000);
  expect(await stopInstance(running)).toBe(0);

  const fresh = dataDir("replica-pitr-restored");
  const restored = await restoreFromReplica(fresh, replica, ["--at", businessTime(between)]);
  expect(restored.output).toContain(`as it was at ${businessTime(between)}`);
  expect(restored.code).toBe(0);
  const acks: Ack[] = [
    { kind: "order", key: first, at: firstAt },
    { kind: "order", key: second, at: secondAt },
  ];
  expect(present(fresh, acks).map((a) => a.key)).toEqual([first]);

  // And the latest has both.
  const latest = dataDir("replica-pitr-latest");
  expect((await restoreFromReplica(latest, replica)).code).toBe(0);
  expect(present(latest, acks).map((a) => a.key)).toEqual([first, second]);
  console.log(`point-in-time test: ${Math.round(performance.now() - started)} ms`);
}, 90_000);

test("restore --from-replica refuses without a replica configured, and a time it cannot read", async () => {
  const site = await preparedSite("replica-refuse", 0, 0);
  const unset = await restoreFromReplica(site.dir, { LITESTREAM_REPLICA_URL: "" });
  expect(unset.code).toBe(1);
  expect(unset.output).toContain("LITESTREAM_REPLICA_URL is not set");
  const bad = await restoreFromReplica(site.dir, { LITESTREAM_REPLICA_URL: `file://${site.dir}/copy` }, ["--at", "yesterday"]);
  expect(bad.code).toBe(2);
  expect(bad.output).toContain('is not a time like "2026-12-01 17:59"');
});
