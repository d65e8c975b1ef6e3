/**
 * The HTML shell around a rendered page body. Scripts: the island entry (public, or admin for the
 * portal's islands) and preloads only when the page used islands (nothing at all otherwise), plus
 * any plain scripts the page asks for. Styles: a page for a signed-out visitor carries its own rules
 * inline (no stylesheet request before the first paint, decision 092); a signed-in visitor's pages
 * and the admin portal link the site's stylesheet, which the browser keeps from one page to the next.
 */
import type { IslandName } from "../islands/registry";
import { manifest, type AssetManifest } from "./assets.server";
import { pageStyler, readBuiltAsset } from "./page-styles";

export type DocumentInput = {
  title: string;
  description: string;
  canonicalUrl: string;
  bodyHtml: string;
  islands: Set<IslandName>;
  eagerIslands: Set<IslandName>;
  scripts?: string[];
  jsonLd?: object[];
  noindex?: boolean;
  refresh?: { seconds: number; url: string };
  /**
   * Whether the page carries its rules inline (decision 092): for a signed-out visitor, whose first
   * view should need no second request. A signed-in visitor's pages are rendered for each request,
   * and their browser keeps the linked sheet from one page to the next: they link it.
   */
  inlineStyles?: boolean;
};

const escapeMap: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => escapeMap[ch] ?? ch);
}

type ClientEntries = Pick<AssetManifest, "entry" | "hydrate" | "islands" | "admin">;

/**
 * The entry script and module preloads for a page's islands: none without islands, the admin entry
 * when they are admin islands, the public one otherwise. Preloads cover the hydration runtime and
 * the islands that hydrate at load. A page never mixes both kinds (the public entry cannot load an
 * admin island, nor the reverse), so a page that tries is a programming error.
 */
export function islandScripts(islands: ReadonlySet<string>, eager: ReadonlySet<string>, assets: ClientEntries = manifest): string[] {
  if (islands.size === 0) return [];
  const admin = [...islands].filter((name) => name in assets.admin.islands);
  if (admin.length > 0 && admin.length < islands.size) {
    throw new Error(`a page may not mix admin islands (${admin.join(", ")}) with public ones (${[...islands].filter((n) => !admin.includes(n)).join(", ")})`);
  }
  const entry = admin.length > 0 ? assets.admin : assets;
  const preloads = new Set<string>();
  if (eager.size > 0) for (const u of entry.hydrate) preloads.add(u);
  for (const name of eager) for (const u of entry.islands[name] ?? []) preloads.add(u);
  return [`<script type="module" src="${entry.entry}"></script>`, ...[...preloads].map((u) => `<link rel="modulepreload" href="${u}">`)];
}

/** The scripts (asset URLs) a page's islands can load: the entry, the hydration runtime and each island's code. */
export function islandCode(islands: ReadonlySet<string>, assets: ClientEntries = manifest): string[] {
  if (islands.size === 0) return [];
  const entry = [...islands].some((name) => name in assets.admin.islands) ? assets.admin : assets;
  const urls = new Set([entry.entry, ...entry.hydrate]);
  for (const name of islands) for (const u of entry.islands[name] ?? []) urls.add(u);
  return [...urls];
}

const styler = pageStyler(readBuiltAsset, manifest.css);

/** A rendered page: its HTML and, when it carries its styles inline, the CSP source that allows them. */
export type RenderedDocument = { html: string; styleSource: string | null };

/** Renders the full HTML document. */
export function renderDocument(input: DocumentInput): RenderedDocument {
  const head: string[] = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(input.title)}</title>`,
    `<meta name="description" content="${escapeHtml(input.description)}">`,
    `<link rel="canonical" href="${escapeHtml(input.canonicalUrl)}">`,
    `<meta name="theme-color" content="#0f172a">`,
    `<meta name="referrer" content="same-origin">`,
    input.noindex ? `<meta name="robots" content="noindex">` : "",
    input.refresh ? `<meta http-equiv="refresh" content="${input.refresh.seconds};url=${escapeHtml(input.refresh.url)}">` : "",
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
  ];
  let styleSource: string | null = null;
  const admin = [...input.islands].some((name) => name in manifest.admin.islands);
  // The rules this page's HTML uses, and those its scripts may add in the browser.
  const styles = input.inlineStyles === false || admin ? null : styler.forPage(input.bodyHtml, [...islandCode(input.islands), ...(input.scripts ?? [])]);
  if (styles && !/<\/style/i.test(styles.css)) {
    head.push(`<style>${styles.css}</style>`);
    styleSource = styles.cspSource;
  } else head.push(`<link rel="stylesheet" href="${manifest.css}">`);
  head.push(...islandScripts(input.islands, input.eagerIslands));
  for (const src of input.scripts ?? []) head.push(`<script type="module" src="${src}"></script>`);
  for (const ld of input.jsonLd ?? []) {
    head.push(`<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, "\\u003c")}</script>`);
  }
  return { html: `<!doctype html><html lang="en-AU" data-theme="pi"><head>${head.join("")}</head><body>${input.bodyHtml}</body></html>`, styleSource };
}
