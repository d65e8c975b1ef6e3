/**
 * `npm run bench`: runs the benchmarks against dist/pi-site (which it does not build), prints one
 * summary table, and writes scripts/bench/results/latest.json and latest.md.
 *
 *   bun scripts/bench/run.ts                      # every part: startup, throughput, lighthouse, ...
 *   bun scripts/bench/run.ts --only=lighthouse    # one part (or several: --only=startup,throughput)
 *   bun scripts/bench/run.ts --strict             # exit 1 when a target is missed, not only on errors
 *   bun scripts/bench/run.ts --only=contention --scale=10   # contention's larger data: 10x the admin part's
 *
 * See scripts/bench/README.md for what is measured and the targets.
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join, relative } from "node:path";
import { BenchError, binaryPath, type Check, cpuBusyPercent, type PartResult, requireBinary, resultsDir, root, status, table } from "./lib";
import { runAccountsBooking } from "./accounts-booking";
import { runAdminBench } from "./admin";
import { runCaseFilesBench } from "./case-files";
import { runCheckoutBench } from "./checkout";
import { runReplicationBench } from "./replication";
import { runContention } from "./contention";
import { runFirstView } from "./first-view";
import { runLighthouseBench } from "./lighthouse";
import { runShopBench } from "./shop";
import { runSoak } from "./soak";
import { runStartup } from "./startup";
import { runThroughput } from "./throughput";

// Start-up first: it is short and the most easily disturbed by what ran just before (Chromium).
const PARTS = {
  startup: runStartup,
  throughput: runThroughput,
  "first-view": runFirstView,
  lighthouse: runLighthouseBench,
  shop: runShopBench,
  "accounts-booking": runAccountsBooking,
  admin: runAdminBench,
  checkout: runCheckoutBench,
  "case-files": runCaseFilesBench,
  replication: runReplicationBench,
  contention: runContention,
  soak: runSoak,
} as const satisfies Record<string, () => Promise<PartResult<unknown>>>;
type PartName = keyof typeof PARTS;
const ALL = Object.keys(PARTS) as PartName[];

function usage(code: number): never {
  console.log(`usage: bun scripts/bench/run.ts [--only=${ALL.join("|")}[,...]] [--strict] [--scale=N]`);
  process.exit(code);
}

function parseArgs(argv: string[]): { parts: PartName[]; strict: boolean } {
  let parts = ALL;
  let strict = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--help" || a === "-h") usage(0);
    else if (a === "--strict") strict = true;
    else if (a.startsWith("--scale="))
      continue; // read by contention.ts
    else if (a.startsWith("--only=") || a === "--only") {
      const value = a === "--only" ? argv[++i] : a.slice("--only=".length);
      const names = (value ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = names.filter((n) => !(n in PARTS));
      if (!names.length || bad.length) {
        console.error(`unknown part${bad.length > 1 ? "s" : ""}: ${bad.join(", ") || "(none)"}`);
        usage(2);
      }
      parts = ALL.filter((p) => names.includes(p)); // keep the canonical order
    } else {
      console.error(`unknown argument: ${a}`);
      usage(2);
    }
  }
  return { parts, strict };
}

function binaryInfo() {
  const s = statSync(binaryPath);
  return { path: relative(root, binaryPath), bytes: s.size, modified: s.mtime.toISOString() };
}

const { parts, strict } = parseArgs(process.argv.slice(2));
try {
  requireBinary();
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
}

const startedAt = new Date();
const binaryBefore = binaryInfo();
const loadBefore = loadavg();
const busyBefore = await cpuBusyPercent();
// The load average lags by a minute; the CPU sample says whether something runs right now.
if (busyBefore === null ? loadBefore[0]! > 1 : busyBefore > 10) {
  console.error(
    `note: the machine is busy (CPU ${busyBefore ?? "?"}% used over the last second, 1-minute load ${loadBefore[0]!.toFixed(2)} on ${cpus().length} cores): numbers will be noisy.`,
  );
}

const results: PartResult<unknown>[] = [];
const errors: { part: PartName; message: string }[] = [];
for (const name of parts) {
  console.error(`\n== ${name}`);
  try {
    const r = await PARTS[name]();
    results.push(r);
    console.error(`== ${name} done in ${(r.durationMs / 1000).toFixed(1)} s`);
  } catch (e) {
    const message = e instanceof BenchError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
    errors.push({ part: name, message });
    console.error(`== ${name} FAILED: ${message}`);
  }
}

const binaryAfter = binaryInfo();
const meta = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  parts,
  binary: binaryBefore,
  binaryChangedDuringRun: binaryAfter.modified !== binaryBefore.modified || binaryAfter.bytes !== binaryBefore.bytes,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    totalMemBytes: totalmem(),
    loadAverageBefore: loadBefore.map((n) => Number(n.toFixed(2))),
    loadAverageAfter: loadavg().map((n) => Number(n.toFixed(2))),
    cpuBusyPercentBefore: busyBefore,
    cpuBusyPercentAfter: await cpuBusyPercent(),
  },
  bun: Bun.version,
};
if (meta.binaryChangedDuringRun) console.error("warning: dist/pi-site was rebuilt during the run; results may mix two builds.");

const checks: Check[] = results.flatMap((r) => r.checks);
const summaryRows = [
  ...checks.map((c) => [c.part, c.metric, c.value, c.target, status(c.ok)]),
  ...errors.map((e) => [e.part, "(did not complete)", e.message.split("\n")[0] ?? "", "", "ERROR"]),
];
const summary = table(["part", "metric", "value", "target", "status"], summaryRows);
const failed = checks.filter((c) => c.ok === false).length;
const verdict = `${checks.length - failed}/${checks.length} targets met${errors.length ? `, ${errors.length} part(s) errored` : ""}`;

mkdirSync(resultsDir, { recursive: true });
const json = {
  meta,
  verdict,
  checks,
  errors,
  results: Object.fromEntries(results.map((r) => [r.part, { durationMs: Math.round(r.durationMs), data: r.data }])),
};
writeFileSync(join(resultsDir, "latest.json"), `${JSON.stringify(json, null, 2)}\n`);

const md = [
  `# pi-site benchmarks, ${meta.startedAt}`,
  "",
  `Binary ${meta.binary.path} (${(meta.binary.bytes / 1024 / 1024).toFixed(1)} MiB, built ${meta.binary.modified}), Bun ${meta.bun}, ${meta.machine.cpus} × ${meta.machine.cpuModel}, 1-minute load average before/after ${meta.machine.loadAverageBefore[0]} / ${meta.machine.loadAverageAfter[0]}, CPU busy in the second before/after ${meta.machine.cpuBusyPercentBefore ?? "?"}% / ${meta.machine.cpuBusyPercentAfter ?? "?"}%. Parts: ${parts.join(", ")}.`,
  meta.binaryChangedDuringRun ? "\n**Warning: dist/pi-site was rebuilt during the run.**" : "",
  "",
  `## Summary: ${verdict}`,
  "",
  summary,
  "",
  ...results.map((r) => `${r.markdown}\n`),
  ...errors.map((e) => `## ${e.part}: error\n\n\`\`\`\n${e.message}\n\`\`\`\n`),
].join("\n");
writeFileSync(join(resultsDir, "latest.md"), md);

console.log(`\n${summary}\n\n${verdict}. Details: ${relative(root, join(resultsDir, "latest.md"))}, ${relative(root, join(resultsDir, "latest.json"))}`);
process.exit(errors.length || (strict && failed) ? 1 : 0);
