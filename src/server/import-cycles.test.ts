/**
 * No import cycles in src: a module that reaches itself through its imports loads half-initialised
 * on one side of the loop (an export read before it is assigned), and a loop usually means two
 * modules each hold a piece of what belongs to a third. The graph is the one the runtime loads:
 * static imports and re-exports (`export … from`) between our own modules, as Bun's transpiler sees
 * them. Type-only imports (`import type`, `export type`, lists of `type` names only) are left out,
 * since TypeScript erases them and they load nothing; dynamic `import()` is left out too, as it
 * runs after both modules have loaded (the island registries use it).
 */
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const root = join(import.meta.dir, "../..");
const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };
const extensions = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Every module under src, as paths from the repository root. */
function sourceModules(): string[] {
  return [...new Glob("src/**/*.{ts,tsx}").scanSync({ cwd: root })].sort();
}

/** The file a relative specifier names, or null for a package, a `bun:` module or a file that is not ours. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = join(dirname(from), specifier);
  for (const ext of extensions) {
    const candidate = `${base}${ext}`;
    if (/\.tsx?$/.test(candidate) && existsSync(join(root, candidate))) return relative(root, join(root, candidate));
  }
  return null;
}

/** The modules `source` loads when it runs: static imports and re-exports, without type-only ones. */
function runtimeImports(file: string, source: string): string[] {
  return transpilers[file.endsWith(".tsx") ? "tsx" : "ts"]
    .scanImports(source)
    .filter((i) => i.kind === "import-statement")
    .flatMap((i) => resolveSpecifier(file, i.path) ?? []);
}

/**
 * The import cycles of a graph, one per strongly connected group of modules, each written as a loop
 * from its first module in sorted order, "a -> b -> a", followed by the group's other modules when
 * the loop does not pass through them all. Tarjan's algorithm finds the groups; a breadth-first walk
 * inside each names its shortest loop through that first module.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;

  function visit(node: string) {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    const selfImport = group.length === 1 && (graph.get(node) ?? []).includes(node);
    if (group.length > 1 || selfImport) groups.push(group.sort());
  }

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups
    .map((group) => {
      const loop = shortestLoop(graph, new Set(group), group[0] as string);
      const others = group.filter((m) => !loop.split(" -> ").includes(m));
      return others.length > 0 ? `${loop} (in one group with ${others.join(", ")})` : loop;
    })
    .sort();
}

function shortestLoop(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>, start: string): string {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node) ?? []) {
      if (!group.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return [...path, start].join(" -> ");
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return start;
}

test("no module under src imports itself through other modules", () => {
  const modules = sourceModules();
  expect(modules).toContain("src/db/orders.server.ts");
  expect(modules).toContain("src/islands/admin/AdminOrders.tsx");
  const graph = new Map(modules.map((file) => [file, runtimeImports(file, readFileSync(join(root, file), "utf8"))]));
  expect(graph.get("src/db/orders.server.ts")).toContain("src/db/client.server.ts");
  expect(importCycles(graph)).toEqual([]);
});

test("the check names each loop, and type-only imports and dynamic imports make none", () => {
  const graph = new Map<string, string[]>([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts", "d.ts"]],
    ["d.ts", ["f.ts"]],
    ["e.ts", ["e.ts"]],
    ["f.ts", ["g.ts"]],
    ["g.ts", ["f.ts", "h.ts"]],
    ["h.ts", ["g.ts"]],
  ]);
  expect(importCycles(graph)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts", "e.ts -> e.ts", "f.ts -> g.ts -> f.ts (in one group with h.ts)"]);

  const here = "src/db/example.server.ts";
  const source = [
    `import type { Db } from "./client.server";`,
    `import { type OrderView } from "../shared/orders";`,
    `export type { Settings } from "../shared/settings";`,
    `const later = () => import("./orders.server");`,
    `import { orders } from "./schema";`,
    `export { getSettings } from "./settings.server";`,
  ].join("\n");
  expect(runtimeImports(here, source)).toEqual(["src/db/schema.ts", "src/db/settings.server.ts"]);
});
