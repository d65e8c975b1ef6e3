/**
 * The shared generation of the public pages (decision 091): a change made through one worker is
 * seen by every other on its next request, and a page rendered while a change committed is never
 * kept. Two workers are two apps bootstrapped on one data directory in this process, each with its
 * own database connection and its own page cache, so only the data directory connects them.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseFile, openDatabase } from "../db/client.server";
import type { ServicePricingView } from "../shared/service-pricing";
import { adminWithToken } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { aboutPage } from "../pages/about";
import { bootstrap } from "./bootstrap.server";
import { readEnv } from "./env.server";
import { compressPage, PageCache } from "./page-cache";
import { pageGenerationFile, sharedPageGeneration } from "./page-generation.server";
import { servePage } from "./render-page";

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), "pi-site-generation-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const page = compressPage("<!doctype html><p>a page</p>", 200, {});

test("the generation is an 8-byte file in the data directory; a second mapping of it sees every change at once", () => {
  const dir = freshDir();
  const one = sharedPageGeneration(dir);
  const other = sharedPageGeneration(dir);
  expect(statSync(join(dir, pageGenerationFile)).size).toBe(8);
  const seen = new Set([one.read()]);
  for (let i = 0; i < 100; i++) {
    const before = other.read();
    one.bump();
    // Never a value the other has just seen: a change cannot hide behind an equal number.
    expect(other.read()).not.toBe(before);
    expect(other.read()).toBe(one.read());
    seen.add(other.read());
  }
  expect(seen.size).toBe(101);
  // Opening it again (a worker starting later) keeps the value.
  const current = one.read();
  expect(sharedPageGeneration(dir).read()).toBe(current);
});

test("a generation file that does not hold a number is replaced by one, or no page would ever be served", () => {
  const dir = freshDir();
  writeFileSync(join(dir, pageGenerationFile), new Uint8Array([0, 0, 0, 0, 0, 0, 0xf8, 0x7f])); // NaN
  const generation = sharedPageGeneration(dir);
  expect(Number.isNaN(generation.read())).toBe(false);
  expect(readFileSync(join(dir, pageGenerationFile)).length).toBe(8);
  const cache = new PageCache(generation);
  cache.set("/about", page);
  expect(cache.get("/about")).toBe(page);
});

test("a clear in one worker drops the other worker's pages and site data on its next look", () => {
  const dir = freshDir();
  const first = new PageCache(sharedPageGeneration(dir));
  const second = new PageCache(sharedPageGeneration(dir));
  first.set("/about", page);
  second.set("/about", page);
  expect(second.memo("settings", () => "old settings")).toBe("old settings");
  first.clear();
  expect(first.get("/about")).toBeUndefined();
  expect(second.get("/about")).toBeUndefined();
  expect(second.size).toBe(0);
  expect(second.memo("settings", () => "new settings")).toBe("new settings");
});

test("a page or value computed while another worker changed public data is used once but not kept", () => {
  const dir = freshDir();
  const rendering = new PageCache(sharedPageGeneration(dir));
  const other = new PageCache(sharedPageGeneration(dir));
  const since = rendering.current();
  other.clear(); // a change commits elsewhere while this worker renders
  rendering.set("/about", page, since);
  expect(rendering.get("/about")).toBeUndefined();
  const readDuringChange = () => {
    other.clear();
    return "read during a change";
  };
  expect(rendering.memo("content", readDuringChange)).toBe("read during a change");
  expect(rendering.memo("content", () => "read after")).toBe("read after");
  // Without a change in between, both are kept.
  rendering.set("/about", page, rendering.current());
  expect(rendering.get("/about")).toBe(page);
  expect(rendering.memo("content", () => "not read again")).toBe("read after");
});

let t: TestApp;
let second: ReturnType<typeof bootstrap>;
beforeAll(() => {
  t = createTestApp();
  // Another worker: its own connection to the same database, its own page cache.
  second = bootstrap(readEnv({ DATA_DIR: t.dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost" }), openDatabase(databaseFile(t.dataDir)));
  // A page whose render is interrupted by a change made through the other worker.
  let interrupt = false;
  second.app.get("/about-during-change", (c) =>
    servePage(
      second.deps,
      c,
      (site) => {
        if (interrupt) {
          interrupt = false;
          t.deps.pageCache.clear();
        }
        return { ...aboutPage(site), path: "/about-during-change" };
      },
      { cache: "public" },
    ),
  );
  interruptNext = () => {
    interrupt = true;
  };
});
let interruptNext = () => {};
afterAll(async () => {
  await second.deps.outbox.stop();
  second.deps.limitStore.close();
  second.deps.db.$client.close();
  await t.close();
});

const server = { requestIP: () => ({ address: "203.0.113.9", family: "IPv4", port: 1 }) };
const fromSecond = async (path: string) => await (await second.app.request(path, undefined, server)).text();

test("a service price changed through one worker is on the other worker's cached pages at the next request", async () => {
  const authorization = adminWithToken(t.db, "owner").authorization;
  for (const path of ["/", "/services"]) expect(await fromSecond(path)).toContain("$295");
  expect(second.deps.pageCache.size).toBe(2);
  const list = (await (await t.request("/api/admin/pricing", { headers: { Authorization: authorization } })).json()) as ServicePricingView[];
  const partner = list.find((p) => p.id === "partner")!;
  const res = await t.request("/api/admin/pricing/partner", {
    method: "PUT",
    headers: { Authorization: authorization, Origin: testOrigin, "Content-Type": "application/json" },
    body: JSON.stringify({ ...partner, price: "321.50" }),
  });
  expect(res.status).toBe(200);
  for (const path of ["/", "/services"]) {
    const html = await fromSecond(path);
    expect(html).toContain("$321.50");
    expect(html).not.toContain("$295");
  }
}, 30_000);

test("a page rendered while the other worker changed public data is sent but not kept", async () => {
  interruptNext();
  expect((await second.app.request("/about-during-change", undefined, server)).status).toBe(200);
  expect(second.deps.pageCache.get("/about-during-change")).toBeUndefined();
  await second.app.request("/about-during-change", undefined, server);
  expect(second.deps.pageCache.get("/about-during-change")).toBeDefined();
}, 30_000);
