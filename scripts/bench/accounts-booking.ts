/**
 * Two benchmarks against the built binary, signed in:
 * - dashboard: wrk on /dashboard for a signed-in customer (rendered per request, never cached),
 *   32 connections; target p99 < 15 ms.
 * - booking: 50 customers booking at the same time, each on their own slot, for a fixed time;
 *   reports bookings/s and p99. Customers and sessions are created directly in the database.
 *
 *   bun scripts/bench/accounts-booking.ts
 */
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { generateSlots } from "../../src/db/timeslots.server";
import { publicHoliday } from "../../src/domain/holidays";
import { businessToday, lastBookableDate } from "../../src/domain/slots";
import { defaultSettings } from "../../src/shared/settings";
import { customerWithSession } from "../../tests/factories";
import {
  BenchError,
  type Check,
  envNumber,
  fmtInt,
  fmtMs,
  freePort,
  HOST,
  log,
  type PartResult,
  removeDir,
  runStandalone,
  startBinary,
  stopChild,
  table,
  tempDir,
  waitForOk,
} from "./lib";
import { wrk, type WrkResult } from "./throughput";

export type AccountsBookingData = {
  dashboard: WrkResult;
  booking: { customers: number; seconds: number; bookings: number; perSecond: number; p50Ms: number; p99Ms: number; failures: number };
};

const DASHBOARD_P99_TARGET_MS = 15;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

export async function runAccountsBooking(): Promise<PartResult<AccountsBookingData>> {
  const started = performance.now();
  const seconds = envNumber("BENCH_SECONDS", 10);
  const dataDir = tempDir("accounts");
  const port = await freePort();
  const child = startBinary({ port, dataDir, logLevel: "error" });
  const base = `http://${HOST}:${port}`;
  try {
    await waitForOk(`${base}/healthz`, child);
    const db = openDatabase(join(dataDir, "pi-site.db"));
    const tz = defaultSettings.timezone;
    const now = new Date();
    generateSlots(db, businessToday(now, tz), lastBookableDate(now, tz), defaultSettings.businessHours, tz);
    // Room for everyone: the benchmark measures booking, not the 409 path.
    db.$client.query("UPDATE time_slots SET max_bookings = 100000").run();
    const slots = (
      db.$client.query("SELECT date, time FROM time_slots WHERE date > ? ORDER BY date, time").all(businessToday(now, tz)) as {
        date: string;
        time: string;
      }[]
    ).filter((s) => !publicHoliday(s.date)); // holidays keep their slots but are closed (decision 077): a 409

    // Dashboard: one customer with a few bookings and referral history, many requests.
    const reader = customerWithSession(db, "reader@example.com");
    log("accounts", `wrk /dashboard, ${seconds}s, 32 connections`);
    const dashboard = await wrk(`${base}/dashboard`, seconds, 2, 32, child.proc.pid, [`Cookie: ${reader.cookie}`]);

    // Booking: 50 workers, each on its own slot; a fresh customer per booking (the per-customer
    // rate limit and the cap on pending bookings would otherwise be what is measured).
    const customers = 50;
    if (slots.length < customers) throw new BenchError(`only ${slots.length} slots to spread ${customers} customers over`);
    // Each booking's contact e-mail is its customer's own: the per-recipient mail limit (decision
    // 025) refuses a booking whose confirmation could not be sent, so one shared address would be
    // what is measured.
    const pool = Array.from({ length: customers * 400 }, (_, i) => {
      const email = `b${i}@example.com`;
      return { email, cookie: customerWithSession(db, email).cookie };
    });
    let next = 0;
    const latencies: number[] = [];
    let failures = 0;
    const failedBy = new Map<string, number>();
    const deadline = performance.now() + seconds * 1000;
    log("accounts", `booking with ${customers} concurrent customers for ${seconds}s`);
    await Promise.all(
      Array.from({ length: customers }, async (_, w) => {
        const slot = slots[w]!;
        while (performance.now() < deadline && next < pool.length) {
          const { email, cookie } = pool[next++]!;
          const t0 = performance.now();
          const res = await fetch(`${base}/api/bookings/calendar`, {
            method: "POST",
            headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
            body: JSON.stringify({
              serviceName: "Partner Check",
              servicePrice: 295,
              appointmentDate: slot.date,
              appointmentTime: slot.time,
              duration: 60,
              contactPhone: "0400 000 000",
              contactEmail: email,
            }),
          });
          const body = await res.text();
          latencies.push(performance.now() - t0);
          if (res.status !== 201) {
            failures++;
            const why = `${res.status} ${body.slice(0, 160)}`;
            failedBy.set(why, (failedBy.get(why) ?? 0) + 1);
          }
        }
      }),
    );
    db.$client.close();
    for (const [why, n] of failedBy) log("accounts", `failed booking x${n}: ${why}`);
    const booking = {
      customers,
      seconds,
      bookings: latencies.length - failures,
      perSecond: (latencies.length - failures) / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      failures,
    };

    const checks: Check[] = [
      {
        part: "accounts",
        metric: "/dashboard p99 (32 connections)",
        value: fmtMs(dashboard.p99Ms),
        target: `< ${DASHBOARD_P99_TARGET_MS} ms`,
        ok: dashboard.p99Ms < DASHBOARD_P99_TARGET_MS && dashboard.non2xx3xx === 0,
      },
      { part: "accounts", metric: "/dashboard requests/s", value: fmtInt(dashboard.rps), target: "", ok: null },
      { part: "booking", metric: "bookings/s (50 customers)", value: fmtInt(booking.perSecond), target: "", ok: null },
      { part: "booking", metric: "booking p99", value: fmtMs(booking.p99Ms), target: "", ok: null },
      { part: "booking", metric: "failed bookings", value: String(failures), target: "0", ok: failures === 0 },
    ];
    const markdown = [
      "## Signed-in dashboard and booking",
      "",
      `/dashboard for a signed-in customer (rendered on every request), wrk -t2 -c32 -d${seconds}s:`,
      "",
      table(["requests/s", "p50", "p99", "non-2xx"], [[fmtInt(dashboard.rps), fmtMs(dashboard.p50Ms), fmtMs(dashboard.p99Ms), String(dashboard.non2xx3xx)]]),
      "",
      `Booking: ${customers} customers at once, each on its own slot, ${seconds}s (a new signed-in customer per booking):`,
      "",
      table(
        ["bookings", "bookings/s", "p50", "p99", "failed"],
        [[fmtInt(booking.bookings), fmtInt(booking.perSecond), fmtMs(booking.p50Ms), fmtMs(booking.p99Ms), String(failures)]],
      ),
    ].join("\n");
    return { part: "accounts-booking", durationMs: performance.now() - started, checks, markdown, data: { dashboard, booking } };
  } finally {
    await stopChild(child);
    removeDir(dataDir);
  }
}

if (import.meta.main) await runStandalone(runAccountsBooking);
