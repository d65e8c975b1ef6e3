/**
 * The executable's entry: reads the environment, migrates and seeds the database, starts the mail
 * outbox and listens. `pi-site backup [FILE]` writes a consistent copy of the database with the
 * uploaded images in it (backup.server.ts; without FILE, a dated file in DATA_DIR/backups);
 * `pi-site restore FILE` puts one back while the site is stopped, `pi-site restore --from-replica
 * [--at TIME]` the continuous copy (replication.server.ts); `pi-site admin
 * create|reset-password|disable-totp USERNAME` manages admins (also while the site runs);
 * `pi-site rebuild-totals` recounts the kept totals (kept-totals.server.ts);
 * `pi-site healthcheck` asks the running site's /healthz (for containers). At start-up the first admin is made sure of (admin-accounts.server.ts).
 * `pi-site serve` runs one worker process per core (workers.server.ts, decision 089): this process
 * is worker 1 and does all of the above; the copies it starts (PI_SITE_WORKER=2..N) only serve.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase } from "../db/backup.server";
import { rebuildTotals } from "../db/kept-totals.server";
import { databaseFile, openDatabase } from "../db/client.server";
import { RestoreRefused, restoreDatabase } from "../db/restore.server";
import { startOrderExpiry } from "../payments/order-expiry.server";
import { startPaymentReconciliation } from "../payments/reconcile.server";
import { parseAdminCommand, readAdminPassword, runAdminCommand, ensureFirstAdmin, runDisableTotp } from "./admin-accounts.server";
import { manualBackupTarget } from "./backup-command.server";
import { bootstrap } from "./bootstrap.server";
import { maxUploadBodyBytes } from "./app";
import { refuseLargeBodies } from "./body-size";
import { withCachedPages } from "./fast-path";
import { readEnv } from "./env.server";
import { log, setLogLevel } from "./log.server";
import { publicUrlWarning } from "./origin";
import { startHousekeeping } from "./housekeeping.server";
import { startSlotWindow } from "./slot-window.server";
import { startDailyDigest } from "./daily-digest.server";
import { startReviewInvitations } from "./review-invitations.server";
import { startBookingReminders } from "./booking-reminders.server";
import { startPlanReminders } from "./plan-reminders.server";
import { startCaseRetention } from "./case-retention.server";
import { startScheduledBackups } from "./scheduled-backup.server";
import { forgetReplicationPosition, restoreFromReplica, startReplication } from "./replication.server";
import { savedTimeZone } from "../db/replication.server";
import { restorePointInstant } from "../domain/replication";
import { JobLease, runJobsUnder } from "./repeating-job.server";
import { closeFirstMs, GracefulStop, shutdownGraceMs } from "./shutdown.server";
import { withAnswerScope } from "./slow-answers.server";
import { ownCommand, WorkerSupervisor, whenSupervisorGone, workerCount, workerNumber } from "./workers.server";
import { getSettings } from "../db/settings.server";

/** What a worker that does not run a job gets instead of the job's stop function. */
const nothingToStop = async () => {};

const started = performance.now();
const env = readEnv();
setLogLevel(env.LOG_LEVEL);
const [command, ...args] = process.argv.slice(2);
const usage =
  "usage: pi-site [serve] | pi-site backup [FILE] | pi-site restore FILE | pi-site restore --from-replica [--at 'YYYY-MM-DD HH:MM'] | pi-site rebuild-totals | pi-site admin create|reset-password|disable-totp USERNAME | pi-site healthcheck";
// Written while the site serves, so `restore` can tell it is running even on another port.
const pidFile = join(env.DATA_DIR, "pi-site.pid");

/** True when a site answers on PORT or the pid file names a live process other than this one. */
async function siteIsRunning(): Promise<boolean> {
  const answers = await fetch(`http://127.0.0.1:${env.PORT}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (answers) return true;
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false; // left behind by a crash
  }
}

if (command === "backup") {
  // Without a file name: a dated file in the data directory's backups folder, kept until deleted.
  const target = args[0] || manualBackupTarget(env.DATA_DIR, new Date());
  const db = openDatabase(databaseFile(env.DATA_DIR));
  const { files, missing } = backupDatabase(db, env.DATA_DIR, target);
  if (missing.length) console.error(`uploaded files missing from ${env.DATA_DIR}/uploads, not in the backup: ${missing.join(", ")}`);
  console.log(`backup written to ${target} (with ${files} uploaded ${files === 1 ? "file" : "files"})`);
  process.exit(0);
} else if (command === "restore") {
  const source = args[0];
  const fromReplica = source === "--from-replica";
  // The continuous copy (decision 078): latest, or as it was at a time in the business time zone.
  const atText = fromReplica && args[1] === "--at" ? args[2] : undefined;
  if (!source || (fromReplica && args.length !== 1 && !(args.length === 3 && atText))) {
    console.error('usage: pi-site restore FILE | pi-site restore --from-replica [--at "YYYY-MM-DD HH:MM"]');
    process.exit(2);
  }
  const timeZone = atText ? savedTimeZone(databaseFile(env.DATA_DIR)) : "";
  const at = atText ? restorePointInstant(atText, timeZone) : null;
  if (atText && !at) {
    console.error(`restore refused: --at "${atText}" is not a time like "2026-12-01 17:59" (${timeZone} time)`);
    process.exit(2);
  }
  if (await siteIsRunning()) {
    console.error("restore refused: the site is running. Stop it first, then restore.");
    process.exit(1);
  }
  try {
    if (fromReplica) {
      const aside = await restoreFromReplica(env, at);
      console.log(
        `restored from the replica${at ? ` as it was at ${atText} (${timeZone} time)` : " (latest)"}${aside ? `; the previous database is kept at ${aside}` : ""}`,
      );
      process.exit(0);
    }
    const aside = restoreDatabase(databaseFile(env.DATA_DIR), source);
    // Litestream's record of the replaced database no longer applies: the next run copies anew.
    forgetReplicationPosition(env.DATA_DIR);
    console.log(`restored ${source}${aside ? `; the previous database is kept at ${aside}` : ""}`);
    process.exit(0);
  } catch (err) {
    if (!(err instanceof RestoreRefused)) throw err;
    console.error(`restore refused: ${err.message}`);
    process.exit(1);
  }
} else if (command === "rebuild-totals") {
  // Recounts the kept totals (decision 047) from the records; safe while the site runs (one transaction).
  const db = openDatabase(databaseFile(env.DATA_DIR));
  const result = rebuildTotals(db.$client);
  console.log(
    `kept totals rebuilt in ${result.ms} ms for ${result.timeZone}: ${result.dailyRows} daily ${result.dailyRows === 1 ? "row" : "rows"}, ${result.referrers} ${result.referrers === 1 ? "referrer" : "referrers"}`,
  );
  process.exit(0);
} else if (command === "admin") {
  const parsed = parseAdminCommand(args);
  if ("usage" in parsed) {
    console.error(parsed.usage);
    process.exit(2);
  }
  if (parsed.action === "disable-totp") {
    const result = runDisableTotp(openDatabase(databaseFile(env.DATA_DIR)), parsed.username);
    (result.code === 0 ? console.log : console.error)(result.message);
    process.exit(result.code);
  }
  const read = await readAdminPassword(parsed.passwordFromStdin);
  if ("problem" in read) {
    console.error(read.problem);
    process.exit(2);
  }
  const result = await runAdminCommand(openDatabase(databaseFile(env.DATA_DIR)), parsed, read.password);
  (result.code === 0 ? console.log : console.error)(result.message);
  process.exit(result.code);
} else if (command === "healthcheck") {
  // For container health checks: the slim image has no curl.
  const ok = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  process.exit(ok ? 0 : 1);
} else if (command && command !== "serve") {
  console.error(`unknown command: ${command}\n${usage}`);
  process.exit(2);
}

// Worker 1 is the process that was started; it starts the other workers (decision 089).
const worker = workerNumber();
const first = worker === 1;
const { deps, app } = bootstrap(env);
if (first) await ensureFirstAdmin(deps.db, env);
// Background work runs in one instance at a time: an upgrade starts the new binary on this data
// directory while the old one still serves (decision 050). The other workers only serve: their
// lease is never started, so it is never held and nothing in them sends mail or runs a job.
const jobLease = new JobLease(deps.db);
if (first) jobLease.start();
runJobsUnder(jobLease);
if (first) deps.outbox.start();
const stopHousekeeping = first ? startHousekeeping(deps.db, env.DATA_DIR) : nothingToStop;
// The booking window's slots exist before the first request: its first fill runs synchronously here.
const stopSlotWindow = first ? startSlotWindow(deps.db) : nothingToStop;

const graceful = new GracefulStop();
const server = Bun.serve({
  port: env.PORT,
  hostname: env.HOST,
  // The other workers, and a new binary during an upgrade, listen on the same port: the kernel
  // shares the connections between them.
  reusePort: true,
  fetch: graceful.wrap(refuseLargeBodies(withCachedPages(deps.pageCache, withAnswerScope(app)))),
  // The image upload's limit (a case file's 4 MiB chunk fits under it); every other route is held to
  // 1 MB by refuseLargeBodies (and the app's own limit), the chunk route to one chunk.
  maxRequestBodySize: maxUploadBodyBytes,
});

if (first) writeFileSync(pidFile, String(process.pid));
// With PORT=0 the system chose the port: links built without PUBLIC_URL must name that one, never
// ":0". So it is known before the jobs below first run (their e-mails carry links).
if (env.PORT === 0) env.PORT = server.port ?? 0;
const originWarning = first ? publicUrlWarning(env) : null;
if (originWarning) log.warn(originWarning);
const stopJobs = first
  ? [
      startPaymentReconciliation(deps),
      startOrderExpiry(deps),
      startDailyDigest(deps),
      startReviewInvitations(deps),
      startBookingReminders(deps),
      startPlanReminders(deps),
      startCaseRetention(deps),
      startScheduledBackups(deps),
    ]
  : [];
// The continuous copy, when a replica is configured: Litestream under this instance's job lease.
const stopReplication = first ? startReplication(deps, jobLease) : nothingToStop;

log.info("listening", {
  url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${server.port}`,
  worker,
  pid: process.pid,
  dataDir: env.DATA_DIR,
  mail: env.SMTP_URL ? "smtp" : "log",
  startupMs: Math.round(performance.now() - started),
});

// Started once this one has migrated, seeded and listens: the copies find the database ready. They
// get the port this one listens on (the system's choice with PORT=0).
const workers = first
  ? new WorkerSupervisor(ownCommand(), { ...process.env, PORT: String(server.port) }).start(workerCount(env.WORKERS, getSettings(deps.db).workerProcesses))
  : null;
// A copy whose worker 1 was killed (-9) stops by itself: no server is left on the port.
if (!first) whenSupervisorGone(() => void shutDown("worker 1 gone"));

/**
 * SIGTERM (systemd, an upgrade) and SIGINT: stop accepting, answer what is in flight (every
 * worker, each its own), stop the jobs after their current run, give the job lease up, close the
 * database, exit 0.
 */
async function shutDown(signal: string) {
  if (graceful.isStopping) return;
  log.info("shutting down", { signal, worker });
  await Promise.all([graceful.stop(server), workers?.stop(shutdownGraceMs + closeFirstMs)]);
  await Promise.all([deps.outbox.stop(), stopHousekeeping(), stopSlotWindow(), ...stopJobs.map((stop) => stop())]);
  // Litestream's last copy is made before the lease goes, so the next instance's never overlaps it.
  await stopReplication();
  jobLease.stop();
  deps.db.$client.close();
  // The limits file too, so its log is folded back in now rather than at the next start.
  deps.limitStore.close();
  // Another instance started during an upgrade has written its own pid: leave that one.
  if (first && existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() === String(process.pid)) rmSync(pidFile, { force: true });
  log.info("stopped", { signal, worker });
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutDown(signal));
