import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clientGuard } from "../../scripts/client-guard";
import { manifest } from "../server/assets.server";
import { islandLoaders } from "./registry";
import { serverIslands } from "./server";

const root = join(import.meta.dir, "../..");
const scratch = mkdtempSync(join(root, ".tmp-guard-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("the server renders exactly the islands the browser can load", () => {
  expect(Object.keys(serverIslands).sort()).toEqual(Object.keys(islandLoaders).sort());
});

test("the build made a chunk for every island", () => {
  for (const name of Object.keys(islandLoaders)) {
    expect(manifest.islands[name]?.[0]).toMatch(new RegExp(`^/assets/${name}-[a-z0-9]+\\.js$`));
  }
});

test("island code that imports server-only modules fails the client build", async () => {
  const entry = join(scratch, "BadIsland.tsx");
  writeFileSync(entry, `import { openDatabase } from "${join(root, "src/db/client.server")}";\nexport default function Bad() { return String(openDatabase); }\n`);
  const result = await Bun.build({ entrypoints: [entry], target: "browser", plugins: [clientGuard(root)], throw: false });
  expect(result.success).toBe(false);
  expect(result.logs.map(String).join("\n")).toContain("may not import server-only module");
});

test("the real islands pass the guard", async () => {
  const result = await Bun.build({
    entrypoints: Object.keys(islandLoaders).map((n) => join(root, `src/islands/${n}.tsx`)),
    target: "browser",
    plugins: [clientGuard(root)],
    throw: false,
  });
  expect(result.success).toBe(true);
});
