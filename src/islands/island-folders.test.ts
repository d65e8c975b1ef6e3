/**
 * The build against a temporary islands folder (outside the repository): islands are found by
 * folder, public and admin islands get separate entries and registries, and a folder that breaks
 * the rule fails the build.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { buildClientBundles, type ClientAssets } from "../../scripts/client-bundles";
import { findIslands, IslandRegistryError } from "../../scripts/island-registry";
import { islandScripts } from "../server/document";

const root = join(import.meta.dir, "../..");
const scratch = mkdtempSync(join(tmpdir(), "pi-islands-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `files` (path → source) into a new islands folder and returns its path. */
function islandsFolder(name: string, files: Record<string, string>) {
  const dir = join(scratch, name, "islands");
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

// No JSX and no imports: the temporary folder has no node_modules to resolve React from.
const island = (text: string) => `export default function Island() { return ${JSON.stringify(text)}; }\n`;

describe("a folder with a public and an admin island", () => {
  let dir: string;
  let out: string;
  let assets: ClientAssets;
  const read = (url: string) => readFileSync(join(out, basename(url)), "utf8");
  /** Every output file a page loading `url` can reach, through static and dynamic imports. */
  const reachable = (url: string) => {
    const seen = new Set<string>();
    const queue = [basename(url)];
    while (queue.length) {
      const f = queue.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      for (const m of readFileSync(join(out, f), "utf8").matchAll(/["']\.\/([\w.-]+\.js)["']/g)) queue.push(m[1]!);
    }
    return [...seen].map((f) => readFileSync(join(out, f), "utf8"));
  };

  beforeAll(async () => {
    dir = islandsFolder("mixed", {
      "PublicGreeting.tsx": `import { greeting } from "./greeting-parts/text";\nexport default function PublicGreeting() { return greeting; }\n`,
      "greeting-parts/text.ts": `export const greeting = "public-greeting-text";\n`,
      "greeting-parts/Helper.tsx": `export function Helper() { return "helper"; }\n`,
      "admin/LedgerTable.tsx": island("admin-ledger-text"),
      "admin/ledger-parts/Row.tsx": island("admin-row-text"),
    });
    out = join(scratch, "mixed", "out");
    ({ assets } = await buildClientBundles({ root, islandsDir: dir, outDir: out }));
  });

  test("islands are the capitalised files at the top and in admin/, named by file name; parts folders hold none", () => {
    expect(findIslands(dir).map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: "PublicGreeting", kind: "public" },
      { name: "LedgerTable", kind: "admin" },
    ]);
  });

  test("the public registry never names an admin island; the admin registry names only admin islands", () => {
    const publicRegistry = readFileSync(join(dir, "registry.gen.ts"), "utf8");
    const adminRegistry = readFileSync(join(dir, "admin-registry.gen.ts"), "utf8");
    expect(publicRegistry).toContain("PublicGreeting");
    expect(publicRegistry).not.toContain("LedgerTable");
    expect(adminRegistry).toContain("LedgerTable");
    expect(adminRegistry).not.toContain("PublicGreeting");
    expect(readFileSync(join(dir, "server.gen.ts"), "utf8")).toContain("export const serverIslands = { PublicGreeting, LedgerTable };");
  });

  test("nothing a public page can load names or contains an admin island", () => {
    const publicCode = reachable(assets.entry);
    expect(publicCode.some((code) => code.includes("public-greeting-text"))).toBe(true);
    for (const code of publicCode) {
      expect(code).not.toContain("LedgerTable");
      expect(code).not.toContain("admin-ledger-text");
    }
    expect(Object.keys(assets.islands)).toEqual(["PublicGreeting"]);
  });

  test("the admin entry hydrates the admin island and knows no public one", () => {
    expect(read(assets.admin.entry)).toContain("LedgerTable");
    expect(read(assets.admin.entry)).not.toContain("PublicGreeting");
    expect(Object.keys(assets.admin.islands)).toEqual(["LedgerTable"]);
    expect(reachable(assets.admin.entry).some((code) => code.includes("admin-ledger-text"))).toBe(true);
  });

  test("the document shell picks the entry by the page's islands and refuses a page mixing both", () => {
    const adminPage = islandScripts(new Set(["LedgerTable"]), new Set(["LedgerTable"]), assets).join("");
    expect(adminPage).toContain(`<script type="module" src="${assets.admin.entry}">`);
    expect(adminPage).toContain(`<link rel="modulepreload" href="${assets.admin.islands.LedgerTable?.[0]}">`);
    expect(adminPage).not.toContain(assets.entry);

    const publicPage = islandScripts(new Set(["PublicGreeting"]), new Set(), assets).join("");
    expect(publicPage).toBe(`<script type="module" src="${assets.entry}"></script>`);

    expect(islandScripts(new Set(), new Set(), assets)).toEqual([]);
    expect(() => islandScripts(new Set(["PublicGreeting", "LedgerTable"]), new Set(), assets)).toThrow("may not mix admin islands (LedgerTable)");
  });
});

describe("a folder that breaks the rule fails the build", () => {
  test("two islands of one name, even one public and one admin", async () => {
    const dir = islandsFolder("twins", { "Ledger.tsx": island("a"), "admin/Ledger.tsx": island("b") });
    const build = buildClientBundles({ root, islandsDir: dir, outDir: join(scratch, "twins", "out") });
    await expect(build).rejects.toThrow(IslandRegistryError);
    await expect(build).rejects.toThrow("two islands are named Ledger: Ledger.tsx and admin/Ledger.tsx");
  });

  test("an island file without a default export", async () => {
    const dir = islandsFolder("no-default", { "Widget.tsx": `export function Widget() { return "w"; }\n` });
    await expect(buildClientBundles({ root, islandsDir: dir, outDir: join(scratch, "no-default", "out") })).rejects.toThrow("Widget.tsx has no default export");
  });

  test("a public island importing an admin island's code", async () => {
    const dir = islandsFolder("leak", {
      "Teaser.tsx": `import Ledger from "./admin/Ledger";\nexport default function Teaser() { return Ledger(); }\n`,
      "admin/Ledger.tsx": island("ledger"),
    });
    await expect(buildClientBundles({ root, islandsDir: dir, outDir: join(scratch, "leak", "out") })).rejects.toThrow(
      "public client code imports admin islands' code: ",
    );
  });
});
