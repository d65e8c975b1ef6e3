/**
 * The continuous copy of the database (decision 078): when `LITESTREAM_REPLICA_URL` is set,
 * `pi-site serve` runs Litestream as a child it supervises, only in the instance holding the job
 * lease (decision 050), so an upgrade's two instances never both copy one database. Litestream
 * then owns the checkpoints: the site's own automatic checkpoints are off while it runs, and the
 * site checkpoints itself only while Litestream is down (else the log would grow without end).
 *
 * Every few seconds the supervisor reads Litestream's figures (its metrics address, on the
 * machine only), works out the newest moment the copy holds, writes that to
 * `<DATA_DIR>/replication-state.json` for the dashboard (any instance reads it), and e-mails the
 * owner once when the copy is more than a minute behind. `pi-site restore --from-replica` brings
 * the database back from the copy with `litestream restore`, then through the same checks as a
 * backup file.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { databaseFile, type Db } from "../db/client.server";
import { RestoreRefused, restoreDatabase } from "../db/restore.server";
import { getSettings } from "../db/settings.server";
import {
  comparePositions,
  copiedUpTo,
  durationText,
  type PositionSample,
  type ReplicationState,
  replicaForPeople,
  replicationAlertAfterMs,
  replicationLagging,
  type WalPosition,
} from "../domain/replication";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail, type OutboxWorker } from "../mail/outbox.server";
import { replicationLagAlert } from "../mail/templates/replication";
import type { Env } from "./env.server";
import { log } from "./log.server";
import { replicationStateFile, writeReplicationState } from "./replication-state.server";
import type { JobLease } from "./repeating-job.server";

export type ReplicationEnv = Pick<
  Env,
  "DATA_DIR" | "LITESTREAM_REPLICA_URL" | "LITESTREAM_ENDPOINT" | "LITESTREAM_REGION" | "LITESTREAM_SFTP_KEY_PATH" | "LITESTREAM_PATH"
>;

/** How often Litestream looks for new writes, and how often it sends them: the copy's usual delay. */
export const litestreamMonitorInterval = "250ms";
export const litestreamSyncInterval = "500ms";
/** How far back a restore to a moment can reach; the daily backups reach further. */
export const litestreamRetention = "168h";

/**
 * The litestream program: `LITESTREAM_PATH`, else one beside the pi-site binary, else the npm
 * package's (a checkout), else on PATH. Null when there is none.
 */
export function litestreamProgram(env: Pick<Env, "LITESTREAM_PATH">): string | null {
  if (env.LITESTREAM_PATH) return existsSync(env.LITESTREAM_PATH) ? env.LITESTREAM_PATH : null;
  const candidates = [
    join(dirname(process.execPath), "litestream"),
    resolve("node_modules/@flydotio/litestream-linux-x64/litestream"),
    join(import.meta.dir, "../../node_modules/@flydotio/litestream-linux-x64/litestream"),
  ];
  return candidates.find((c) => existsSync(c)) ?? Bun.which("litestream");
}

/** Litestream's configuration for this data folder's database (no secrets: Litestream reads the keys from the environment). */
export function litestreamConfig(env: ReplicationEnv, metricsAddress: string | null): string {
  const url = env.LITESTREAM_REPLICA_URL;
  if (!url) throw new Error("LITESTREAM_REPLICA_URL is not set");
  const q = (v: string) => JSON.stringify(v);
  const replica: string[] = [];
  if (url.startsWith("file://")) replica.push(`type: file`, `path: ${q(decodeURIComponent(new URL(url).pathname))}`);
  else replica.push(`url: ${q(url)}`);
  if (env.LITESTREAM_ENDPOINT) replica.push(`endpoint: ${q(env.LITESTREAM_ENDPOINT)}`, "force-path-style: true");
  if (env.LITESTREAM_REGION) replica.push(`region: ${q(env.LITESTREAM_REGION)}`);
  if (env.LITESTREAM_SFTP_KEY_PATH) replica.push(`key-path: ${q(env.LITESTREAM_SFTP_KEY_PATH)}`);
  replica.push(`sync-interval: ${litestreamSyncInterval}`, `retention: ${litestreamRetention}`, "snapshot-interval: 24h");
  return [
    ...(metricsAddress ? [`addr: ${q(metricsAddress)}`] : []),
    "dbs:",
    `  - path: ${q(resolve(databaseFile(env.DATA_DIR)))}`,
    `    monitor-interval: ${litestreamMonitorInterval}`,
    "    replicas:",
    ...replica.map((line, i) => `${i === 0 ? "      - " : "        "}${line}`),
    "",
  ].join("\n");
}

/**
 * Litestream's own record of how far it has copied this database (beside it). After a restore it
 * describes another database, so it is removed: the next run starts a new, complete copy.
 */
export function forgetReplicationPosition(dataDir: string) {
  const db = databaseFile(dataDir);
  rmSync(join(dirname(db), `.${basename(db)}-litestream`), { recursive: true, force: true });
  rmSync(replicationStateFile(dataDir), { force: true });
}

/**
 * The copy's position from Litestream's metrics text: where its last sent segment ends. (Its
 * `shadow_wal_size` adds up every log file not yet pruned, so the local position is read from the
 * files themselves: `localWalPosition`.)
 */
export function parseLitestreamMetrics(text: string): { replica: WalPosition; syncErrors: number } | null {
  const value = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "m").exec(text);
    return m ? Number(m[1]) : null;
  };
  const [ri, ro] = ["litestream_replica_wal_index", "litestream_replica_wal_offset"].map(value);
  if (ri == null || ro == null) return null;
  return { replica: { index: ri, offset: ro }, syncErrors: value("litestream_sync_error_count") ?? 0 };
}

/**
 * How far Litestream has read this database's log: its current generation's newest shadow log file
 * (`.pi-site.db-litestream/generations/<generation>/wal/<index>.wal`) and that file's size. Null
 * before its first read.
 */
export function localWalPosition(dataDir: string): WalPosition | null {
  const db = databaseFile(dataDir);
  const meta = join(dirname(db), `.${basename(db)}-litestream`);
  try {
    const generation = readFileSync(join(meta, "generation"), "utf8").trim();
    const walDir = join(meta, "generations", generation, "wal");
    const newest = readdirSync(walDir)
      .filter((n) => /^[0-9a-f]{8}\.wal$/.test(n))
      .sort()
      .at(-1);
    if (!newest) return null;
    return { index: Number.parseInt(newest.slice(0, 8), 16), offset: statSync(join(walDir, newest)).size };
  } catch {
    return null;
  }
}

/** A free port on the machine for Litestream's metrics. */
function freeLocalPort(): number {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

/** The text of one of Litestream's log lines worth showing: its message and error. */
function problemOf(line: string): string | null {
  if (!/level=(ERROR|WARN)/.test(line)) return null;
  const msg = /msg="([^"]*)"|msg=(\S+)/.exec(line);
  const error = /error="((?:[^"\\]|\\.)*)"/.exec(line);
  const text = [
    msg?.[1] ?? msg?.[2],
    error?.[1]
      ?.replace(/\\[nt]/g, " ")
      .replace(/\\"/g, '"')
      .replace(/\s+/g, " "),
  ]
    .filter(Boolean)
    .join(": ");
  return text.slice(0, 500) || null;
}

type SupervisorDeps = { db: Db; env: ReplicationEnv & Pick<Env, "BUSINESS_EMAIL" | "PUBLIC_URL" | "PORT">; outbox: Pick<OutboxWorker, "kick"> };

/** Runs and watches Litestream for `pi-site serve`; see the top of the file. */
export class ReplicationSupervisor {
  private child: Subprocess<"ignore", "pipe", "pipe"> | null = null;
  private metricsUrl = "";
  private samples: PositionSample[] = [];
  private state: ReplicationState | null = null;
  private restartAt = 0;
  private failures = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> | null = null;
  private stopping = false;
  private readonly replica: string;

  constructor(
    private readonly deps: SupervisorDeps,
    private readonly lease: Pick<JobLease, "held"> | null,
    private readonly program: string,
    private readonly checkMs = 2_000,
    /** Behind by more than this, the owner is e-mailed (tests shorten it). */
    private readonly alertAfterMs = replicationAlertAfterMs,
  ) {
    this.replica = replicaForPeople(deps.env.LITESTREAM_REPLICA_URL ?? "");
  }

  /** Turns the site's automatic checkpoints off (Litestream owns them) and starts watching. */
  start(): this {
    this.deps.db.$client.exec("PRAGMA wal_autocheckpoint = 0");
    this.tick();
    this.timer = setInterval(() => this.tick(), this.checkMs);
    this.timer.unref();
    return this;
  }

  /** Stops Litestream after its last copy (SIGTERM, then SIGKILL after 10 s). */
  async stop() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await this.stopChild();
  }

  private tick() {
    if (this.ticking || this.stopping) return;
    this.ticking = this.check()
      .catch((err) => log.error("replication check failed", { error: err instanceof Error ? err.message : String(err) }))
      .finally(() => {
        this.ticking = null;
      });
  }

  private async check() {
    const now = Date.now();
    if (this.lease && !this.lease.held(now)) {
      // Another instance holds the lease and runs the copy.
      await this.stopChild();
      return;
    }
    if (!this.child && now >= this.restartAt) this.startChild(now);
    if (!this.child) {
      // Nobody checkpoints while Litestream is down; the log is folded in so it does not grow without end.
      this.deps.db.$client.exec("PRAGMA wal_checkpoint(PASSIVE)");
    } else {
      await this.readPosition(now);
    }
    this.publish(now);
  }

  private startChild(now: number) {
    const port = freeLocalPort();
    this.metricsUrl = `http://127.0.0.1:${port}/metrics`;
    const configFile = join(this.deps.env.DATA_DIR, "litestream.yml");
    writeFileSync(configFile, litestreamConfig(this.deps.env, `127.0.0.1:${port}`), { mode: 0o600 });
    chmodSync(configFile, 0o600);
    // Litestream dies with the site even when the site is killed outright (kill -9, out of memory):
    // a copy left running would hold the database and outlive the instance that owns the lease.
    const dieWithSite = existsSync("/usr/bin/setpriv") ? ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--"] : [];
    const child = Bun.spawn([...dieWithSite, this.program, "replicate", "-config", configFile, "-no-expand-env"], {
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      env: process.env,
    });
    this.child = child;
    this.samples = [];
    this.state = {
      replica: this.replica,
      checkedAt: now,
      copiedAt: this.state?.copiedAt ?? null,
      since: this.state?.since ?? now,
      problem: this.state?.problem ?? null,
      alertedAt: this.state?.alertedAt ?? null,
    };
    log.info("replication started", { replica: this.replica, pid: child.pid });
    // Litestream writes its log to standard output, and a few library warnings to standard error.
    void this.readLog(child.stdout);
    void this.readLog(child.stderr);
    void child.exited.then((code) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.stopping) return;
      this.failures++;
      const wait = Math.min(60_000, 2_000 * 2 ** Math.min(this.failures - 1, 5));
      this.restartAt = Date.now() + wait;
      const why = `Litestream stopped (exit code ${code})${this.state?.problem ? `: ${this.state.problem}` : ""}`;
      if (this.state) this.state.problem = why;
      log.error("replication stopped", { code, restartInMs: wait, problem: this.state?.problem });
    });
  }

  private async readLog(stream: ReadableStream<Uint8Array>) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      rest += decoder.decode(value, { stream: true });
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        const problem = problemOf(line);
        if (problem && this.state) {
          this.state.problem = problem;
          log.warn("replication problem", { problem });
        }
      }
    }
  }

  private async readPosition(now: number) {
    const text = await fetch(this.metricsUrl, { signal: AbortSignal.timeout(1_500) }).then(
      (r) => (r.ok ? r.text() : ""),
      () => "",
    );
    const figures = parseLitestreamMetrics(text);
    const local = localWalPosition(this.deps.env.DATA_DIR);
    if (!figures || !local || !this.state) return;
    const last = this.samples.at(-1);
    // A new generation starts the log's numbering again: older samples no longer compare.
    if (last && comparePositions(local, last.local) < 0) this.samples = [];
    this.samples.push({ at: now, local });
    const copied = copiedUpTo(this.samples, figures.replica);
    if (copied !== null) {
      this.state.copiedAt = Math.max(copied, this.state.copiedAt ?? 0);
      // Keep the samples still ahead of the copy, and the one it reached.
      this.samples = this.samples.filter((s) => s.at >= copied);
      this.failures = 0;
      if (now - copied < 5_000) this.state.problem = null;
    }
    if (this.samples.length > 600) this.samples = this.samples.slice(-600);
  }

  private publish(now: number) {
    const state = this.state;
    if (!state) return;
    state.checkedAt = now;
    if (replicationLagging(state, now, this.alertAfterMs)) {
      if (state.alertedAt === null) {
        state.alertedAt = now;
        this.alert(state, now);
      }
    } else if (state.alertedAt !== null && state.copiedAt !== null && state.copiedAt > state.alertedAt) {
      log.info("replication caught up", { replica: this.replica });
      state.alertedAt = null;
    }
    writeReplicationState(this.deps.env.DATA_DIR, state);
  }

  private alert(state: ReplicationState, now: number) {
    const settings = getSettings(this.deps.db);
    const ctx = mailContextFrom(settings, this.deps);
    const behind = durationText(now - (state.copiedAt ?? state.since));
    log.error("replication behind", { behind, problem: state.problem });
    enqueueMail(
      this.deps.db,
      replicationLagAlert({
        businessEmail: ctx.businessEmail,
        origin: ctx.origin,
        timeZone: ctx.timeZone,
        replica: state.replica,
        behind,
        copiedAt: state.copiedAt === null ? null : new Date(state.copiedAt),
        problem: state.problem,
      }),
    );
    this.deps.outbox.kick();
  }

  private async stopChild() {
    const child = this.child;
    if (!child) return;
    this.child = null;
    child.kill("SIGTERM");
    const done = await Promise.race([child.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
    if (!done) {
      child.kill("SIGKILL");
      await child.exited;
    }
    log.info("replication stopped for this instance", { replica: this.replica });
  }
}

/**
 * Starts the supervised copy when a replica is configured; answers its stop function (a no-op
 * without one). Without a litestream program the site starts anyway and says so in the log and on
 * the dashboard: refusing to start would take the site down for want of its copy.
 */
export function startReplication(deps: SupervisorDeps, lease: Pick<JobLease, "held"> | null): () => Promise<void> {
  if (!deps.env.LITESTREAM_REPLICA_URL) {
    rmSync(replicationStateFile(deps.env.DATA_DIR), { force: true });
    return async () => {};
  }
  const program = litestreamProgram(deps.env);
  if (!program) {
    const problem = "the litestream program was not found (set LITESTREAM_PATH, or put it beside pi-site)";
    log.error("replication not started", { problem });
    const now = Date.now();
    writeReplicationState(deps.env.DATA_DIR, {
      replica: replicaForPeople(deps.env.LITESTREAM_REPLICA_URL),
      checkedAt: now,
      copiedAt: null,
      since: now,
      problem,
      alertedAt: null,
    });
    return async () => {};
  }
  const supervisor = new ReplicationSupervisor(deps, lease, program).start();
  return () => supervisor.stop();
}

/**
 * `pi-site restore --from-replica [--at INSTANT]`: the database as the replica holds it (latest,
 * or as it was at `at`), put in place by `restoreDatabase` with the same checks as a backup file.
 * Answers where the previous database was kept (null when there was none).
 */
export async function restoreFromReplica(env: ReplicationEnv, at: Date | null): Promise<string | null> {
  if (!env.LITESTREAM_REPLICA_URL) throw new RestoreRefused("LITESTREAM_REPLICA_URL is not set: there is no replica to restore from");
  const program = litestreamProgram(env);
  if (!program) throw new RestoreRefused("the litestream program was not found (set LITESTREAM_PATH, or put it beside pi-site)");
  const dbFile = databaseFile(env.DATA_DIR);
  const configFile = join(env.DATA_DIR, "litestream-restore.yml");
  const incoming = `${dbFile}.from-replica`;
  for (const f of [incoming, `${incoming}.tmp`]) rmSync(f, { force: true });
  writeFileSync(configFile, litestreamConfig(env, null), { mode: 0o600 });
  try {
    const cmd = [program, "restore", "-config", configFile, "-no-expand-env", "-o", incoming];
    if (at) cmd.push("-timestamp", at.toISOString());
    cmd.push(resolve(dbFile));
    const run = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe", env: process.env });
    if (run.exitCode !== 0 || !existsSync(incoming)) {
      const said = `${run.stderr.toString()}\n${run.stdout.toString()}`
        .split("\n")
        .map((l) => problemOf(l) ?? l.trim())
        .filter(Boolean)
        .slice(-3)
        .join("; ");
      throw new RestoreRefused(
        `the replica could not be restored${at ? ` as at ${at.toISOString()}` : ""}: ${said || `litestream exited with ${run.exitCode}`}`,
      );
    }
    const aside = restoreDatabase(dbFile, incoming);
    forgetReplicationPosition(env.DATA_DIR);
    return aside;
  } finally {
    for (const f of [incoming, `${incoming}-wal`, `${incoming}-shm`, configFile]) rmSync(f, { force: true });
  }
}
