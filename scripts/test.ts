/**
 * `npm test` (also `npm run check`, and CI): makes sure Chromium, Java (for the Nu HTML checker)
 * and the tools that read deploy/ (caddy, nft, systemd-analyze) are there, builds the binary, checks types (`tsc`) and lint and format (`biome ci`; a check that
 * finds anything counts as one failure), runs the unit and route tests (`bun test --parallel`, a process per core), the deploy and operations tests (`bun test ./tests/deploy ./tests/ops`, one file at a time) and the end-to-end tests (Playwright against
 * dist/pi-site), and ends with one line `tests: N passed, N failed` counting both.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium";
import { ensureDeployTools } from "./ensure-deploy-tools";
import { ensureJava } from "./ensure-java";

const root = join(import.meta.dir, "..");
let passed = 0;
let failed = 0;
const problems: string[] = [];
/**
 * The tests that failed (or passed only on a retry), repeated just above the summary so a log's
 * tail names them; once each (bun test names a failure where it happens and again at its end).
 */
const failures = new Set<string>();

/**
 * Runs one step, passing its output on as it comes (a CI log shows where a long run is) and keeping
 * it to read the counts from. Each chunk is written whole before the next, so the step's output
 * and this script's summary never cut into each other, and none is lost when the script exits.
 */
async function step(name: string, cmd: string[], env: Record<string, string> = {}) {
  await Bun.write(Bun.stdout, `\n== ${name}: ${cmd.join(" ")}\n`);
  const child = Bun.spawn(cmd, { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const relay = async (from: ReadableStream<Uint8Array>, to: typeof Bun.stdout) => {
    const chunks: Uint8Array[] = [];
    const reader = from.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      await Bun.write(to, read.value);
    }
    return Buffer.concat(chunks).toString();
  };
  const [out, err] = await Promise.all([relay(child.stdout, Bun.stdout), relay(child.stderr, Bun.stderr)]);
  return { ok: (await child.exited) === 0, out, err };
}

/** Prints the closing lines and exits once they are written. */
async function finish(lines: string[], code: number): Promise<never> {
  await Bun.write(Bun.stdout, `${lines.join("\n")}\n`);
  process.exit(code);
}

if (!ensureChromium()) await finish(["tests: 0 passed, 1 failed"], 1);

// The Nu HTML checker (an end-to-end test) runs on Java; without it that test fails and says why.
if (!ensureJava()) problems.push("no Java runtime for the Nu HTML checker (apt-get install default-jre-headless)");

// tests/deploy checks deploy/ with caddy, nft and systemd-analyze, tests/ops loads with wrk and moves
// the clock with libfaketime; without them those tests fail (or the clock tests skip) and say why.
const missingDeployTools = ensureDeployTools();
if (missingDeployTools.length) problems.push(`missing for the deploy tests: ${missingDeployTools.join(", ")} (see scripts/ensure-deploy-tools.ts)`);

const build = await step("build", [process.execPath, "scripts/build.ts"]);
if (!build.ok) await finish(["tests: 0 passed, 1 failed"], 1);

const types = await step("type check", [join(root, "node_modules/.bin/tsc"), "--noEmit", "--pretty", "false"]);
if (!types.ok) {
  failed += 1;
  problems.push("tsc found type errors");
}

const lint = await step("lint and format", [join(root, "node_modules/.bin/biome"), "ci", "--colors=off"]);
if (!lint.ok) {
  failed += 1;
  problems.push("biome ci found lint or format problems (npm run lint:fix fixes most)");
}

// bun test prints its summary (" N pass", " N fail") on stderr.
// Files run in one process per core (`--parallel`), each file in a fresh module registry.
const unit = await step("unit and route tests", [process.execPath, "test", "--parallel"]);
const unitText = unit.out + unit.err;
const unitPass = Number(/^\s*(\d+) pass$/m.exec(unitText)?.[1] ?? 0);
const unitFail = Number(/^\s*(\d+) fail$/m.exec(unitText)?.[1] ?? 0);
passed += unitPass;
failed += unitFail;
for (const line of bunFailures(unitText)) failures.add(line);
if (!unit.ok && unitFail === 0) {
  failed += 1;
  problems.push("bun test exited with an error before reporting failures");
}

// The deploy files, the backups, upgrades and faults against the built binary (tests/deploy and
// tests/ops, outside bun test's src/ root), one file at a time: run beside another of them (two
// under load at once), the copy to the S3 emulator missed its first snapshot's deadline twice in a row.
const deployTests = await step("deploy and operations tests", [process.execPath, "test", "./tests/deploy", "./tests/ops"]);
const deployText = deployTests.out + deployTests.err;
const deployFail = Number(/^\s*(\d+) fail$/m.exec(deployText)?.[1] ?? 0);
passed += Number(/^\s*(\d+) pass$/m.exec(deployText)?.[1] ?? 0);
failed += deployFail;
for (const line of bunFailures(deployText)) failures.add(line);
if (!deployTests.ok && deployFail === 0) {
  failed += 1;
  problems.push("bun test ./tests/deploy ./tests/ops exited with an error before reporting failures");
}

const report = join(root, "test-results/e2e.json");
rmSync(report, { force: true });
const e2e = await step("end-to-end tests", ["node", join(root, "node_modules/@playwright/test/cli.js"), "test"]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, "utf8")) as PlaywrightReport;
  const stats = json.stats;
  for (const suite of json.suites) for (const line of unexpectedTests(suite)) failures.add(line);
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (stats.skipped > 0) problems.push(`${stats.skipped} end-to-end test(s) skipped`);
  if (!e2e.ok && stats.unexpected === 0) {
    failed += 1;
    problems.push("Playwright exited with an error outside the tests");
  }
} else {
  failed += 1;
  problems.push("Playwright wrote no report");
}

await finish([...failures, ...problems.map((p) => `note: ${p}`), `tests: ${passed} passed, ${failed} failed`], failed > 0 ? 1 : 0);

type PlaywrightResult = { status: string; error?: { message?: string } };
type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: PlaywrightResult[] }[] }[];
};
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
};

/** One line per end-to-end test that failed or was flaky: where it is, its title and the first lines of its error. */
function unexpectedTests(suite: PlaywrightSuite): string[] {
  const lines: string[] = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== "unexpected" && test.status !== "flaky") continue;
      const error = test.results.find((r) => r.error?.message)?.error?.message ?? "";
      const label = test.status === "flaky" ? "(flaky, passed on retry)" : "(fail)";
      lines.push(`e2e ${label} ${spec.file}:${spec.line} › ${spec.title}: ${firstLines(stripColours(error).split("\n"))}`);
    }
  }
  for (const child of suite.suites ?? []) lines.push(...unexpectedTests(child));
  return lines;
}

/**
 * One line per test bun test reported failed, with the first lines of its error: bun prints the
 * error just above the "(fail)" line (its stack's "at" lines after it), and lists the failures
 * again at its end without one.
 */
function bunFailures(text: string): string[] {
  const lines = stripColours(text).split("\n");
  const found = new Map<string, string>();
  lines.forEach((line, i) => {
    if (!line.startsWith("(fail)")) return;
    const from = lines.slice(0, i).findLastIndex((l) => l.startsWith("error:") || /^\((pass|fail|skip|todo)\)/.test(l));
    const error = lines[from]?.startsWith("error:") ? firstLines(lines.slice(from, i).filter((l) => !l.trim().startsWith("at "))) : "";
    if (error || !found.has(line)) found.set(line, error);
  });
  return [...found].map(([line, error]) => `bun test ${line}${error ? `: ${error}` : ""}`);
}

/** The first three non-blank lines of an error, on one line. */
function firstLines(lines: string[]): string {
  return lines
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(" | ")
    .slice(0, 400);
}

/** Playwright's messages carry terminal colour codes (ESC [ ... m). */
function stripColours(text: string): string {
  return text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
}
