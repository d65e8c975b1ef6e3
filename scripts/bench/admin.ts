/**
 * The admin API under a full database: `GET /api/admin/stats`, the users and orders lists and their searches,
 * each measured with wrk (8 connections, 2 threads) and the admin's bearer token. Target: p99 < 20 ms.
 *
 * 1. The binary starts once on a temporary data dir (migrations and seed), then stops.
 * 2. 10,000 customers and 50,000 bookings are written in one transaction with the app's own
 *    openDatabase and schema (and as many shop orders as customers, over the last year), as the app would have written them: in creation order (customers over
 *    the last three years, bookings over the last year, so this month holds its share), with
 *    e-mail and names drawn from short lists ("smith" finds about one customer in twenty).
 * 3. An admin and token are created directly in the database (as the e2e fixture does), the binary
 *    starts again on that database, and each URL gets a 1 s warm-up and a measured run. A run
 *    disturbed by other processes (more than BENCH_NOISE_PERCENT, 10, of the CPU) is run again,
 *    at most twice, and the quietest kept.
 *
 * Also as many enquiries and service payments as customers, and a referral reward for one booking
 * in ten, for the bookings, enquiries, payments, referrals and analytics lists.
 *
 * Env: BENCH_SECONDS (measured seconds per URL, default 10), BENCH_ADMIN_USERS (10000),
 * BENCH_ADMIN_BOOKINGS (50000), BENCH_CONNECTIONS (8), BENCH_NOISE_PERCENT, WRK_PATH. About 50 s.
 *
 * Run alone: bun scripts/bench/admin.ts
 */
import { join } from "node:path";
import { immediate, openDatabase } from "../../src/db/client.server";
import { bookings, contacts, orders, payments, referralTransactions, users } from "../../src/db/schema";
import type { OrderPaymentStatus, OrderStatus } from "../../src/domain/order";
import type { BookingStatus } from "../../src/domain/booking";
import type { AdminStats } from "../../src/shared/admin-stats";
import type { AdminUserList } from "../../src/shared/admin-users";
import { adminWithToken } from "../../tests/factories";
import {
  BenchError,
  type Child,
  type Check,
  envNumber,
  fmtInt,
  fmtMs,
  log,
  mulberry32,
  type PartResult,
  removeDir,
  seededDataDir,
  runStandalone,
  startBinary,
  stopChild,
  table,
  waitForOk,
} from "./lib";
import { type WrkResult, wrk } from "./throughput";

const P99_TARGET_MS = 20;
export const ADMIN_URLS = [
  "/api/admin/stats",
  "/api/admin/users",
  "/api/admin/users?search=smith",
  "/api/admin/orders",
  "/api/admin/orders?search=smith",
  "/api/admin/bookings",
  "/api/admin/bookings?when=past&status=completed",
  "/api/admin/contacts",
  "/api/admin/contacts?status=all&page=200",
  "/api/admin/payments",
  "/api/admin/referrals",
  "/api/admin/analytics?range=30d",
  "/api/admin/analytics?range=12m",
] as const;

export type AdminBenchData = {
  users: number;
  bookings: number;
  seedSeconds: number;
  connections: number;
  /** What the measured answers said: the month's bookings, and the totals of the list and the search. */
  answers: { recentBookings: number; listTotal: number; searchTotal: number };
  runs: { url: string; result: WrkResult }[];
};

const firstNames = ["Ann", "Ben", "Chloe", "Daniel", "Emma", "Finn", "Grace", "Harry", "Isla", "Jack", "Kate", "Liam", "Mia", "Noah", "Olivia", "Paul"];
const lastNames = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Nguyen",
  "Johnson",
  "Martin",
  "White",
  "Anderson",
  "Walker",
  "Thompson",
  "Harris",
  "Lee",
  "Ryan",
  "Robinson",
  "Kelly",
  "King",
  "Davis",
];
const services = [
  { name: "Discreet Check Up", price: "75.00" },
  { name: "Partner Check", price: "295.00" },
  { name: "Infidelity Investigation", price: "695.00" },
  { name: "Full Cheating Investigation", price: "1295.00" },
];
const day = 24 * 60 * 60 * 1000;

/** Writes the customers and bookings into the database file, in one transaction, in creation order. */
export function seedDatabase(file: string, userCount: number, bookingCount: number, now: number) {
  const db = openDatabase(file);
  const rand = mulberry32(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const chunk = 500;
  try {
    immediate(db, () => {
      const ids: string[] = [];
      const userStart = now - 3 * 365 * day;
      for (let from = 0; from < userCount; from += chunk) {
        const rows = Array.from({ length: Math.min(chunk, userCount - from) }, (_, k) => {
          const i = from + k;
          const firstName = pick(firstNames);
          const lastName = pick(lastNames);
          const createdAt = new Date(userStart + Math.floor(((now - userStart) * i) / userCount));
          const id = crypto.randomUUID();
          ids.push(id);
          const referrer = rand() < 0.1;
          return {
            id,
            email: `${firstName}.${lastName}${i}@example.com`.toLowerCase(),
            firstName,
            lastName,
            isNewCustomer: rand() < 0.6,
            referralCode: referrer ? `B${String(i).padStart(4, "0")}-REF` : null,
            totalReferralEarnings: referrer ? `${10 * Math.floor(rand() * 10)}.00` : "0.00",
            suspendedAt: rand() < 0.01 ? createdAt : null,
            createdAt,
            updatedAt: createdAt,
          };
        });
        db.insert(users).values(rows).run();
      }
      const bookingStart = now - 365 * day;
      const statuses: BookingStatus[] = [
        "pending",
        "pending",
        "pending",
        "confirmed",
        "confirmed",
        "completed",
        "completed",
        "completed",
        "cancelled",
        "cancelled",
      ];
      for (let from = 0; from < bookingCount; from += chunk) {
        const rows = Array.from({ length: Math.min(chunk, bookingCount - from) }, (_, k) => {
          const i = from + k;
          const createdAt = new Date(bookingStart + Math.floor(((now - bookingStart) * i) / bookingCount));
          const service = pick(services);
          const appointment = new Date(createdAt.getTime() + (2 + Math.floor(rand() * 20)) * day).toISOString();
          return {
            userId: pick(ids),
            serviceName: service.name,
            servicePrice: service.price,
            originalPrice: service.price,
            appointmentDate: appointment.slice(0, 10),
            appointmentTime: `${String(9 + Math.floor(rand() * 8)).padStart(2, "0")}:00`,
            contactEmail: "client@example.com",
            contactPhone: "0400 000 000",
            status: pick(statuses),
            createdAt,
            updatedAt: createdAt,
          };
        });
        db.insert(bookings).values(rows).run();
      }
      // As many shop orders as customers, over the last year, in placing order (the orders list's searches join the customer).
      const orderStates: [OrderStatus, OrderPaymentStatus][] = [
        ["pending", "pending"],
        ["processing", "paid"],
        ["shipped", "paid"],
        ["delivered", "paid"],
        ["delivered", "paid"],
        ["cancelled", "pending"],
        ["refunded", "refunded"],
      ];
      const address = { name: "Bench Customer", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
      for (let from = 0; from < userCount; from += chunk) {
        const rows = Array.from({ length: Math.min(chunk, userCount - from) }, (_, k) => {
          const i = from + k;
          const createdAt = new Date(bookingStart + Math.floor(((now - bookingStart) * i) / userCount));
          const [status, paymentStatus] = pick(orderStates);
          const total = `${50 + Math.floor(rand() * 900)}.00`;
          return {
            userId: pick(ids),
            orderNumber: `PI-${String(i).padStart(5, "0")}-BNCH`,
            status,
            paymentStatus,
            paymentMethod: "bank_transfer",
            totalAmount: total,
            subtotal: total,
            shippingAddress: address,
            billingAddress: address,
            createdAt,
            updatedAt: createdAt,
          };
        });
        db.insert(orders).values(rows).run();
      }
      // As many contact-form enquiries as customers, over the last year: most handled, one in
      // twenty an emergency, the newest few hundred still open (the inbox's first page).
      const urgencies = ["low", "normal", "normal", "high"];
      for (let from = 0; from < userCount; from += chunk) {
        const rows = Array.from({ length: Math.min(chunk, userCount - from) }, (_, k) => {
          const i = from + k;
          const createdAt = new Date(bookingStart + Math.floor(((now - bookingStart) * i) / userCount));
          const open = i > userCount - 300;
          return {
            name: `${pick(firstNames)} ${pick(lastNames)}`,
            email: `enquirer${i}@example.com`,
            phone: "0400 000 000",
            service: "general",
            message: "I would like to talk to someone about my situation, discreetly please.",
            urgency: rand() < 0.05 ? "emergency" : pick(urgencies),
            readAt: open && rand() < 0.5 ? null : createdAt,
            handledAt: open ? null : createdAt,
            createdAt,
          };
        });
        db.insert(contacts).values(rows).run();
      }
      // As many service payments as customers (most requests marked paid, some PayPal captures), and
      // a referral reward for one booking in ten, paid, pending or void, to the customers with a code.
      const referrers = ids.filter((_, i) => i % 10 === 0);
      for (let from = 0; from < userCount; from += chunk) {
        const rows = Array.from({ length: Math.min(chunk, userCount - from) }, (_, k) => {
          const i = from + k;
          const createdAt = new Date(bookingStart + Math.floor(((now - bookingStart) * i) / userCount));
          const service = pick(services);
          const method = pick(["instructions", "cash", "paypal"] as const);
          const paid = rand() < 0.8;
          return {
            userId: pick(ids),
            serviceName: service.name,
            method,
            amount: service.price,
            email: "client@example.com",
            referenceCode: `BENCH-${String(i).padStart(6, "0")}`,
            status: paid ? ("completed" as const) : ("requested" as const),
            paidAt: paid ? createdAt : null,
            createdAt,
            updatedAt: createdAt,
          };
        });
        db.insert(payments).values(rows).run();
      }
      const rewards = Math.floor(bookingCount / 10);
      for (let from = 0; from < rewards; from += chunk) {
        const rows = Array.from({ length: Math.min(chunk, rewards - from) }, () => {
          const status = pick(["pending", "paid", "paid", "void"] as const);
          const createdAt = new Date(bookingStart + Math.floor(rand() * (now - bookingStart)));
          return {
            referrerId: pick(referrers),
            referredUserId: pick(ids),
            ...(rand() < 0.3 ? { amount: "30.00", type: "first_service" } : { amount: "10.00", type: "repeat_service" }),
            status,
            paidAt: status === "paid" ? createdAt : null,
            voidedAt: status === "void" ? createdAt : null,
            voidReason: status === "void" ? "The booking was cancelled." : null,
            createdAt,
          };
        });
        db.insert(referralTransactions).values(rows).run();
      }
    });
    return adminWithToken(db, "bench-admin").authorization;
  } finally {
    db.$client.close();
  }
}

async function getJson<T>(url: string, authorization: string): Promise<T> {
  const res = await fetch(url, { headers: { Authorization: authorization } });
  if (!res.ok) throw new BenchError(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** One measured wrk run; run again (at most twice) when other processes took more than BENCH_NOISE_PERCENT of the CPU. */
async function measured(url: string, seconds: number, connections: number, pid: number, headers: string[]): Promise<WrkResult> {
  const limit = envNumber("BENCH_NOISE_PERCENT", 10, 0);
  let best: WrkResult | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const r = await wrk(url, seconds, 2, connections, pid, headers);
    if (!best || (r.otherCpuPercent ?? 0) < (best.otherCpuPercent ?? 0)) best = r;
    if ((r.otherCpuPercent ?? 0) <= limit || attempt === 2) break;
    log("admin", `other processes used ${r.otherCpuPercent}% of the CPU during ${url}, running it again`);
  }
  if (!best) throw new BenchError(`no wrk run for ${url}`);
  return best;
}

export async function runAdminBench(): Promise<PartResult<AdminBenchData>> {
  const started = performance.now();
  const seconds = envNumber("BENCH_SECONDS", 10);
  const userCount = envNumber("BENCH_ADMIN_USERS", 10_000);
  const bookingCount = envNumber("BENCH_ADMIN_BOOKINGS", 50_000);
  const connections = envNumber("BENCH_CONNECTIONS", 8);
  const { dataDir, port, base } = await seededDataDir("admin");
  let child: Child | null = null;
  try {
    log("admin", `seeding ${fmtInt(userCount)} customers and ${fmtInt(bookingCount)} bookings`);
    const seedStarted = performance.now();
    const authorization = seedDatabase(join(dataDir, "pi-site.db"), userCount, bookingCount, Date.now());
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    child = startBinary({ port, dataDir, logLevel: "error" });
    await waitForOk(`${base}/healthz`, child);
    const stats = await getJson<AdminStats>(`${base}/api/admin/stats`, authorization);
    const list = await getJson<AdminUserList>(`${base}/api/admin/users`, authorization);
    const search = await getJson<AdminUserList>(`${base}/api/admin/users?search=smith`, authorization);
    if (list.total !== userCount) throw new BenchError(`the list counts ${list.total} users, not ${userCount}`);
    if (search.total === 0 || search.users.length === 0) throw new BenchError("the search for smith found nobody");

    const headers = [`Authorization: ${authorization}`];
    const runs: AdminBenchData["runs"] = [];
    for (const path of ADMIN_URLS) {
      await wrk(`${base}${path}`, 1, 2, connections, child.proc.pid, headers);
      log("admin", `wrk ${path}, ${seconds}s, ${connections} connections`);
      runs.push({ url: path, result: await measured(`${base}${path}`, seconds, connections, child.proc.pid, headers) });
    }

    const data: AdminBenchData = {
      users: userCount,
      bookings: bookingCount,
      seedSeconds,
      connections,
      answers: { recentBookings: stats.recentBookings, listTotal: list.total, searchTotal: search.total },
      runs,
    };
    const checks: Check[] = runs.flatMap(({ url, result }) => [
      {
        part: "admin",
        metric: `${url} p99 (${connections} connections)`,
        value: fmtMs(result.p99Ms),
        target: `< ${P99_TARGET_MS} ms`,
        ok: result.p99Ms < P99_TARGET_MS && result.non2xx3xx === 0 && result.socketErrors === 0,
      },
      { part: "admin", metric: `${url} p50`, value: fmtMs(result.p50Ms), target: "", ok: null },
    ]);
    const markdown = [
      "## Admin API",
      "",
      `${fmtInt(userCount)} customers and ${fmtInt(bookingCount)} bookings (seeded in ${seedSeconds.toFixed(1)} s; ${fmtInt(stats.recentBookings)} bookings this month, not cancelled; "smith" matches ${search.totalCapped ? "more than " : ""}${fmtInt(search.total)} customers). wrk -t2 -c${connections} -d${seconds}s with the admin's bearer token:`,
      "",
      table(
        ["URL", "requests/s", "p50", "p99", `p99 < ${P99_TARGET_MS} ms`, "non-2xx", "other CPU"],
        runs.map(({ url, result }) => [
          url,
          fmtInt(result.rps),
          fmtMs(result.p50Ms),
          fmtMs(result.p99Ms),
          result.p99Ms < P99_TARGET_MS ? "yes" : "no",
          String(result.non2xx3xx),
          result.otherCpuPercent == null ? "?" : `${result.otherCpuPercent}%`,
        ]),
      ),
    ].join("\n");
    return { part: "admin", durationMs: performance.now() - started, checks, markdown, data };
  } finally {
    if (child) await stopChild(child);
    removeDir(dataDir);
  }
}

if (import.meta.main) await runStandalone(runAdminBench);
