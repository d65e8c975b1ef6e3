/**
 * The first view's bytes of /about: what a browser with an empty cache downloads to show the page,
 * i.e. the HTML and every stylesheet, script and font it loads, each compressed as sent to a
 * browser asking with `Accept-Encoding: br, gzip` (body bytes; headers left out). Images are not
 * counted: the page has none above the fold and they load lazily.
 *
 * Measured for the binary (dist/pi-site or BENCH_BINARY, "after") and for a baseline build
 * ("before"): BENCH_BASELINE_BINARY, else dist/pi-site-baseline when it exists; without either only
 * "after" is reported, and the section says so. Each runs once on its own throw-away data dir.
 *
 * What the page loads is read from its HTML: `<link rel="stylesheet|preload|modulepreload" href>`
 * and `<script src>`, and from each stylesheet the fonts and further stylesheets it names
 * (`url(...)` of a font file, `@import`). Same-origin only; the site loads nothing from elsewhere.
 *
 * Run alone: bun scripts/bench/first-view.ts
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import {
  binaryPath,
  type Check,
  type Child,
  freePort,
  HOST,
  log,
  type PartResult,
  removeDir,
  requireBinary,
  root,
  runStandalone,
  startBinary,
  stopChild,
  table,
  tempDir,
  waitForOk,
} from "./lib";

const PAGE = "/about";
/** Where a baseline build is looked for when BENCH_BASELINE_BINARY is unset (dist/ is not committed). */
const DEFAULT_BASELINE = join(root, "dist/pi-site-baseline");

export type FirstViewAsset = { url: string; kind: "html" | "stylesheet" | "script" | "font" | "other"; status: number; encoding: string; bytes: number };
export type FirstView = { binary: string; assets: FirstViewAsset[]; totalBytes: number; inlineStyleBytes: number };
export type FirstViewData = { page: string; before: FirstView | null; after: FirstView; baselineNote: string | null };

function baselineBinary(): { path: string | null; note: string | null } {
  const configured = process.env.BENCH_BASELINE_BINARY;
  if (configured) {
    const p = resolve(configured);
    if (!existsSync(p)) return { path: null, note: `BENCH_BASELINE_BINARY=${configured} does not exist: only "after" is reported.` };
    return { path: p, note: null };
  }
  if (existsSync(DEFAULT_BASELINE)) return { path: DEFAULT_BASELINE, note: null };
  return { path: null, note: `no baseline binary (BENCH_BASELINE_BINARY unset, ${DEFAULT_BASELINE} missing): only "after" is reported.` };
}

/** One response's body as sent (compressed), and the same decoded as text for reading links. */
async function get(url: string): Promise<{ status: number; encoding: string; bytes: number; contentType: string; text: string }> {
  const res = await fetch(url, { headers: { "Accept-Encoding": "br, gzip" }, decompress: false });
  const raw = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding") ?? "identity";
  const decoded = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? Bun.gunzipSync(raw) : raw;
  return { status: res.status, encoding, bytes: raw.byteLength, contentType: res.headers.get("content-type") ?? "", text: new TextDecoder().decode(decoded) };
}

const attr = (tag: string, name: string) =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"))
    ?.slice(1)
    .find((v) => v !== undefined) ?? null;

/** The URLs an HTML page makes the browser load (stylesheets, scripts, preloads), with their kind. */
export function htmlResources(html: string): { url: string; kind: FirstViewAsset["kind"] }[] {
  const out: { url: string; kind: FirstViewAsset["kind"] }[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("stylesheet")) out.push({ url: href, kind: "stylesheet" });
    else if (rel.includes("modulepreload")) out.push({ url: href, kind: "script" });
    else if (rel.includes("preload")) {
      const as = (attr(tag, "as") ?? "").toLowerCase();
      out.push({ url: href, kind: as === "style" ? "stylesheet" : as === "script" ? "script" : as === "font" ? "font" : "other" });
    }
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) out.push({ url: src, kind: "script" });
  }
  return out;
}

/** Fonts and imported stylesheets a stylesheet names. */
export function cssResources(css: string): { url: string; kind: FirstViewAsset["kind"] }[] {
  const out: { url: string; kind: FirstViewAsset["kind"] }[] = [];
  for (const m of css.matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/gi)) out.push({ url: m[1]!, kind: "stylesheet" });
  for (const m of css.matchAll(/url\(\s*["']?([^"')]+\.(?:woff2?|ttf|otf)(?:\?[^"')]*)?)["']?\s*\)/gi)) out.push({ url: m[1]!, kind: "font" });
  return out;
}

/** Inline <style> bytes in the HTML (uncompressed; they travel inside the HTML's compressed bytes). */
const inlineStyleBytes = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce((n, m) => n + Buffer.byteLength(m[1]!), 0);

async function measure(binary: string): Promise<FirstView> {
  const dataDir = tempDir("first-view");
  let child: Child | undefined;
  try {
    const port = await freePort();
    const origin = `http://${HOST}:${port}`;
    child = startBinary({ port, dataDir, binary });
    await waitForOk(`${origin}/healthz`, child, 30_000);
    const page = await get(`${origin}${PAGE}`);
    const assets: FirstViewAsset[] = [{ url: PAGE, kind: "html", status: page.status, encoding: page.encoding, bytes: page.bytes }];
    const seen = new Set<string>([`${origin}${PAGE}`]);
    const queue = htmlResources(page.text).map((r) => ({ ...r, base: `${origin}${PAGE}` }));
    while (queue.length) {
      const r = queue.shift()!;
      const url = new URL(r.url, r.base);
      if (url.origin !== origin || seen.has(url.href)) continue;
      seen.add(url.href);
      const got = await get(url.href);
      assets.push({ url: url.pathname + url.search, kind: r.kind, status: got.status, encoding: got.encoding, bytes: got.bytes });
      if (r.kind === "stylesheet" || got.contentType.includes("text/css")) queue.push(...cssResources(got.text).map((c) => ({ ...c, base: url.href })));
    }
    return {
      binary: binary.startsWith(root) ? binary.slice(root.length + 1) : binary,
      assets,
      totalBytes: assets.reduce((n, a) => n + a.bytes, 0),
      inlineStyleBytes: inlineStyleBytes(page.text),
    };
  } finally {
    if (child) await stopChild(child);
    removeDir(dataDir);
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const byKind = (v: FirstView, kind: FirstViewAsset["kind"]) => v.assets.filter((a) => a.kind === kind).reduce((n, a) => n + a.bytes, 0);

export async function runFirstView(): Promise<PartResult<FirstViewData>> {
  const started = performance.now();
  requireBinary();
  const baseline = baselineBinary();
  if (baseline.note) log("first-view", baseline.note);
  const before = baseline.path ? await measure(baseline.path) : null;
  const after = await measure(binaryPath);
  for (const v of [before, after]) if (v) log("first-view", `${v.binary}: ${PAGE} first view ${kb(v.totalBytes)} in ${v.assets.length} responses`);
  const data: FirstViewData = { page: PAGE, before, after, baselineNote: baseline.note };

  const summary = (v: FirstView) =>
    `${kb(v.totalBytes)} (HTML ${kb(byKind(v, "html"))}, CSS ${kb(byKind(v, "stylesheet"))}, JS ${kb(byKind(v, "script"))}, fonts ${kb(byKind(v, "font"))})`;
  const checks: Check[] = [
    ...(before ? [{ part: "first-view", metric: `${PAGE} first view, before (${before.binary})`, value: summary(before), target: "", ok: null }] : []),
    {
      part: "first-view",
      metric: `${PAGE} first view, after`,
      value: `${summary(after)}${before ? `, ${before.totalBytes > 0 ? Math.round((100 * (after.totalBytes - before.totalBytes)) / before.totalBytes) : 0}% vs before` : " (no baseline)"}`,
      target: before ? "< before" : "",
      ok: before ? after.totalBytes < before.totalBytes : null,
    },
  ];
  const rows = (label: string, v: FirstView) => [
    ...v.assets.map((a) => [label, a.kind, a.url, `${a.status} ${a.encoding}`, String(a.bytes)]),
    [label, "total", "", "", `${v.totalBytes} (${kb(v.totalBytes)})`],
  ];
  const markdown = [
    `## First view of ${PAGE}`,
    "",
    `The HTML and every stylesheet, script and font the page loads, compressed as sent with \`Accept-Encoding: br, gzip\` (body bytes, headers left out). Before: ${before ? `\`${before.binary}\`` : "not measured"}; after: \`${after.binary}\`.${data.baselineNote ? ` ${data.baselineNote}` : ""}`,
    "",
    table(["build", "kind", "URL", "status, encoding", "bytes"], [...(before ? rows("before", before) : []), ...rows("after", after)]),
    "",
    `Inline \`<style>\` in the HTML (uncompressed, counted inside the HTML's bytes): ${before ? `before ${before.inlineStyleBytes} B, ` : ""}after ${after.inlineStyleBytes} B.`,
  ].join("\n");
  return { part: "first-view", durationMs: performance.now() - started, checks, markdown, data };
}

if (import.meta.main) await runStandalone(runFirstView);
