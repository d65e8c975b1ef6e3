/**
 * Kept totals (decision 047): the per-day figures the dashboard and analytics show, and the
 * referrers' tallies, are read from `daily_totals` (and its sums per month, `monthly_totals`) and
 * `referrer_totals` instead of being counted per request. Triggers (db/0029_kept_totals_triggers.sql,
 * db/0034_monthly_totals.sql) keep them in the same transaction as every write; this module
 * rebuilds them from the records (`rebuildTotals`: the `pi-site rebuild-totals` command, the first
 * start after the migration, and a change of the timezone setting) with the same expressions the
 * triggers use.
 */
import type { Database } from "bun:sqlite";
import { defaultSettings, settingsSchema } from "../shared/settings";
import { centsSql } from "./money-sql.server";
import { offsetMinutes } from "../domain/timezone";

/** Raised when what the triggers compute changes, so the next start rebuilds the totals. */
export const keptTotalsVersion = "1";

/** The local date (in the timezone of tz_offsets) of an instant in ms, as the triggers compute it. */
export const localDaySql = (x: string) =>
  `date(((${x}) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (${x}) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch')`;
const productKeySql = (i: string) => `coalesce('id:' || ${i}.product_id, 'name:' || json_extract(${i}.product_snapshot, '$.name'), 'none:')`;
const orderNetSql = (o: string) => `${o}.payment_status = 'paid' AND ${o}.status <> 'refunded'`;

const offsetTables = new Map<string, [number, number][]>();
const week = 7 * 24 * 60 * 60 * 1000;
const firstSample = Date.UTC(1990, 0, 1);
const lastSample = Date.UTC(2100, 0, 1);

/**
 * The zone's offset from UTC (ms) from each change on, 1990 to 2100: sampled weekly, each change
 * then found to the second. The first row covers everything before 1990 with 1990's offset.
 */
export function offsetTable(timeZone: string): [number, number][] {
  const known = offsetTables.get(timeZone);
  if (known) return known;
  const offsetAt = (ms: number) => offsetMinutes(new Date(ms), timeZone) * 60_000;
  const rows: [number, number][] = [[Number.MIN_SAFE_INTEGER, offsetAt(firstSample)]];
  let before = firstSample;
  let offset = offsetAt(before);
  for (let at = firstSample + week; at <= lastSample; at += week) {
    const next = offsetAt(at);
    if (next !== offset) {
      // The first second (between before and at) that has the new offset.
      let lo = before;
      let hi = at;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsetAt(mid) === offset) lo = mid;
        else hi = mid;
      }
      rows.push([hi, next]);
      offset = next;
    }
    before = at;
  }
  offsetTables.set(timeZone, rows);
  return rows;
}

/** The timezone setting as getSettings reads it (the default when unset, unreadable or unknown to Intl). */
export function timeZoneSetting(sqlite: Database): string {
  const row = sqlite.query<{ value: string }, [string]>("SELECT value FROM settings WHERE key = ?").get("timezone");
  let zone: string = defaultSettings.timezone;
  try {
    const parsed = settingsSchema.shape.timezone.safeParse(row ? JSON.parse(row.value) : undefined);
    if (parsed.success && row) zone = parsed.data;
    new Intl.DateTimeFormat("en", { timeZone: zone });
  } catch {
    zone = defaultSettings.timezone;
  }
  return zone;
}

/** The timezone the kept totals are in, or null before their first rebuild. */
export function keptTimeZone(sqlite: Database): string | null {
  const rows = sqlite.query<{ key: string; value: string }, []>("SELECT key, value FROM kept_totals_state").all();
  const state = new Map(rows.map((r) => [r.key, r.value]));
  return state.get("version") === keptTotalsVersion ? (state.get("timezone") ?? null) : null;
}

export type RebuildResult = { timeZone: string; dailyRows: number; referrers: number; ms: number };

/**
 * Recounts every kept total from the records for `timeZone` (default: the setting), in one
 * immediate transaction (a savepoint inside a caller's): the timezone's offsets, the daily and
 * monthly totals, the referrers' tallies and the bookings' and enquiries' counts. Readers never
 * see a half-written state.
 */
export function rebuildTotals(sqlite: Database, timeZone = timeZoneSetting(sqlite)): RebuildResult {
  const started = performance.now();
  const offsets = offsetTable(timeZone);
  const run = () => {
    sqlite.run("DELETE FROM tz_offsets");
    const insertOffset = sqlite.query("INSERT INTO tz_offsets (from_ms, offset_ms) VALUES (?, ?)");
    for (const [from, offset] of offsets) insertOffset.run(from, offset);
    sqlite.run("DELETE FROM daily_totals");
    const into = "INSERT INTO daily_totals (kind, day, key, n, cents)";
    // The same rows the triggers add, grouped (a row is counted on the local date of its time).
    sqlite.run(`${into} SELECT 'booking', day, key, count(*), sum(c) FROM (
      SELECT ${localDaySql("b.created_at")} AS day, b.service_name AS key, ${centsSql("b.service_price")} AS c
      FROM bookings b WHERE b.status <> 'cancelled') GROUP BY day, key`);
    sqlite.run(`${into} SELECT 'order', day, key, count(*), sum(c) FROM (
      SELECT ${localDaySql("o.created_at")} AS day, o.status AS key, ${centsSql("o.total_amount")} AS c FROM orders o) GROUP BY day, key`);
    sqlite.run(`${into} SELECT 'revenue', day, key, sum(n), sum(c) FROM (
      SELECT ${localDaySql("coalesce(o.paid_at, o.created_at)")} AS day, coalesce(o.payment_method, '') AS key, 1 AS n, ${centsSql("o.total_amount")} AS c
        FROM orders o WHERE ${orderNetSql("o")}
      UNION ALL
      SELECT ${localDaySql("coalesce(p.paid_at, p.created_at)")}, p.method, 1, ${centsSql("p.amount")}
        FROM payments p WHERE p.status = 'completed' AND p.shop_order_id IS NULL) GROUP BY day, key`);
    sqlite.run(`${into} SELECT 'product', day, key, sum(n), sum(c) FROM (
      SELECT ${localDaySql("coalesce(o.paid_at, o.created_at)")} AS day, ${productKeySql("i")} AS key, i.quantity AS n, ${centsSql("i.total_price")} AS c
      FROM order_items i JOIN orders o ON o.id = i.order_id WHERE ${orderNetSql("o")}) GROUP BY day, key`);
    // Rows that sum to nothing are not kept (the triggers drop them too).
    sqlite.run("DELETE FROM daily_totals WHERE n = 0 AND cents = 0");
    // The months from the days (the triggers kept them along, but a recount trusts nothing kept).
    sqlite.run("DELETE FROM monthly_totals");
    sqlite.run(`INSERT INTO monthly_totals (kind, month, key, n, cents)
      SELECT kind, substr(day, 1, 7), key, sum(n), sum(cents) FROM daily_totals GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cents) <> 0`);

    sqlite.run("DELETE FROM referrer_totals");
    const rc = centsSql("t.amount");
    sqlite.run(`INSERT INTO referrer_totals (user_id, user_created_at, referred_count, pending_cents, pending_count, paid_cents, paid_count, void_cents, void_count)
      SELECT id, (SELECT created_at FROM users WHERE users.id = x.id), sum(referred), sum(pc), sum(pn), sum(dc), sum(dn), sum(vc), sum(vn) FROM (
        SELECT t.referrer_id AS id, 0 AS referred,
          CASE WHEN t.status = 'pending' THEN ${rc} ELSE 0 END AS pc, (t.status = 'pending') AS pn,
          CASE WHEN t.status = 'paid' THEN ${rc} ELSE 0 END AS dc, (t.status = 'paid') AS dn,
          CASE WHEN t.status = 'void' THEN ${rc} ELSE 0 END AS vc, (t.status = 'void') AS vn
        FROM referral_transactions t
        UNION ALL
        SELECT r.referred_by, 1, 0, 0, 0, 0, 0, 0 FROM users r WHERE r.referred_by IS NOT NULL
      ) x WHERE id IN (SELECT id FROM users) GROUP BY id`);

    sqlite.run("DELETE FROM booking_day_counts");
    sqlite.run("INSERT INTO booking_day_counts (status, date, n) SELECT status, appointment_date, count(*) FROM bookings GROUP BY 1, 2");
    sqlite.run("DELETE FROM contact_counts");
    sqlite.run("INSERT INTO contact_counts (handled, urgency, n) SELECT handled_at IS NOT NULL, urgency, count(*) FROM contacts GROUP BY 1, 2");
    sqlite.run("DELETE FROM payment_counts");
    sqlite.run("INSERT INTO payment_counts (status, method, n) SELECT status, method, count(*) FROM payments GROUP BY 1, 2");

    const state = sqlite.query("INSERT INTO kept_totals_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    state.run("timezone", timeZone);
    state.run("version", keptTotalsVersion);
  };
  sqlite.transaction(run).immediate();
  const dailyRows = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM daily_totals").get()?.n ?? 0;
  const referrers = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM referrer_totals").get()?.n ?? 0;
  return { timeZone, dailyRows, referrers, ms: Math.round(performance.now() - started) };
}

/**
 * Rebuilds the kept totals when they are not for the timezone setting or an older version of the
 * triggers (the first start after the migration, or a database restored from elsewhere); answers
 * the rebuild or null when they were up to date.
 */
export function ensureTotals(sqlite: Database): RebuildResult | null {
  const zone = timeZoneSetting(sqlite);
  if (keptTimeZone(sqlite) === zone) return null;
  return rebuildTotals(sqlite, zone);
}

// Reading the kept totals. Each answers what the scanning query it stands for answered.

type Window = { period: "week" | "month"; starts: readonly string[]; from: string; to: string };

type PeriodRow = { period: number; key: string; n: number; cents: number };

/**
 * The kept rows of one kind in the window, as a subquery of (start, key, n, cents) for `?1` = kind:
 * per day, or for a window of months (which starts on the 1st) per month: the whole months before
 * this one from `monthly_totals`, this month's days so far from `daily_totals` (so a day after the
 * window's end is never counted), each with its month's first day as `start`.
 */
function keptRows(window: Window): { sql: string; params: string[] } {
  if (window.period !== "month" || !window.from.endsWith("-01")) {
    return { sql: "SELECT day AS start, key, n, cents FROM daily_totals WHERE kind = ?1 AND day >= ?2 AND day <= ?3", params: [window.from, window.to] };
  }
  return {
    sql: `SELECT month || '-01' AS start, key, n, cents FROM monthly_totals WHERE kind = ?1 AND month >= ?2 AND month < ?3
      UNION ALL
      SELECT ?3 || '-01', key, n, cents FROM daily_totals WHERE kind = ?1 AND day >= ?3 || '-01' AND day <= ?4`,
    params: [window.from.slice(0, 7), window.to.slice(0, 7), window.to],
  };
}

/**
 * Per period of the window and key, the kept totals of one kind (`booking` by service, `revenue` by
 * method): per month from the months' rows (12 months: a few dozen rows) or per day (weeks: at most
 * 13 of them), then added into their periods here.
 */
export function keptByPeriod(sqlite: Database, kind: "booking" | "revenue", window: Window): PeriodRow[] {
  const rows = keptRows(window);
  const found = sqlite
    .query<{ start: string; key: string; n: number; cents: number }, string[]>(
      `SELECT start, key, sum(n) AS n, sum(cents) AS cents FROM (${rows.sql}) GROUP BY 1, 2`,
    )
    .all(kind, ...rows.params);
  // The period of a date: the last one starting on or before it (starts are in order).
  return found.map(({ start, ...r }) => {
    let period = 0;
    while (period + 1 < window.starts.length && (window.starts[period + 1] ?? "") <= start) period++;
    return { period, ...r };
  });
}

/**
 * The five products sold most in the window (units, then value, then name): a product still in the
 * catalogue by its current name, a deleted one by the name it was sold under.
 */
export function keptTopProducts(sqlite: Database, window: Window, limit = 5): { name: string; units: number; cents: number }[] {
  const rows = keptRows(window);
  return sqlite
    .query<{ name: string; units: number; cents: number }, (string | number)[]>(
      `SELECT coalesce(p.name, CASE WHEN t.key LIKE 'name:%' THEN substr(t.key, 6) END, 'Unnamed product') AS name, t.units, t.cents
       FROM (SELECT key, sum(n) AS units, sum(cents) AS cents FROM (${rows.sql}) GROUP BY key) t
       LEFT JOIN products p ON t.key LIKE 'id:%' AND p.id = cast(substr(t.key, 4) AS integer)
       ORDER BY t.units DESC, t.cents DESC, 1 LIMIT ?${rows.params.length + 2}`,
    )
    .all("product", ...rows.params, limit);
}

/** The dashboard's figures from the kept totals: orders (all, pending), net money received, bookings between two local dates (to exclusive). */
export function keptStats(sqlite: Database, bookingsFrom: string, bookingsTo: string) {
  const row = sqlite
    .query<{ orders: number; pending: number; revenueCents: number; bookings: number }, [string, string]>(
      `SELECT
         (SELECT coalesce(sum(n), 0) FROM daily_totals WHERE kind = 'order') AS orders,
         (SELECT coalesce(sum(n), 0) FROM daily_totals WHERE kind = 'order' AND key = 'pending') AS pending,
         (SELECT coalesce(sum(cents), 0) FROM daily_totals WHERE kind = 'revenue') AS revenueCents,
         (SELECT coalesce(sum(n), 0) FROM daily_totals WHERE kind = 'booking' AND day >= ?1 AND day < ?2) AS bookings`,
    )
    .get(bookingsFrom, bookingsTo);
  return row ?? { orders: 0, pending: 0, revenueCents: 0, bookings: 0 };
}
