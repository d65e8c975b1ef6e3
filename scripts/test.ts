/**
 * `npm test` (also `npm run check`, and CI): makes sure Chromium and Java (for the Nu HTML checker)
 * are there, builds the binary, checks types (`tsc`) and lint and format (`biome ci`; a check that
 * finds anything counts as one failure), runs the unit and route tests (`bun test`) and the end-to-end tests (Playwright against
 * dist/pi-site), and ends with one line `tests: N passed, N failed` counting both.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium";
import { ensureJava } from "./ensure-java";

const root = join(import.meta.dir, "..");
let passed = 0;
let failed = 0;
const problems: string[] = [];

function step(name: string, cmd: string[], env: Record<string, string> = {}) {
  console.log(`\n== ${name}: ${cmd.join(" ")}`);
  const r = Bun.spawnSync(cmd, { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const out = r.stdout.toString();
  const err = r.stderr.toString();
  process.stdout.write(out);
  process.stderr.write(err);
  return { ok: r.exitCode === 0, out, err };
}

if (!ensureChromium()) {
  console.log("tests: 0 passed, 1 failed");
  process.exit(1);
}

// The Nu HTML checker (an end-to-end test) runs on Java; without it that test fails and says why.
if (!ensureJava()) problems.push("no Java runtime for the Nu HTML checker (apt-get install default-jre-headless)");

const build = step("build", [process.execPath, "scripts/build.ts"]);
if (!build.ok) {
  console.log("tests: 0 passed, 1 failed");
  process.exit(1);
}

const types = step("type check", [join(root, "node_modules/.bin/tsc"), "--noEmit", "--pretty", "false"]);
if (!types.ok) {
  failed += 1;
  problems.push("tsc found type errors");
}

const lint = step("lint and format", [join(root, "node_modules/.bin/biome"), "ci", "--colors=off"]);
if (!lint.ok) {
  failed += 1;
  problems.push("biome ci found lint or format problems (npm run lint:fix fixes most)");
}

// bun test prints its summary (" N pass", " N fail") on stderr.
const unit = step("unit and route tests", [process.execPath, "test"]);
const unitText = unit.out + unit.err;
const unitPass = Number(/^\s*(\d+) pass$/m.exec(unitText)?.[1] ?? 0);
const unitFail = Number(/^\s*(\d+) fail$/m.exec(unitText)?.[1] ?? 0);
passed += unitPass;
failed += unitFail;
if (!unit.ok && unitFail === 0) {
  failed += 1;
  problems.push("bun test exited with an error before reporting failures");
}

const report = join(root, "test-results/e2e.json");
rmSync(report, { force: true });
const e2e = step("end-to-end tests", ["node", join(root, "node_modules/@playwright/test/cli.js"), "test"]);
if (existsSync(report)) {
  const stats = JSON.parse(readFileSync(report, "utf8")).stats as { expected: number; unexpected: number; flaky: number; skipped: number };
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

for (const p of problems) console.log(`note: ${p}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
