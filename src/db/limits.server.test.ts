/** The limits' file: counts shared by every connection (worker) that opens it, and kept across a restart. */
import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RateLimiter } from "../server/middleware/rate-limit";
import { LimitStore, limitsFile } from "./limits.server";

const dirs: string[] = [];
const stores: LimitStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), "pi-site-limits-"));
  dirs.push(dir);
  return dir;
}

/** One worker's view: its own connection to the data directory's limits file. */
function worker(dir: string) {
  const store = new LimitStore(limitsFile(dir));
  stores.push(store);
  return store;
}

const signIn = (store: LimitStore) => new RateLimiter(5, 15 * 60_000, 100, 10, { store, name: "adminSignInByUsername" });

test("hits through two workers count in one window, and a lock taken in one refuses in the other", () => {
  const dir = dataDir();
  const [a, b] = [signIn(worker(dir)), signIn(worker(dir))];
  expect([a.hit("ops", 0), b.hit("ops", 0), a.hit("ops", 0), b.hit("ops", 0)]).toEqual([0, 0, 0, 0]);
  expect(b.retryAfter("ops", 0)).toBe(0);
  expect(a.hit("ops", 0)).toBe(0); // the fifth: let through, and the lock starts
  expect(b.retryAfter("ops", 0)).toBe(900);
  expect(b.hit("ops", 60_000)).toBe(840);
  expect(a.hit("ops", 60_000)).toBe(840);
  // A right password through one gives the username back in both.
  a.clear("ops");
  expect(b.hit("ops", 60_000)).toBe(0);
  expect(a.size).toBe(1);
});

test("a hit given back through one worker is given back in the other", () => {
  const dir = dataDir();
  const [a, b] = [signIn(worker(dir)), signIn(worker(dir))];
  for (let i = 0; i < 5; i++) a.hit("ann", 0);
  expect(b.retryAfter("ann", 0)).toBe(900);
  b.release("ann");
  expect(a.retryAfter("ann", 0)).toBe(0);
  expect(a.hit("ann", 0)).toBe(0);
  expect(b.hit("ann", 0)).toBe(900);
});

test("limiters of one file count apart, and each keeps its own room", () => {
  const store = worker(dataDir());
  const contact = new RateLimiter(1, 60_000, 2, 2, { store, name: "contact" });
  const booking = new RateLimiter(1, 60_000, 2, 2, { store, name: "booking" });
  expect(contact.hit("10.0.0.1", 0)).toBe(0);
  expect(booking.hit("10.0.0.1", 0)).toBe(0);
  expect(contact.hit("10.0.0.1", 0)).toBe(60);
  contact.reset();
  expect(contact.size).toBe(0);
  expect(booking.size).toBe(1);
  expect(booking.retryAfter("10.0.0.1", 0)).toBe(60);
});

test("when the locks are full, a new key is refused through every worker until one ends", () => {
  const dir = dataDir();
  const [a, b] = [new RateLimiter(1, 60_000, 100, 3, { store: worker(dir), name: "x" }), new RateLimiter(1, 60_000, 100, 3, { store: worker(dir), name: "x" })];
  a.hit("one", 0);
  b.hit("two", 1_000);
  a.hit("three", 2_000);
  expect(b.hit("newcomer", 10_000)).toBe(50);
  expect(a.hit("newcomer", 10_000)).toBe(50);
  for (let i = 0; i < 500; i++) b.hit(`made-up-${i}`, 20_000);
  expect(a.retryAfter("one", 20_000)).toBe(40);
  expect(b.hit("newcomer", 60_000)).toBe(0); // "one" ended: room again
  expect(a.size).toBe(3);
});

test("the counts outlive a restart: a lock taken before it still refuses after it", () => {
  const dir = dataDir();
  const before = worker(dir);
  const limiter = signIn(before);
  for (let i = 0; i < 5; i++) limiter.hit("ops", 0);
  before.close();
  stores.splice(stores.indexOf(before), 1);
  expect(signIn(worker(dir)).hit("ops", 1_000)).toBe(899);
});

test("the file is kept in WAL with NORMAL sync (decision 090): a power cut may lose the last counts, never the file", () => {
  // 1 is NORMAL; OFF (0) could leave a corrupt file after a power cut, and every worker would then
  // fail to start on it.
  expect(worker(dataDir()).keeping()).toEqual({ journal_mode: "wal", synchronous: 1 });
});

test("workers starting together on a new file all open it: none is refused while another turns on WAL", async () => {
  // Turning WAL on needs the file to itself, and SQLite refuses a second writer at once rather
  // than wait for it (to avoid a deadlock), so four copies opening a new file at the same moment
  // is the case a fresh install's workers meet.
  for (let round = 0; round < 3; round++) {
    const dir = dataDir();
    const script = join(dir, "open.ts");
    await Bun.write(
      script,
      `import { LimitStore } from ${JSON.stringify(join(import.meta.dir, "limits.server.ts"))};
while (Date.now() < Number(process.env.START)) {}
new LimitStore(${JSON.stringify(limitsFile(dir))}).close();`,
    );
    const start = String(Date.now() + 1_000);
    const procs = [0, 1, 2, 3].map(() => Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "pipe", env: { ...process.env, START: start } }));
    for (const p of procs) expect(await p.exited, await new Response(p.stderr).text()).toBe(0);
    const file = new Database(limitsFile(dir), { readonly: true });
    try {
      expect(file.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      file.close();
    }
  }
}, 60_000);

test("two processes hitting one key at once lose no hit", async () => {
  const dir = dataDir();
  const script = join(dir, "hit.ts");
  await Bun.write(
    script,
    `import { RateLimiter } from ${JSON.stringify(join(import.meta.dir, "../server/middleware/rate-limit.ts"))};
import { LimitStore } from ${JSON.stringify(join(import.meta.dir, "limits.server.ts"))};
const store = new LimitStore(${JSON.stringify(limitsFile(dir))});
const limiter = new RateLimiter(1_000_000, 60 * 60_000, 10_000, 10_000, { store, name: "race" });
// Both start together, so their hits interleave.
while (Date.now() < Number(process.env.START)) {}
for (let i = 0; i < 2_000; i++) { limiter.hit("shared"); limiter.hit("own-" + process.pid + "-" + (i % 50)); }
store.close();`,
  );
  const start = String(Date.now() + 1_500);
  const procs = [0, 1].map(() => Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "pipe", env: { ...process.env, START: start } }));
  for (const p of procs) expect(await p.exited, await new Response(p.stderr).text()).toBe(0);
  const file = new Database(limitsFile(dir), { readonly: true });
  try {
    expect(file.query("SELECT count FROM limit_windows WHERE limiter = 'race' AND key = 'shared'").get()).toEqual({ count: 4_000 });
    // Each process's own 50 keys, the shared one, and the room counts the triggers keep agree.
    expect(file.query("SELECT count(*) AS n, sum(count) AS hits FROM limit_windows WHERE limiter = 'race'").get()).toEqual({ n: 101, hits: 8_000 });
    expect(file.query("SELECT open, locks FROM limit_rooms WHERE limiter = 'race'").get()).toEqual({ open: 101, locks: 0 });
  } finally {
    file.close();
  }
}, 30_000);
