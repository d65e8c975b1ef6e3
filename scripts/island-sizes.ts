/**
 * Prints, for each island, the gzip size of the JavaScript a page with it loads at first (entry,
 * hydration runtime, the island's chunks) and in all (adding chunks it imports lazily, such as
 * the booking calendar). Reads dist/; run after a build.
 */
import { gzipSync } from "bun";
import { basename, join } from "node:path";

const root = join(import.meta.dir, "..");
const dir = join(root, "dist/client");
const manifest = (await Bun.file(join(root, "dist/manifest.json")).json()) as { entry: string; hydrate: string[]; islands: Record<string, string[]> };

const gz = async (file: string) => gzipSync(await Bun.file(join(dir, file)).bytes(), { level: 9 }).byteLength;

/** Every file reachable from `files` through static and dynamic imports. */
async function reachable(files: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const code = await Bun.file(join(dir, f)).text();
    for (const m of code.matchAll(/(?:from|import\()\s*"\.\/([\w.-]+\.js)"/g)) queue.push(m[1]!);
  }
  return seen;
}

/** Gzip bytes a page with `island` loads at first, and with everything it may load later. */
export async function islandPageBytes(island: string) {
  const first = new Set([manifest.entry, ...manifest.hydrate, ...(manifest.islands[island] ?? [])].map((u) => basename(u)));
  // The entry can import every island; only this island's own imports count for its page.
  const all = await reachable([...first].filter((f) => f !== basename(manifest.entry)));
  all.add(basename(manifest.entry));
  let initial = 0;
  let total = 0;
  for (const f of all) {
    const n = await gz(f);
    total += n;
    if (first.has(f)) initial += n;
  }
  return { initial, total };
}

if (import.meta.main) {
  for (const name of Object.keys(manifest.islands)) {
    const { initial, total } = await islandPageBytes(name);
    console.log(`${name}: ${(initial / 1024).toFixed(1)} KiB gzip at first, ${(total / 1024).toFixed(1)} KiB with everything it loads later`);
  }
}
