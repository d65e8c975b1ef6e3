/**
 * The executable's entry: reads the environment, migrates and seeds the database, starts the mail
 * outbox and listens. `pi-site backup FILE` writes a consistent copy of the database;
 * `pi-site healthcheck` asks the running site's /healthz (for containers).
 */
import { openDatabase } from "../db/client.server";
import { startPaymentReconciliation } from "../payments/reconcile.server";
import { bootstrap, databaseFile } from "./bootstrap.server";
import { withCachedPages } from "./fast-path";
import { readEnv } from "./env.server";
import { log, setLogLevel } from "./log.server";

const started = performance.now();
const env = readEnv();
setLogLevel(env.LOG_LEVEL);
const [command, ...args] = process.argv.slice(2);

if (command === "backup") {
  const target = args[0];
  if (!target) {
    console.error("usage: pi-site backup FILE");
    process.exit(2);
  }
  const db = openDatabase(databaseFile(env.DATA_DIR));
  db.$client.query("VACUUM INTO ?").run(target);
  console.log(`backup written to ${target}`);
  process.exit(0);
} else if (command === "healthcheck") {
  // For container health checks: the slim image has no curl.
  const ok = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).then((r) => r.ok, () => false);
  process.exit(ok ? 0 : 1);
} else if (command && command !== "serve") {
  console.error(`unknown command: ${command}\nusage: pi-site [serve] | pi-site backup FILE | pi-site healthcheck`);
  process.exit(2);
}

const { deps, app } = bootstrap(env);
deps.outbox.start();
const stopPaymentCheck = startPaymentReconciliation(deps);

const server = Bun.serve({
  port: env.PORT,
  hostname: env.HOST,
  fetch: withCachedPages(deps.pageCache, app),
  maxRequestBodySize: 1024 * 1024,
});

log.info("listening", {
  url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${server.port}`,
  dataDir: env.DATA_DIR,
  mail: env.SMTP_URL ? "smtp" : "log",
  startupMs: Math.round(performance.now() - started),
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log.info("shutting down", { signal });
    deps.outbox.stop();
    stopPaymentCheck();
    void server.stop().then(() => {
      deps.db.$client.close();
      process.exit(0);
    });
  });
}
