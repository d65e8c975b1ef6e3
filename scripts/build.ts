/**
 * Builds everything: the stylesheet (Tailwind + daisyUI), the client bundles (entry, hydration
 * runtime, one chunk per island, the counter script), the asset manifest, and unless
 * `--assets-only`, the single executable dist/pi-site that embeds it all.
 *
 * Fails when an island in the registry has no chunk, or when client code imports server-only code.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import type { BunPlugin } from "bun";
import { islandLoaders } from "../src/islands/registry";

const root = join(import.meta.dir, "..");
const outDir = join(root, "dist/client");
const assetsOnly = process.argv.includes("--assets-only");
const started = performance.now();

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// 1. The stylesheet, hashed.
const cssTmp = join(root, "dist/app.css");
const tw = Bun.spawnSync(
  [process.execPath, join(root, "node_modules/@tailwindcss/cli/dist/index.mjs"), "-i", join(root, "src/styles/app.css"), "-o", cssTmp, "--minify"],
  { cwd: root, stderr: "pipe", stdout: "pipe" },
);
if (tw.exitCode !== 0) throw new Error(`tailwind failed:\n${tw.stderr.toString()}`);
const css = await Bun.file(cssTmp).bytes();
const cssName = `app-${hash(css)}.css`;
await Bun.write(join(outDir, cssName), css);
rmSync(cssTmp);

// 2. Client bundles. Server-only modules can never end up in them.
const serverOnly: BunPlugin = {
  name: "no-server-code-in-the-browser",
  setup(build) {
    build.onResolve({ filter: /(\.server(\.tsx?)?$|^bun:|\/db\/|^node:)/ }, (args) => {
      throw new Error(`client code may not import server-only module "${args.path}" (from ${relative(root, args.importer)})`);
    });
  },
};
const islandNames = Object.keys(islandLoaders);
const islandEntries = islandNames.map((n) => join(root, `src/islands/${n}.tsx`));
const result = await Bun.build({
  entrypoints: [join(root, "src/client/entry.ts"), join(root, "src/client/hydrate.tsx"), join(root, "src/client/counter.ts"), ...islandEntries],
  outdir: outDir,
  target: "browser",
  format: "esm",
  splitting: true,
  minify: true,
  metafile: true,
  naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [serverOnly],
  throw: false,
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  throw new Error("client build failed");
}

type Meta = { outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[]; bytes: number }> };
const meta = (typeof result.metafile === "string" ? JSON.parse(result.metafile) : result.metafile) as Meta;
const url = (outPath: string) => `/assets/${basename(outPath)}`;
const outputFor = (entry: string) => {
  const rel = relative(root, entry);
  const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint && relative(root, join(root, o.entryPoint)) === rel);
  if (!found) throw new Error(`no output for ${rel}`);
  return found[0];
};
/** An output and every chunk it statically imports. */
const closure = (out: string): string[] => {
  const seen = new Set<string>();
  const walk = (p: string) => {
    if (seen.has(p)) return;
    seen.add(p);
    for (const i of meta.outputs[p]?.imports ?? []) if (i.kind === "import-statement") walk(resolveOut(p, i.path));
  };
  walk(out);
  return [...seen].map(url);
};
const resolveOut = (from: string, path: string) => {
  const byName = Object.keys(meta.outputs).find((k) => basename(k) === basename(path));
  if (!byName) throw new Error(`unresolved import ${path} from ${from}`);
  return byName;
};

const islands: Record<string, string[]> = {};
for (const [i, name] of islandNames.entries()) islands[name] = closure(outputFor(islandEntries[i]!));
for (const name of islandNames) if (!islands[name]?.length) throw new Error(`island ${name} has no chunk`);

const manifest = {
  css: `/assets/${cssName}`,
  entry: url(outputFor(join(root, "src/client/entry.ts"))),
  counter: url(outputFor(join(root, "src/client/counter.ts"))),
  hydrate: closure(outputFor(join(root, "src/client/hydrate.tsx"))),
  islands,
};
await Bun.write(join(root, "dist/manifest.json"), JSON.stringify(manifest, null, 2));

// 3. The embedding module: every built asset and public file as a static file import.
const files: [string, string][] = [];
for (const f of readdirSync(outDir)) files.push([`/assets/${f}`, join(outDir, f)]);
const walkPublic = (dir: string) => {
  for (const f of readdirSync(dir)) {
    const full = join(dir, f);
    if (statSync(full).isDirectory()) walkPublic(full);
    else files.push([`/${relative(join(root, "public"), full).split("\\").join("/")}`, full]);
  }
};
walkPublic(join(root, "public"));
const genPath = join(root, "src/server/assets.gen.ts");
const lines = ["// @ts-nocheck: file imports of built assets have no declarations.", "// Generated by scripts/build.ts. Do not edit.", ...files.map(([, f], i) => `import f${i} from ${JSON.stringify(relative(join(root, "src/server"), f))} with { type: "file" };`)];
lines.push(`export const assetFiles: Record<string, string> = {`, ...files.map(([u], i) => `  ${JSON.stringify(u)}: f${i},`), `};`);
lines.push(`export const manifest: { css: string; entry: string; counter: string; hydrate: string[]; islands: Record<string, string[]> } = ${JSON.stringify(manifest)};`, "");
await Bun.write(genPath, lines.join("\n"));

const sizes = Object.values(meta.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`assets: ${files.length} files, client JS ${(sizes / 1024).toFixed(1)} KiB, css ${(css.byteLength / 1024).toFixed(1)} KiB`);

// 4. The executable.
if (!assetsOnly) {
  const compile = Bun.spawnSync(
    [process.execPath, "build", "--compile", "--minify", "--sourcemap=none", join(root, "src/server/main.ts"), "--outfile", join(root, "dist/pi-site")],
    { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (compile.exitCode !== 0) throw new Error("compile failed");
  console.log(`binary: dist/pi-site (${(statSync(join(root, "dist/pi-site")).size / 1024 / 1024).toFixed(1)} MiB)`);
}
console.log(`build done in ${Math.round(performance.now() - started)} ms`);

function hash(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 10);
}
