/**
 * The HTML shell around a rendered page body. Scripts: the island entry and preloads only when the
 * page used islands (nothing at all otherwise), plus any plain scripts the page asks for.
 */
import type { IslandName } from "../islands/registry";
import { manifest } from "./assets.server";

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
};

const escapeMap: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => escapeMap[ch] ?? ch);
}

/** The module URLs to preload for islands that hydrate at load. */
function preloadsFor(eager: Set<IslandName>): string[] {
  const urls = new Set<string>();
  if (eager.size === 0) return [];
  for (const u of manifest.hydrate) urls.add(u);
  for (const name of eager) for (const u of manifest.islands[name] ?? []) urls.add(u);
  return [...urls];
}

/** Renders the full HTML document. */
export function renderDocument(input: DocumentInput): string {
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
    `<link rel="stylesheet" href="${manifest.css}">`,
  ];
  if (input.islands.size > 0) {
    head.push(`<script type="module" src="${manifest.entry}"></script>`);
    for (const url of preloadsFor(input.eagerIslands)) head.push(`<link rel="modulepreload" href="${url}">`);
  }
  for (const src of input.scripts ?? []) head.push(`<script type="module" src="${src}"></script>`);
  for (const ld of input.jsonLd ?? []) {
    head.push(`<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, "\\u003c")}</script>`);
  }
  return `<!doctype html><html lang="en-AU" data-theme="pi"><head>${head.join("")}</head><body>${input.bodyHtml}</body></html>`;
}
