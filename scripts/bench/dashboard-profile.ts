/**
 * Where a /dashboard request's time goes, in one process without HTTP or wrk (so a busy machine
 * disturbs it less): the app on a throw-away database, one signed-in customer as the benchmark signs in (BENCH_PROFILE_BOOKED=1: one with a booking), then
 * - the whole request through the app (session, reads, rendering), mean and p99 of BENCH_PROFILE_REQUESTS;
 * - its parts: the reads alone (customerDashboard), and the SQL statements run per request, by text;
 * - with BENCH_PROFILE_CPU=1 run under `bun --cpu-prof-md` for the functions that take the time.
 *
 *   bun scripts/bench/dashboard-profile.ts
 *   bun --cpu-prof-md --cpu-prof-dir=/tmp/prof scripts/bench/dashboard-profile.ts
 *
 * Not a part of run.ts: a tool for finding what to take out, not a figure with a target.
 */
import type { Database, Statement } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema";
import { customerDashboard } from "../../src/reads/dashboard.server";
import { customerWithBooking, customerWithSession } from "../../tests/factories";
import { createTestApp } from "../../tests/helpers/test-app";
import { envNumber, fmtMs, median } from "./lib";

const requests = Math.round(envNumber("BENCH_PROFILE_REQUESTS", 2000));
const t = createTestApp();
try {
  // The benchmark's customer (signed in, nothing booked yet), or with BENCH_PROFILE_BOOKED=1 one with a booking.
  const { cookie, userId } = process.env.BENCH_PROFILE_BOOKED
    ? customerWithBooking(t.db, "profile@example.com")
    : customerWithSession(t.db, "reader@example.com");

  // Count the SQL the app runs: every statement goes through Database.prototype.prepare/query.
  const client = t.db.$client as Database;
  const counts = new Map<string, number>();
  let counting = false;
  const wrapped = new WeakSet<object>();
  const wrap = <K extends "prepare" | "query">(name: K) => {
    const original = client[name].bind(client) as (sql: string, ...rest: unknown[]) => Statement;
    (client as unknown as Record<string, unknown>)[name] = (sql: string, ...rest: unknown[]) => {
      const stmt = original(sql, ...rest);
      // query() hands back the same cached statement for the same text: wrap it once.
      if (wrapped.has(stmt)) return stmt;
      wrapped.add(stmt);
      for (const m of ["all", "get", "run", "values"] as const) {
        const f = (stmt as unknown as Record<string, (...a: unknown[]) => unknown>)[m]!.bind(stmt);
        (stmt as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
          if (counting) counts.set(sql, (counts.get(sql) ?? 0) + 1);
          return f(...a);
        };
      }
      return stmt;
    };
  };
  wrap("prepare");
  wrap("query");

  const get = async () => {
    const res = await t.request("/dashboard", { headers: { Cookie: cookie, "Accept-Encoding": "br, gzip" } });
    const body = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`/dashboard answered ${res.status}`);
    return `${body.byteLength} bytes, ${res.headers.get("content-encoding") ?? "uncompressed"}`;
  };
  const bytes = await get();
  for (let i = 0; i < 300; i++) await get();

  counting = true;
  await get();
  counting = false;
  const statements = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const total = statements.reduce((n, [, c]) => n + c, 0);

  const times: number[] = [];
  // CPU time as well as the clock's: on a busy machine the clock counts the waits for a core too.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const t0 = Bun.nanoseconds();
    await get();
    times.push((Bun.nanoseconds() - t0) / 1e6);
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuPerRequestMs = (cpu.user + cpu.system) / requests / 1000;
  const user = t.db.select().from(users).where(eq(users.id, userId)).get()!;
  const readTimes: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = Bun.nanoseconds();
    customerDashboard(t.deps, user);
    readTimes.push((Bun.nanoseconds() - t0) / 1e6);
  }
  const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`/dashboard: ${bytes}`);
  console.log(
    `whole request: CPU ${fmtMs(cpuPerRequestMs)} each; clock mean ${fmtMs(mean(times))}, median ${fmtMs(median(times))}, p99 ${fmtMs(p99(times))} (${requests} requests)`,
  );
  console.log(`reads alone (customerDashboard): mean ${fmtMs(mean(readTimes))}, median ${fmtMs(median(readTimes))}`);
  console.log(`SQL statements per request: ${total}`);
  for (const [sql, n] of statements) console.log(`  ${String(n).padStart(3)}× ${sql.replace(/\s+/g, " ").slice(0, 220)}`);
} finally {
  await t.close();
}
