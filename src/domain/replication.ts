/**
 * The rules of the continuous copy of the database (decision 078), without the processes: how far
 * behind the copy is, when that is worth an owner's alert, what the dashboard says about it, and
 * which instant a restore's `--at "2026-12-01 17:59"` means in the business time zone.
 */
import { zonedToInstant } from "./timezone";

/** Behind by more than this, the owner is e-mailed (once, until it catches up again). */
export const replicationAlertAfterMs = 60_000;

/**
 * A place in the database's write-ahead log: the log's number and the bytes into it. Litestream
 * copies the log in order, so the copy holds everything up to its own position.
 */
export type WalPosition = { index: number; offset: number };

/** -1, 0 or 1 as `a` is before, at or after `b`. */
export function comparePositions(a: WalPosition, b: WalPosition): number {
  if (a.index !== b.index) return a.index < b.index ? -1 : 1;
  return a.offset === b.offset ? 0 : a.offset < b.offset ? -1 : 1;
}

/** What the site last saw of the local log (when) and the copy. */
export type PositionSample = { at: number; local: WalPosition };

/**
 * The newest moment whose writes the copy is known to hold: the latest sample of the local log
 * the copy has reached. Null when it has reached none of them (it is further behind than the
 * samples go back).
 */
export function copiedUpTo(samples: readonly PositionSample[], replica: WalPosition): number | null {
  let best: number | null = null;
  for (const s of samples) if (comparePositions(s.local, replica) <= 0 && (best === null || s.at > best)) best = s.at;
  return best;
}

/** What the site knows of the copy, as kept in the data folder by the instance running it. */
export type ReplicationState = {
  /** Where the copy goes, without any password. */
  replica: string;
  /** When the instance running the copy last looked (ms since the epoch). */
  checkedAt: number;
  /** The newest moment whose writes the copy holds, or null when none is known yet. */
  copiedAt: number | null;
  /** Since when the copy has been running (this run of Litestream). */
  since: number;
  /** What is wrong, in the words Litestream used, or null. */
  problem: string | null;
  /** When the owner was e-mailed about this lag (cleared once it caught up). */
  alertedAt: number | null;
};

/** Whether the copy is far enough behind at `now` to tell the owner. */
export function replicationLagging(state: Pick<ReplicationState, "copiedAt" | "since">, now: number, afterMs = replicationAlertAfterMs): boolean {
  return now - (state.copiedAt ?? state.since) > afterMs;
}

/** "2 seconds", "1 minute", "3 hours". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [n, unit] =
    s < 60 ? [s, "second"] : s < 3600 ? [Math.floor(s / 60), "minute"] : s < 172_800 ? [Math.floor(s / 3600), "hour"] : [Math.floor(s / 86_400), "day"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** How the dashboard speaks of the copy. */
export type ReplicationSummary = { status: "off" } | { status: "ok" | "behind" | "stopped"; text: string; problem: string | null; replica: string };

/** How long without a look from the instance running the copy before the site says it has stopped. */
const silentAfterMs = 30_000;

/** What the dashboard says of the copy at `now` (null state: configured but not yet started). */
export function replicationSummary(replica: string | null, state: ReplicationState | null, now: number): ReplicationSummary {
  if (!replica) return { status: "off" };
  if (!state || state.replica !== replica)
    return { status: "stopped", text: "Not started yet: the copy begins within seconds of the site starting.", problem: null, replica };
  if (now - state.checkedAt > silentAfterMs)
    return { status: "stopped", text: `Nothing heard from the copy for ${durationText(now - state.checkedAt)}.`, problem: state.problem, replica };
  // Behind once past a minute, or once the instance running the copy has told the owner so.
  const status = replicationLagging(state, now) || state.alertedAt !== null ? "behind" : "ok";
  if (state.copiedAt === null) {
    // Nothing copied yet and something wrong: not running, rather than working.
    const notYet = status === "ok" && state.problem ? "stopped" : status;
    return {
      status: notYet,
      text:
        notYet === "ok"
          ? `Starting: nothing confirmed copied yet (running ${durationText(now - state.since)}).`
          : `Nothing copied since the site started ${durationText(now - state.since)} ago.`,
      problem: state.problem,
      replica,
    };
  }
  const ago = now - state.copiedAt;
  return {
    status,
    text: `Copied ${durationText(ago)} ago.`,
    problem: state.problem,
    replica,
  };
}

/**
 * The instant of a restore's `--at`: "2026-12-01 17:59" or "2026-12-01 17:59:30" in the business
 * time zone, or an ISO 8601 instant with its offset. Null when it is neither (or the wall-clock
 * time does not exist that day).
 */
export function restorePointInstant(text: string, timeZone: string): Date | null {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (local) {
    const [, date, h, m, s] = local as unknown as [string, string, string, string, string | undefined];
    if (Number(h) > 23 || Number(m) > 59 || Number(s ?? 0) > 59) return null;
    const minute = zonedToInstant(date, `${h}:${m}`, timeZone);
    return minute && new Date(minute.getTime() + Number(s ?? 0) * 1000);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text.trim())) return null;
  const instant = new Date(text.trim());
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The replica's address for people: a password in it is hidden. */
export function replicaForPeople(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}
