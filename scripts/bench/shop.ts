/**
 * The equipment shop's catalogue filter: the ShopCatalog island's pure filter/search/sort
 * (src/domain/catalogue.ts) over 500 generated products, for series of keystrokes (typing and
 * deleting searches, with a category and each sort order). Each round starts from fresh product
 * objects, so the first keystroke also pays for preparing the search texts. Target: p95 < 16 ms per
 * keystroke (one frame). The shop's pages (/shop and a product page with reviews) are measured by
 * throughput.ts with the other public pages.
 *
 * Env: BENCH_FILTER_ROUNDS (default 30). A few seconds.
 *
 * Run alone: bun scripts/bench/shop.ts
 */
import { seedCategories, seedProducts } from "../../src/db/seed/catalogue";
import { filterCatalogue, productImage, sortValues, type CatalogueItem, type ShopQuery, type SortValue } from "../../src/domain/catalogue";
import { type Check, envNumber, fmtInt, fmtMs, log, mean, median, mulberry32, type PartResult, runStandalone, table } from "./lib";

const FILTER_PRODUCTS = 500;
const KEYSTROKE_TARGET_MS = 16;

// ---------------------------------------------------------------------------------------------
// Filter

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
      rating: rand() < 0.5 ? { average: 1 + Math.round(rand() * 40) / 10, count: 1 + Math.floor(rand() * 60) } : null,
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

export type FilterData = {
  products: number;
  keystrokesPerRound: number;
  rounds: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  firstKeystrokeMedianMs: number;
  meanShown: number;
};

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

export type ShopBenchData = { filter: FilterData };

export async function runShopBench(): Promise<PartResult<ShopBenchData>> {
  const started = performance.now();
  const filter = runFilterBench(Math.round(envNumber("BENCH_FILTER_ROUNDS", 30)));
  log(
    "shop",
    `filter: ${filter.products} products, ${filter.keystrokesPerRound * filter.rounds} keystrokes, median ${fmtMs(filter.medianMs)}, p95 ${fmtMs(filter.p95Ms)}`,
  );

  const checks: Check[] = [
    {
      part: "shop",
      metric: `filter ${filter.products} products: per keystroke median / p95`,
      value: `${fmtMs(filter.medianMs)} / ${fmtMs(filter.p95Ms)} (max ${fmtMs(filter.maxMs)})`,
      target: `p95 < ${KEYSTROKE_TARGET_MS} ms`,
      ok: filter.p95Ms < KEYSTROKE_TARGET_MS,
    },
  ];

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
    "The shop's pages are in the throughput section.",
  ].join("\n");
  return { part: "shop", durationMs: performance.now() - started, checks, markdown, data: { filter } };
}

if (import.meta.main) await runStandalone(runShopBench);
