/**
 * Each public page's own styles, inlined in its head (decision 092). The site's stylesheet is built
 * from every screen, the admin portal's included; a public page uses a small part of it. Here the
 * sheet is read once into its rules, each rule knowing the classes it needs (`.btn:hover` needs
 * `btn`); a page keeps the rules whose classes it has: the classes in its HTML, and every class
 * named in the scripts it loads (its islands and their shared code, the toast of a plain form), so
 * what an island or a script adds in the browser (a dialog, a toast, the calendar's days) is styled
 * too. Rules that need no class (the reset, the theme, element rules) are always kept; so is every
 * rule whose need this reading cannot be sure of (a class inside `:not()`, or in a list inside
 * `:is()`), so a page may get a rule it does not use, never lose one it does.
 */
import { readFileSync } from "node:fs";
import { CryptoHasher } from "bun";
import { assetFiles } from "./assets.gen";

/** One piece of the sheet: kept as it is, a rule kept when the page has the classes of one of its selectors, or a block (@media, @layer…) of pieces. */
type Piece =
  | { text: string }
  | { text: string; needs: string[][] }
  | { head: string; pieces: Piece[]; needs?: string[][] }
  /** An animation or a custom property's registration: kept when the page's other rules name it. */
  | { text: string; named: string };

export type ParsedSheet = { pieces: Piece[]; classes: Set<string> };

/** At-rules whose content is rules to choose from; every other block (@keyframes, @property) is kept whole. */
const groupingRules = new Set(["media", "supports", "layer", "container", "scope", "starting-style", "document"]);

const closeBrace = [125];
const ruleStops = [123, 59, 125];

/** Reads a stylesheet into pieces. Minified or not; comments are dropped. */
export function parseSheet(css: string): ParsedSheet {
  const classes = new Set<string>();
  let i = 0;
  const n = css.length;

  /** The index of the first of `stops` (character codes) at bracket depth 0 from `from`, skipping strings and comments. */
  function scanTo(from: number, stops: readonly number[]): number {
    let depth = 0;
    for (let j = from; j < n; j++) {
      const ch = css.charCodeAt(j);
      if (ch === 34 || ch === 39) {
        j = skipString(j);
        continue;
      }
      if (ch === 47 && css.charCodeAt(j + 1) === 42) {
        const end = css.indexOf("*/", j + 2);
        j = end < 0 ? n : end + 1;
        continue;
      }
      if (ch === 92) {
        j++;
        continue;
      }
      if (depth === 0 && stops.includes(ch)) return j;
      if (ch === 40 || ch === 91 || ch === 123) depth++;
      else if (ch === 41 || ch === 93 || ch === 125) depth--;
    }
    return n;
  }
  function skipString(j: number): number {
    const quote = css.charCodeAt(j);
    for (let k = j + 1; k < n; k++) {
      const ch = css.charCodeAt(k);
      if (ch === 92) k++;
      else if (ch === quote) return k;
    }
    return n;
  }
  /** The index just after the block whose `{` is at `open`. */
  function blockEnd(open: number): number {
    return scanTo(open + 1, closeBrace) + 1;
  }

  /** The pieces from `i` up to the `}` closing the enclosing block (or the end); `i` ends past it. */
  function pieces(): Piece[] {
    const out: Piece[] = [];
    while (i < n) {
      const ch = css.charCodeAt(i);
      if (ch === 32 || ch === 10 || ch === 9 || ch === 13) {
        i++;
        continue;
      }
      if (ch === 47 && css.charCodeAt(i + 1) === 42) {
        const close = css.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
        continue;
      }
      if (ch === 125) {
        i++;
        return out;
      }
      const stop = scanTo(i, ruleStops);
      if (stop >= n || css.charCodeAt(stop) !== 123) {
        // A statement (`@layer a, b;`, `@import`): kept.
        out.push({ text: `${css.slice(i, stop).trim()};` });
        i = css.charCodeAt(stop) === 59 ? stop + 1 : stop;
        continue;
      }
      const head = css.slice(i, stop).trim();
      if (head.startsWith("@")) {
        const name = /^@([\w-]+)/.exec(head)?.[1] ?? "";
        if (groupingRules.has(name)) {
          i = stop + 1;
          // `@scope (.join)` applies inside a `.join` only: its rules need that class too.
          const scope = name === "scope" ? /\(([^)]*)\)/.exec(head)?.[1] : undefined;
          const inner = pieces();
          out.push(scope ? { head, pieces: inner, needs: selectorNeeds(scope) } : { head, pieces: inner });
          continue;
        }
        const close = blockEnd(stop);
        const text = css.slice(i, close).trim();
        const named = name === "keyframes" || name === "property" ? /^@[\w-]+\s+([\w-]+)/.exec(head)?.[1] : undefined;
        out.push(named ? { text, named } : { text });
        i = close;
        continue;
      }
      const close = blockEnd(stop);
      const needs = selectorNeeds(head);
      for (const alt of needs) for (const c of alt) classes.add(c);
      out.push({ text: `${head}{${css.slice(stop + 1, close - 1).trim()}}`, needs });
      i = close;
    }
    return out;
  }

  return { pieces: pieces(), classes };
}

/** Splits `text` at top-level commas. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let j = 0; j < text.length; j++) {
    const ch = text[j];
    if (ch === "\\") j++;
    else if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(text.slice(start, j));
      start = j + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * For each way a selector list can match, the classes an element of the page must carry: the
 * classes outside brackets, and one choice of those inside `:is()`, `:where()` or `:has()`.
 * Classes under `:not()` are not needed (the rule is kept without them).
 */
export function selectorNeeds(selectorList: string): string[][] {
  const ways: string[][] = [];
  for (const s of splitList(selectorList)) for (const way of compoundNeeds(s)) ways.push([...new Set(way)]);
  return ways;
}

/** Past this many ways a selector's choices are not followed (its rule is then kept more often, never less). */
const maxWays = 32;

function compoundNeeds(s: string): string[][] {
  let ways: string[][] = [[]];
  for (let j = 0; j < s.length; j++) {
    const ch = s.charCodeAt(j);
    if (ch === 92 /* \\ */) {
      j++;
      continue;
    }
    if (ch === 91 /* [ */) {
      j = closing(s, j, "[", "]");
      continue;
    }
    if (ch === 46 /* . */) {
      const [name, next] = readIdent(s, j + 1);
      if (name) for (const w of ways) w.push(name);
      j = next - 1;
      continue;
    }
    if (ch === 40 /* ( */) {
      const close = closing(s, j, "(", ")");
      const fn = /:([\w-]+)$/.exec(s.slice(Math.max(0, j - 8), j))?.[1];
      if (fn === "is" || fn === "where" || fn === "has") {
        const inner = splitList(s.slice(j + 1, close)).flatMap(compoundNeeds);
        if (inner.length * ways.length <= maxWays) ways = ways.flatMap((w) => inner.map((i) => [...w, ...i]));
      }
      j = close;
    }
  }
  return ways;
}

/** The index of the bracket closing the one at `open`. */
function closing(s: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let j = open; j < s.length; j++) {
    const ch = s[j];
    if (ch === "\\") j++;
    else if (ch === o) depth++;
    else if (ch === c && --depth === 0) return j;
  }
  return s.length;
}

/** A CSS identifier from `from`, with its escapes undone (`md\:flex` is the class `md:flex`), and where it ends. */
function readIdent(s: string, from: number): [string, number] {
  let out = "";
  let j = from;
  while (j < s.length) {
    const ch = s[j] as string;
    if (ch === "\\") {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(s.slice(j + 1, j + 8));
      if (hex) {
        out += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
        j += 1 + hex[0].length;
      } else {
        out += s[j + 1] ?? "";
        j += 2;
      }
      continue;
    }
    const code = ch.charCodeAt(0);
    // Letters, digits, `-`, `_` and anything past ASCII.
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45 || code === 95 || code > 127) {
      out += ch;
      j++;
      continue;
    }
    break;
  }
  return [out, j];
}

/** The sheet with only the rules whose classes are all in `has`. */
export function pickRules(sheet: ParsedSheet, has: ReadonlySet<string>): string {
  // First the rules, then the animations and properties they name (`named` is kept when `used` mentions it).
  const emit = (pieces: Piece[], used: string | null): string => {
    let out = "";
    for (const p of pieces) {
      if ("pieces" in p) {
        if (p.needs && !p.needs.some((alt) => alt.every((c) => has.has(c)))) continue;
        const inner = emit(p.pieces, used);
        if (inner) out += `${p.head}{${inner}}`;
      } else if ("named" in p) {
        if (used?.includes(p.named)) out += p.text;
      } else if (!("needs" in p) || p.needs.some((alt) => alt.every((c) => has.has(c)))) out += p.text;
    }
    return out;
  };
  return emit(sheet.pieces, emit(sheet.pieces, null));
}

const htmlEntities: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

/** The classes of every element of an HTML document. */
export function htmlClasses(html: string, into: Set<string> = new Set()): Set<string> {
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const c of (m[1] as string).replace(/&(amp|quot|#39|#x27|lt|gt);/g, (e) => htmlEntities[e] ?? e).split(/\s+/)) if (c) into.add(c);
  }
  return into;
}

/**
 * The sheet's classes a script names anywhere (in any string: a class list, a template, a
 * condition). Words are cut at blanks and quotes, then again at the characters a script joins
 * strings with, so both `"alert alert-success"` and `` `alert-${kind}` ``'s parts are found.
 */
export function scriptClasses(js: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const word of js.split(/[\s"'`]+/)) {
    if (known.has(word)) found.add(word);
    else for (const part of word.split(/[{}$;,()+?:=!&|<>]+/)) if (known.has(part)) found.add(part);
  }
  return [...found];
}

/** A page's inline styles and the CSP source that allows them. */
export type PageStyles = { css: string; cspSource: string };

/** Chooses and remembers page styles for one built stylesheet. */
export function pageStyler(readAsset: (url: string) => string | null, cssUrl: string) {
  let sheet: ParsedSheet | null = null;
  const perScript = new Map<string, string[]>();
  const chosen = new Map<string, PageStyles>();
  const parsed = () => {
    sheet ??= parseSheet(readAsset(cssUrl) ?? "");
    return sheet;
  };
  const scriptKnown = (url: string) => {
    let list = perScript.get(url);
    if (!list) {
      list = scriptClasses(readAsset(url) ?? "", parsed().classes);
      perScript.set(url, list);
    }
    return list;
  };
  return {
    /** The styles for a page whose HTML is `html` and that loads `scripts` (asset URLs). */
    forPage(html: string, scripts: Iterable<string>): PageStyles {
      const { classes } = parsed();
      const has = new Set<string>();
      for (const c of htmlClasses(html)) if (classes.has(c)) has.add(c);
      for (const url of scripts) for (const c of scriptKnown(url)) has.add(c);
      // Pages of one kind share their classes (every product page, a signed-in visitor's pages): one choice each.
      const key = [...has].sort().join(" ");
      let styles = chosen.get(key);
      if (!styles) {
        const css = pickRules(parsed(), has);
        styles = { css, cspSource: `'sha256-${new CryptoHasher("sha256").update(css).digest("base64")}'` };
        // A bound, not a cache policy: the set of distinct pages is small, but never let it grow without end.
        if (chosen.size >= 500) chosen.clear();
        chosen.set(key, styles);
      }
      return styles;
    },
  };
}

/** The built assets as text, read once each from the binary. */
export function readBuiltAsset(url: string): string | null {
  const file = assetFiles[url];
  return file ? readFileSync(file, "utf8") : null;
}
