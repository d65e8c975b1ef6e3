/**
 * The equipment shop:
 * - filter: the ShopCatalog island's pure filter/search/sort (src/domain/catalogue.ts) over 500
 *   generated products, for series of keystrokes (typing and deleting searches, with a category
 *   and each sort order). Each round starts from fresh product objects, so the first keystroke
 *   also pays for preparing the search texts. Target: p95 < 16 ms per keystroke (one frame).
 * - throughput: /shop and one product page for anonymous visitors, next to Bun's static server
 *   answering the very same bytes (static-reference.ts), exactly as throughput.ts measures the
 *   other pages. Target: binary/reference ≥ 0.75.
 *
 * Env: BENCH_FILTER_ROUNDS (default 30), BENCH_SECONDS (measured seconds per page per server,
 * default 10), BENCH_ROUNDS (2), BENCH_WARMUP_SECONDS (1), BENCH_THREADS (2), BENCH_CONNECTIONS (32),
 * WRK_PATH. About 50 s.
 *
 * Run alone: bun scripts/bench/shop.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { seedCategories, seedProducts } from "../../src/db/seed/catalogue";
import { filterCatalogue, productImage, sortValues, type CatalogueItem, type ShopQuery, type SortValue } from "../../src/domain/catalogue";
import {
  BenchError,
  type Check,
  type Child,
  envNumber,
  fmtInt,
  fmtMs,
  freePort,
  HOST,
  log,
  mean,
  median,
  type PartResult,
  removeDir,
  requireBinary,
  runStandalone,
  spawnChild,
  startBinary,
  stopChild,
  table,
  tempDir,
  waitForOk,
} from "./lib";
import type { CapturedPage } from "./static-reference";
import { capture, RATIO_TARGET, wrk, wrkPath, type Captured, type WrkResult } from "./throughput";

export const SHOP_PAGES = ["/shop", "/shop/product/covert-body-worn-camera-4k"] as const;
const FILTER_PRODUCTS = 500;
const KEYSTROKE_TARGET_MS = 16;
const ACCEPT_ENCODING = "br, gzip";

// ---------------------------------------------------------------------------------------------
// Filter

/** A small deterministic PRNG, so every run filters the same catalogue. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` products built from the seed catalogue's names and features, with varied prices and flags. */
export function generateCatalogue(n: number, seed = 42): CatalogueItem[] {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const features = seedProducts.flatMap((p) => p.features);
  const categoryName = new Map(seedCategories.map((c) => [c.slug, c.name]));
  return Array.from({ length: n }, (_, i) => {
    const base = seedProducts[i % seedProducts.length]!;
    const cents = 2900 + Math.floor(rand() * 147000);
    const onSale = rand() < 0.25;
    return {
      id: i + 1,
      slug: `${base.slug}-${i}`,
      name: `${base.name} ${pick(["Mk", "Series", "Pro", "Lite", "Plus"])} ${1 + Math.floor(rand() * 9)}`,
      shortDescription: base.shortDescription,
      image: productImage(base.images),
      price: (cents / 100).toFixed(2),
      salePrice: onSale ? ((cents * (0.6 + rand() * 0.35)) / 100).toFixed(2) : null,
      categorySlug: base.categorySlug,
      categoryName: categoryName.get(base.categorySlug) ?? null,
      features: Array.from({ length: 4 + Math.floor(rand() * 4) }, () => pick(features)),
      isFeatured: rand() < 0.15,
      requiresVerification: rand() < 0.1,
      stockQuantity: Math.floor(rand() * 40),
    };
  });
}

/** What a customer types: each search typed letter by letter, then deleted, in several settings. */
export function keystrokeSeries(): ShopQuery[] {
  const sessions: { category: string | null; sort: SortValue; text: string }[] = [
    { category: null, sort: "featured", text: "gps tracker" },
    { category: "gps-tracking", sort: "price-asc", text: "battery" },
    { category: null, sort: "price-desc", text: "camera night vision" },
    { category: null, sort: "name-asc", text: "encrypted storage" },
    { category: "counter-surveillance", sort: "rating", text: "detector" },
  ];
  const out: ShopQuery[] = [];
  for (const s of sessions) {
    for (let i = 1; i <= s.text.length; i++) out.push({ category: s.category, q: s.text.slice(0, i), sort: s.sort });
    for (let i = s.text.length - 1; i >= 0; i--) out.push({ category: s.category, q: s.text.slice(0, i), sort: s.sort });
  }
  for (const sort of sortValues) out.push({ category: null, q: "", sort });
  return out;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

export type FilterData = { products: number; keystrokesPerRound: number; rounds: number; medianMs: number; p95Ms: number; maxMs: number; firstKeystrokeMedianMs: number; meanShown: number };

export function runFilterBench(rounds: number): FilterData {
  const catalogue = generateCatalogue(FILTER_PRODUCTS);
  const series = keystrokeSeries();
  // Warm-up: let the JIT compile the hot paths, on objects not measured afterwards.
  for (let i = 0; i < 3; i++) for (const q of series) filterCatalogue(structuredClone(catalogue), q);

  const times: number[] = [];
  const first: number[] = [];
  const shownCounts: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Fresh objects, as the island gets on page load: the first keystroke prepares the search texts.
    const items = structuredClone(catalogue);
    series.forEach((q, i) => {
      const t0 = Bun.nanoseconds();
      const shown = filterCatalogue(items, q);
      const ms = (Bun.nanoseconds() - t0) / 1e6;
      times.push(ms);
      if (i === 0) first.push(ms);
      shownCounts.push(shown.length);
    });
  }
  return {
    products: catalogue.length,
    keystrokesPerRound: series.length,
    rounds,
    medianMs: median(times),
    p95Ms: percentile(times, 95),
    maxMs: Math.max(...times),
    firstKeystrokeMedianMs: median(first),
    meanShown: mean(shownCounts),
  };
}

// ---------------------------------------------------------------------------------------------
// Throughput (the same method as throughput.ts, on the shop's pages)

const sameAnswer = (a: Captured, b: Captured) =>
  a.status === b.status && Buffer.compare(a.body, b.body) === 0 && JSON.stringify([...a.headers].sort()) === JSON.stringify([...b.headers].sort());

export type ShopPageThroughput = { path: string; status: number; bodyBytes: number; encoding: string | null; binaryRps: number; referenceRps: number; ratio: number; binaryP99Ms: number; referenceP99Ms: number; errors: number };

async function runShopThroughput(): Promise<{ pages: ShopPageThroughput[]; parityProblems: string[]; wrk: string }> {
  const totalSeconds = envNumber("BENCH_SECONDS", 10);
  const rounds = Math.round(envNumber("BENCH_ROUNDS", 2));
  const secondsPerRound = Math.max(1, Math.round(totalSeconds / rounds));
  const warmupSeconds = Math.round(envNumber("BENCH_WARMUP_SECONDS", 1, 0));
  const threads = Math.round(envNumber("BENCH_THREADS", 2));
  const connections = Math.round(envNumber("BENCH_CONNECTIONS", 32));
  wrkPath();

  const dataDir = tempDir("shop-data");
  const captureDir = tempDir("shop-capture");
  let binary: Child | undefined;
  let reference: Child | undefined;
  try {
    const binPort = await freePort();
    binary = startBinary({ port: binPort, dataDir });
    await waitForOk(`http://${HOST}:${binPort}/healthz`, binary);
    const binUrl = (p: string) => `http://${HOST}:${binPort}${p}`;

    const captured = new Map<string, Captured>();
    const manifest: CapturedPage[] = [];
    for (const [i, path] of SHOP_PAGES.entries()) {
      const c = await capture(binUrl(path));
      if (c.status !== 200) throw new BenchError(`${path} answered ${c.status}`);
      captured.set(path, c);
      writeFileSync(join(captureDir, `page-${i}.body`), c.body);
      manifest.push({ path, status: c.status, headers: c.headers, file: `page-${i}.body` });
    }
    writeFileSync(join(captureDir, "manifest.json"), JSON.stringify(manifest, null, 2));

    const refPort = await freePort();
    reference = spawnChild([process.execPath, join(import.meta.dir, "static-reference.ts"), captureDir, String(refPort)]);
    await waitForOk(`http://${HOST}:${refPort}${SHOP_PAGES[0]}`, reference);
    const refUrl = (p: string) => `http://${HOST}:${refPort}${p}`;

    const parityProblems: string[] = [];
    for (const path of SHOP_PAGES) {
      const [b, r] = await Promise.all([capture(binUrl(path)), capture(refUrl(path))]);
      if (!sameAnswer(b, r)) parityProblems.push(`${path}: binary and reference answers differ`);
      if (Buffer.compare(b.body, captured.get(path)!.body) !== 0) parityProblems.push(`${path}: the binary's body changed between two requests`);
    }
    for (const p of parityProblems) log("shop", `parity: ${p}`);

    const pages: ShopPageThroughput[] = [];
    for (const path of SHOP_PAGES) {
      if (warmupSeconds > 0) {
        await wrk(binUrl(path), warmupSeconds, threads, connections);
        await wrk(refUrl(path), warmupSeconds, threads, connections);
      }
      const bin: WrkResult[] = [];
      const ref: WrkResult[] = [];
      for (let r = 0; r < rounds; r++) {
        for (const which of r % 2 === 0 ? (["binary", "reference"] as const) : (["reference", "binary"] as const)) {
          const res = await wrk(which === "binary" ? binUrl(path) : refUrl(path), secondsPerRound, threads, connections);
          (which === "binary" ? bin : ref).push(res);
          log("shop", `${path} round ${r + 1}/${rounds} ${which.padEnd(9)} ${fmtInt(res.rps).padStart(7)} req/s  p99 ${fmtMs(res.p99Ms)}`);
        }
      }
      const c = captured.get(path)!;
      const binaryRps = mean(bin.map((r) => r.rps));
      const referenceRps = mean(ref.map((r) => r.rps));
      pages.push({
        path,
        status: c.status,
        bodyBytes: c.body.byteLength,
        encoding: c.headers.find(([k]) => k.toLowerCase() === "content-encoding")?.[1] ?? null,
        binaryRps,
        referenceRps,
        ratio: binaryRps / referenceRps,
        binaryP99Ms: Math.max(...bin.map((r) => r.p99Ms)),
        referenceP99Ms: Math.max(...ref.map((r) => r.p99Ms)),
        errors: [...bin, ...ref].reduce((n, r) => n + r.non2xx3xx + r.socketErrors, 0),
      });
    }
    return { pages, parityProblems, wrk: `wrk -t${threads} -c${connections} --latency -H 'Accept-Encoding: ${ACCEPT_ENCODING}', ${rounds} alternating rounds of ${secondsPerRound} s after a ${warmupSeconds} s warm-up` };
  } finally {
    if (reference) await stopChild(reference);
    if (binary) await stopChild(binary);
    removeDir(dataDir);
    removeDir(captureDir);
  }
}

// ---------------------------------------------------------------------------------------------

export type ShopBenchData = { filter: FilterData; throughput: Awaited<ReturnType<typeof runShopThroughput>> };

export async function runShopBench(): Promise<PartResult<ShopBenchData>> {
  const started = performance.now();
  requireBinary();
  const filter = runFilterBench(Math.round(envNumber("BENCH_FILTER_ROUNDS", 30)));
  log("shop", `filter: ${filter.products} products, ${filter.keystrokesPerRound * filter.rounds} keystrokes, median ${fmtMs(filter.medianMs)}, p95 ${fmtMs(filter.p95Ms)}`);
  const throughput = await runShopThroughput();

  const checks: Check[] = [
    { part: "shop", metric: `filter ${filter.products} products: per keystroke median / p95`, value: `${fmtMs(filter.medianMs)} / ${fmtMs(filter.p95Ms)} (max ${fmtMs(filter.maxMs)})`, target: `p95 < ${KEYSTROKE_TARGET_MS} ms`, ok: filter.p95Ms < KEYSTROKE_TARGET_MS },
    ...throughput.pages.map((p) => ({
      part: "shop",
      metric: `${p.path} binary/reference`,
      value: `${p.ratio.toFixed(2)} (${fmtInt(p.binaryRps)} vs ${fmtInt(p.referenceRps)} req/s, p99 ${fmtMs(p.binaryP99Ms)} vs ${fmtMs(p.referenceP99Ms)})`,
      target: `≥ ${RATIO_TARGET}`,
      ok: p.ratio >= RATIO_TARGET,
    })),
  ];
  const errors = throughput.pages.reduce((n, p) => n + p.errors, 0);
  checks.push({ part: "shop", metric: "identical responses, no errors", value: throughput.parityProblems.length || errors ? `${throughput.parityProblems.length} differences, ${errors} errors` : "yes", target: "yes", ok: throughput.parityProblems.length === 0 && errors === 0 });

  const markdown = [
    "## Shop",
    "",
    `Filter: the island's \`filterCatalogue\` over ${filter.products} generated products, ${filter.keystrokesPerRound} keystrokes per round (searches typed and deleted letter by letter, with a category and every sort order), ${filter.rounds} rounds on fresh product objects. Target: p95 < ${KEYSTROKE_TARGET_MS} ms.`,
    "",
    table(
      ["median", "p95", "max", "first keystroke (median)", "products shown (mean)"],
      [[fmtMs(filter.medianMs), fmtMs(filter.p95Ms), fmtMs(filter.maxMs), fmtMs(filter.firstKeystrokeMedianMs), fmtInt(filter.meanShown)]],
    ),
    "",
    `Throughput, anonymous visitors: ${throughput.wrk}. Target: binary/reference ≥ ${RATIO_TARGET}.`,
    "",
    table(
      ["page", "response", "binary req/s", "reference req/s", "ratio", "binary p99", "reference p99"],
      throughput.pages.map((p) => [p.path, `${p.status} ${p.encoding ?? "identity"} ${p.bodyBytes} B`, fmtInt(p.binaryRps), fmtInt(p.referenceRps), p.ratio.toFixed(2), fmtMs(p.binaryP99Ms), fmtMs(p.referenceP99Ms)]),
    ),
    ...(throughput.parityProblems.length ? ["", ...throughput.parityProblems.map((p) => `- ${p}`)] : []),
  ].join("\n");
  return { part: "shop", durationMs: performance.now() - started, checks, markdown, data: { filter, throughput } };
}

if (import.meta.main) await runStandalone(runShopBench);
