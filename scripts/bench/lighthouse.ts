/**
 * Lighthouse scores of the four anonymous pages, served by dist/pi-site on 127.0.0.1.
 *
 * Lighthouse is pinned to 12.8.2 (13.x needs a newer Node than the machine has). It is not a
 * dependency of the project: it is installed on first use into node_modules/.cache/lighthouse-12.8.2
 * (`npm install --no-save --prefix <dir> lighthouse@12.8.2`) and its CLI is run with Node, using
 * the mobile form factor (Lighthouse's default) and the categories performance, accessibility,
 * best-practices and seo. For every category below its target the failing audits are listed, with
 * the offending elements' selectors where Lighthouse gives them.
 *
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), NODE_BINARY (default `node` on PATH),
 * LIGHTHOUSE_DIR (install dir), LIGHTHOUSE_RUNS (runs per page, default 1; with more, the run with
 * the median performance score is reported), LIGHTHOUSE_ATTEMPTS (tries per run when Lighthouse
 * itself fails, default 3).
 *
 * Run alone: bun scripts/bench/lighthouse.ts
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  BenchError,
  type Check,
  type Child,
  envNumber,
  freePort,
  HOST,
  log,
  PAGES,
  type PartResult,
  removeDir,
  root,
  runStandalone,
  startBinary,
  stopChild,
  table,
  tempDir,
  waitForOk,
} from "./lib";

export const LIGHTHOUSE_VERSION = "12.8.2";
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export const TARGETS: Record<Category, number> = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
export const CHROME_FLAGS = "--headless --no-sandbox --disable-background-networking --disable-component-update --no-first-run --disable-gpu";
/** Metrics shown for each page (Lighthouse audit ids). */
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

export type FailingAudit = {
  category: Category;
  id: string;
  title: string;
  score: number;
  weight: number;
  displayValue?: string;
  /** Selectors / URLs of the offending items, at most 10. */
  items: string[];
};

export type PageLighthouse = {
  path: string;
  url: string;
  scores: Record<Category, number | null>;
  metrics: Record<string, string>;
  /** Non-passing audits of every category (also those whose category met its target). */
  failing: FailingAudit[];
  runWarnings: string[];
  runtimeError?: string;
  allRunsPerformance: (number | null)[];
};

export type LighthouseData = { version: string; node: string; chromium: string; runsPerPage: number; pages: PageLighthouse[] };

// Just the parts of Lighthouse's JSON result that are read here.
type LhAudit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { type?: string; items?: Record<string, unknown>[] };
};
type LhResult = {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
};

function chromiumPath(): string {
  const p = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(p)) throw new BenchError(`Chromium not found at ${p}: install it (\`apt-get install chromium\`) or set CHROMIUM_PATH`);
  return p;
}

/** Real Node (not Bun's `node` shim), ≥ 18.20 as Lighthouse 12 requires. */
function nodeBinary(): { path: string; version: string } {
  const path = process.env.NODE_BINARY || Bun.which("node") || "";
  if (!path) throw new BenchError("node not found on PATH (Lighthouse runs on Node ≥ 18.20); set NODE_BINARY");
  const r = Bun.spawnSync([path, "-e", "console.log(JSON.stringify({ node: process.versions.node, bun: process.versions.bun ?? null }))"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  if (r.exitCode !== 0) throw new BenchError(`${path} does not run: ${r.stderr.toString()}`);
  const v = JSON.parse(r.stdout.toString()) as { node: string; bun: string | null };
  if (v.bun) throw new BenchError(`${path} is Bun's node shim, not Node; set NODE_BINARY to a real Node ≥ 18.20`);
  const [major = 0, minor = 0] = v.node.split(".").map(Number);
  if (major < 18 || (major === 18 && minor < 20)) throw new BenchError(`Lighthouse ${LIGHTHOUSE_VERSION} needs Node ≥ 18.20, ${path} is ${v.node}`);
  return { path, version: v.node };
}

/** Path of Lighthouse's CLI, installing the pinned version into the cache dir when missing. */
export function ensureLighthouse(): string {
  const dir = process.env.LIGHTHOUSE_DIR || join(root, `node_modules/.cache/lighthouse-${LIGHTHOUSE_VERSION}`);
  const pkg = join(dir, "node_modules/lighthouse/package.json");
  const installed = () => existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version === LIGHTHOUSE_VERSION;
  if (!installed()) {
    log("lighthouse", `installing lighthouse@${LIGHTHOUSE_VERSION} into ${dir} (once)`);
    mkdirSync(dir, { recursive: true });
    const npm = Bun.which("npm");
    if (!npm) throw new BenchError("npm not found on PATH: it is needed once to install Lighthouse");
    const r = Bun.spawnSync(
      [npm, "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", dir, `lighthouse@${LIGHTHOUSE_VERSION}`],
      {
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    if (r.exitCode !== 0 || !installed()) {
      throw new BenchError(`installing lighthouse@${LIGHTHOUSE_VERSION} failed:\n${r.stdout.toString()}${r.stderr.toString()}`);
    }
  }
  return join(dir, "node_modules/lighthouse/cli/index.js");
}

async function runLighthouse(node: string, cli: string, chromium: string, url: string, outPath: string): Promise<LhResult> {
  const cmd = [
    node,
    cli,
    url,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    "--output=json",
    `--output-path=${outPath}`,
    "--quiet",
  ];
  const p = Bun.spawn(cmd, { cwd: root, env: { ...process.env, CHROME_PATH: chromium }, stdout: "pipe", stderr: "pipe" });
  // Chromium runs in its own process group: SIGINT lets Lighthouse close it before it is killed.
  const timer = setTimeout(() => {
    p.kill("SIGINT");
    setTimeout(() => p.kill("SIGKILL"), 5000).unref();
  }, 180_000);
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  clearTimeout(timer);
  if (code !== 0 || !existsSync(outPath)) throw new BenchError(`lighthouse failed on ${url} (exit ${code}):\n${out}${err}`);
  return JSON.parse(readFileSync(outPath, "utf8")) as LhResult;
}

/**
 * Lighthouse sometimes fails a run on a busy machine (NO_NAVSTART, NO_FCP, protocol timeouts):
 * such a run is repeated, up to LIGHTHOUSE_ATTEMPTS (default 3) times in all.
 */
async function runWithRetries(run: () => Promise<LhResult>, path: string): Promise<LhResult> {
  const attempts = Math.round(envNumber("LIGHTHOUSE_ATTEMPTS", 3));
  for (let a = 1; ; a++) {
    try {
      const r = await run();
      if (!r.runtimeError || a >= attempts) return r;
      log("lighthouse", `${path}: runtime error ${r.runtimeError.code}, trying again (${a}/${attempts})`);
    } catch (e) {
      if (a >= attempts) throw e;
      log("lighthouse", `${path}: ${(e as Error).message.split("\n").slice(0, 2).join(" ").trim()}; trying again (${a}/${attempts})`);
    }
    await Bun.sleep(1000);
  }
}

const score100 = (s: number | null | undefined) => (s === null || s === undefined ? null : Math.round(s * 100));

/** What to show for one offending item: a selector (with label), else a URL or source location. */
function describeItem(item: Record<string, unknown>): string | null {
  const node = item.node as { selector?: string; nodeLabel?: string; snippet?: string } | undefined;
  if (node?.selector) return node.nodeLabel && node.nodeLabel !== node.selector ? `${node.selector} ("${node.nodeLabel.slice(0, 60)}")` : node.selector;
  for (const key of ["url", "source", "description", "label"]) {
    const v = item[key];
    if (typeof v === "string" && v) return v;
    if (v && typeof v === "object" && "url" in v && typeof (v as { url: unknown }).url === "string") return (v as { url: string }).url;
  }
  return null;
}

export function failingAudits(r: LhResult): FailingAudit[] {
  const out: FailingAudit[] = [];
  for (const cat of CATEGORIES) {
    for (const ref of r.categories[cat]?.auditRefs ?? []) {
      const a = r.audits[ref.id];
      if (!a) continue;
      if (a.scoreDisplayMode === "error") {
        out.push({ category: cat, id: a.id, title: `${a.title} (the audit itself errored)`, score: 0, weight: ref.weight, items: [] });
        continue;
      }
      if (a.score === null || a.score >= 1 || ["notApplicable", "informative", "manual"].includes(a.scoreDisplayMode)) continue;
      // Items of a failing audit: nodes for accessibility/SEO, URLs for best practices.
      const items = (a.details?.items ?? [])
        .map(describeItem)
        .filter((x): x is string => !!x)
        .slice(0, 10);
      out.push({ category: cat, id: a.id, title: a.title, score: a.score, weight: ref.weight, displayValue: a.displayValue, items });
    }
  }
  return out.sort((a, b) => b.weight - a.weight);
}

export async function runLighthouseBench(): Promise<PartResult<LighthouseData>> {
  const started = performance.now();
  const chromium = chromiumPath();
  const node = nodeBinary();
  const cli = ensureLighthouse();
  const runsPerPage = Math.round(envNumber("LIGHTHOUSE_RUNS", 1));

  const dataDir = tempDir("lighthouse-data");
  const outDir = tempDir("lighthouse-out");
  let binary: Child | undefined;
  try {
    const port = await freePort();
    binary = startBinary({ port, dataDir });
    await waitForOk(`http://${HOST}:${port}/healthz`, binary);

    const pages: PageLighthouse[] = [];
    let version = "";
    for (const [i, path] of PAGES.entries()) {
      const url = `http://${HOST}:${port}${path}`;
      const runs: LhResult[] = [];
      for (let n = 0; n < runsPerPage; n++) {
        const r = await runWithRetries(() => runLighthouse(node.path, cli, chromium, url, join(outDir, `page-${i}-run-${n}.json`)), path);
        runs.push(r);
        const s = CATEGORIES.map((c) => `${c} ${score100(r.categories[c]?.score) ?? "n/a"}`).join(", ");
        log("lighthouse", `${path.padEnd(9)} run ${n + 1}/${runsPerPage}: ${s}${r.runtimeError ? ` (runtime error: ${r.runtimeError.code})` : ""}`);
      }
      // The run with the median performance score stands for the page.
      const perf = (r: LhResult) => r.categories.performance?.score ?? -1;
      const sorted = [...runs].sort((a, b) => perf(a) - perf(b));
      const r = sorted[Math.floor((sorted.length - 1) / 2)]!;
      version = r.lighthouseVersion;
      if (version !== LIGHTHOUSE_VERSION) throw new BenchError(`expected Lighthouse ${LIGHTHOUSE_VERSION}, ran ${version}`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score100(r.categories[c]?.score)])) as Record<Category, number | null>;
      const metrics = Object.fromEntries(METRICS.map(([id, label]) => [label, r.audits[id]?.displayValue ?? "n/a"]));
      pages.push({
        path,
        url,
        scores,
        metrics,
        failing: failingAudits(r),
        runWarnings: r.runWarnings ?? [],
        runtimeError: r.runtimeError ? `${r.runtimeError.code}: ${r.runtimeError.message}` : undefined,
        allRunsPerformance: runs.map((x) => score100(x.categories.performance?.score)),
      });
    }
    const data: LighthouseData = { version, node: node.version, chromium, runsPerPage, pages };
    return { part: "lighthouse", durationMs: performance.now() - started, checks: checks(data), markdown: markdown(data), data };
  } finally {
    if (binary) await stopChild(binary);
    removeDir(dataDir);
    removeDir(outDir);
  }
}

const belowTarget = (c: Category, s: number | null) => s === null || s < TARGETS[c];
const targetText = (c: Category) => (TARGETS[c] === 100 ? "100" : `≥ ${TARGETS[c]}`);

function checks(d: LighthouseData): Check[] {
  const out: Check[] = [];
  for (const p of d.pages) {
    for (const c of CATEGORIES) {
      const s = p.scores[c];
      const failing = belowTarget(c, s) ? p.failing.filter((f) => f.category === c).map((f) => f.id) : [];
      out.push({
        part: "lighthouse",
        metric: `${p.path} ${c}`,
        value: `${s ?? "n/a"}${failing.length ? ` (failing: ${failing.join(", ")})` : ""}${p.runtimeError ? ` (runtime error ${p.runtimeError})` : ""}`,
        target: targetText(c),
        ok: !belowTarget(c, s),
      });
    }
  }
  return out;
}

function markdown(d: LighthouseData): string {
  const lines = [
    "## Lighthouse",
    "",
    `Lighthouse ${d.version} on Node ${d.node}, mobile (default), Chromium ${d.chromium}, ${d.runsPerPage} run(s) per page${d.runsPerPage > 1 ? " (median by performance)" : ""}. Targets: performance ≥ ${TARGETS.performance}, others 100.`,
    "",
    table(
      ["page", ...CATEGORIES, ...METRICS.map(([, l]) => l)],
      d.pages.map((p) => [
        p.path,
        ...CATEGORIES.map((c) => `${p.scores[c] ?? "n/a"}${belowTarget(c, p.scores[c]) ? " ✗" : ""}`),
        ...METRICS.map(([, l]) => p.metrics[l] ?? "n/a"),
      ]),
    ),
  ];
  for (const p of d.pages) {
    const below = CATEGORIES.filter((c) => belowTarget(c, p.scores[c]));
    const notes: string[] = [];
    if (p.runtimeError) notes.push(`- runtime error: ${p.runtimeError}`);
    for (const w of p.runWarnings) notes.push(`- run warning: ${w}`);
    for (const c of below) {
      const fs = p.failing.filter((f) => f.category === c);
      notes.push(`- **${c} ${p.scores[c] ?? "n/a"}** (target ${targetText(c)})${fs.length ? "" : ": no single failing audit (score lost on metrics)"}`);
      for (const f of fs) {
        notes.push(
          `  - \`${f.id}\`: ${f.title} (score ${Math.round(f.score * 100)}${f.weight ? `, weight ${f.weight}` : ""}${f.displayValue ? `, ${f.displayValue}` : ""})`,
        );
        for (const item of f.items) notes.push(`    - \`${item.replace(/`/g, "'")}\``);
      }
    }
    const other = p.failing.filter((f) => !below.includes(f.category));
    if (other.length)
      notes.push(
        `- not passing, but the category met its target: ${other.map((f) => `\`${f.id}\`${f.displayValue ? ` (${f.displayValue})` : ""}`).join(", ")}`,
      );
    if (notes.length) lines.push("", `### ${p.path}`, "", ...notes);
  }
  return lines.join("\n");
}

if (import.meta.main) await runStandalone(runLighthouseBench);
