/**
 * The client bundles: two separate builds into one folder, so nothing of the portal can land in a
 * chunk a public page loads.
 * - public: entry.js (registry.gen.ts), hydrate runtime, one chunk per public island, the counter
 *   and form-pending scripts;
 * - admin: admin-entry.js (admin-registry.gen.ts), its hydrate runtime, one chunk per admin island.
 * The islands folder is a parameter (the tests build a temporary one); its registries are
 * generated first (island-registry.ts).
 */
import { basename, join, relative, resolve } from "node:path";
import type { BunPlugin } from "bun";
import { clientGuard } from "./client-guard";
import { findIslands, registryFiles, writeIslandRegistries, type FoundIsland, type IslandKind } from "./island-registry";

/** What a page with islands of one kind loads: its entry, the hydration runtime, each island's chunks. */
export type EntryAssets = { entry: string; hydrate: string[]; islands: Record<string, string[]> };
/** The public entry's assets at the top (as before the portal existed), the admin entry's under `admin`. */
export type ClientAssets = EntryAssets & { counter: string; formPending: string; admin: EntryAssets };

type Meta = {
  inputs: Record<string, unknown>;
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[]; bytes: number }>;
};

/** Builds both entries for the islands in `islandsDir` into `outDir`; returns URLs and the bytes written. */
export async function buildClientBundles(opts: { root: string; islandsDir: string; outDir: string }) {
  const { root, islandsDir, outDir } = opts;
  const islands = findIslands(islandsDir);
  writeIslandRegistries(islandsDir, islands);
  const client = (f: string) => join(root, "src/client", f);
  const files = (kind: IslandKind) => islands.filter((i) => i.kind === kind);

  const pub = await bundle({
    root,
    islandsDir,
    outDir,
    chunkPrefix: "",
    entries: [client("entry.ts"), client("hydrate.tsx"), client("counter.ts"), client("form-pending.ts")],
    islands: files("public"),
  });
  // A public island that imported an admin module would carry the portal's code onto public pages.
  const adminDir = resolve(islandsDir, "admin");
  const leaked = Object.keys(pub.meta.inputs).filter((p) => resolve(p).startsWith(`${adminDir}/`));
  if (leaked.length) throw new Error(`public client code imports admin islands' code: ${leaked.join(", ")}`);

  const admin = await bundle({
    root,
    islandsDir,
    outDir,
    chunkPrefix: "admin-",
    entries: [client("admin-entry.ts"), client("admin-hydrate.tsx")],
    islands: files("admin"),
  });

  const assets: ClientAssets = {
    entry: pub.url(client("entry.ts")),
    counter: pub.url(client("counter.ts")),
    formPending: pub.url(client("form-pending.ts")),
    hydrate: pub.closure(client("hydrate.tsx")),
    islands: pub.islandChunks,
    admin: { entry: admin.url(client("admin-entry.ts")), hydrate: admin.closure(client("admin-hydrate.tsx")), islands: admin.islandChunks },
  };
  return { assets, bytes: pub.bytes + admin.bytes };
}

async function bundle(opts: { root: string; islandsDir: string; outDir: string; chunkPrefix: string; entries: string[]; islands: FoundIsland[] }) {
  const { root } = opts;
  const result = await Bun.build({
    entrypoints: [...opts.entries, ...opts.islands.map((i) => i.file)],
    outdir: opts.outDir,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    metafile: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: `${opts.chunkPrefix}chunk-[hash].[ext]`, asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    // Server-only modules can never end up in the bundles (clientGuard).
    plugins: [clientGuard(root), registriesIn(opts.islandsDir)],
    throw: false,
  });
  if (!result.success) throw new Error(`client build failed:\n${result.logs.map(String).join("\n")}`);

  const meta = (typeof result.metafile === "string" ? JSON.parse(result.metafile) : result.metafile) as Meta;
  const toUrl = (outPath: string) => `/assets/${basename(outPath)}`;
  // Metafile paths are relative to the working directory: resolve() reads them the same way.
  const outputFor = (entry: string, what = relative(root, entry)) => {
    const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint && resolve(o.entryPoint) === entry);
    if (!found) throw new Error(`${what} has no chunk`);
    return found[0];
  };
  const resolveOut = (from: string, path: string) => {
    const byName = Object.keys(meta.outputs).find((k) => basename(k) === basename(path));
    if (!byName) throw new Error(`unresolved import ${path} from ${from}`);
    return byName;
  };
  /** An entry's output and every chunk it statically imports. */
  const closure = (entry: string, what?: string): string[] => {
    const seen = new Set<string>();
    const walk = (p: string) => {
      if (seen.has(p)) return;
      seen.add(p);
      for (const i of meta.outputs[p]?.imports ?? []) if (i.kind === "import-statement") walk(resolveOut(p, i.path));
    };
    walk(outputFor(entry, what));
    return [...seen].map(toUrl);
  };

  const islandChunks: Record<string, string[]> = {};
  for (const island of opts.islands) islandChunks[island.name] = closure(island.file, `island ${island.name}`);
  const bytes = Object.values(meta.outputs).reduce((n, o) => n + o.bytes, 0);
  return { meta, url: (entry: string) => toUrl(outputFor(entry)), closure, islandChunks, bytes };
}

/**
 * The entries import their registry as `../islands/<registry>.gen`; this points that import at the
 * islands folder being built (the same file for the real folder, a temporary one in tests).
 */
function registriesIn(islandsDir: string): BunPlugin {
  const names = [registryFiles.public, registryFiles.admin].map((f) => f.replace(/\.ts$/, ""));
  const filter = new RegExp(`/islands/(${names.map((n) => n.replace(/\./g, "\\.")).join("|")})(\\.ts)?$`);
  return {
    name: "islands-folder-registries",
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: join(islandsDir, `${basename(args.path).replace(/\.ts$/, "")}.ts`) }));
    },
  };
}
