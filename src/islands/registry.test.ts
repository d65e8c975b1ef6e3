import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { clientGuard } from "../../scripts/client-guard";
import { findIslands } from "../../scripts/island-registry";
import { manifest } from "../server/assets.server";
import { adminIslandLoaders } from "./admin-registry.gen";
import { islandLoaders } from "./registry.gen";
import { serverIslands } from "./server.gen";

const root = join(import.meta.dir, "../..");
const scratch = mkdtempSync(join(tmpdir(), "pi-guard-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("the server renders exactly the islands the two entries can load", () => {
  expect(Object.keys(serverIslands).sort()).toEqual([...Object.keys(islandLoaders), ...Object.keys(adminIslandLoaders)].sort());
});

test("parts of islands are not islands: the payment dialog's panels and the booking form", () => {
  const names = Object.keys(serverIslands);
  expect(names).toContain("PaymentDialog");
  expect(names).toContain("BookingFlow");
  for (const part of ["BookingForm", "PaymentModal", "CashPanel", "PayPalPanel"]) expect(names).not.toContain(part);
});

test("the build made a chunk for every island, each in its own entry's manifest", () => {
  for (const name of Object.keys(islandLoaders)) {
    expect(manifest.islands[name]?.[0]).toMatch(new RegExp(`^/assets/${name}-[a-z0-9]+\\.js$`));
  }
  for (const name of Object.keys(adminIslandLoaders)) {
    expect(manifest.admin.islands[name]?.[0]).toMatch(new RegExp(`^/assets/${name}-[a-z0-9]+\\.js$`));
  }
  expect(Object.keys(manifest.islands).sort()).toEqual(Object.keys(islandLoaders).sort());
  expect(Object.keys(manifest.admin.islands).sort()).toEqual(Object.keys(adminIslandLoaders).sort());
});

test("the booking form stays a chunk of its own, loaded by BookingFlow only when a package is chosen", () => {
  const [own, ...staticImports] = manifest.islands.BookingFlow ?? [];
  const code = readFileSync(join(root, "dist/client", basename(own ?? "")), "utf8");
  const lazy = [...code.matchAll(/import\("\.\/([\w.-]+\.js)"\)/g)].map((m) => `/assets/${m[1]}`);
  expect(lazy.length).toBe(1);
  expect(staticImports).not.toContain(lazy[0]);
  expect(readFileSync(join(root, "dist/client", basename(lazy[0] ?? "")), "utf8")).toContain("rdp-");
});

test("island code that imports server-only modules fails the client build", async () => {
  const entry = join(scratch, "BadIsland.tsx");
  writeFileSync(
    entry,
    `import { openDatabase } from "${join(root, "src/db/client.server")}";\nexport default function Bad() { return String(openDatabase); }\n`,
  );
  const result = await Bun.build({ entrypoints: [entry], target: "browser", plugins: [clientGuard(root)], throw: false });
  expect(result.success).toBe(false);
  expect(result.logs.map(String).join("\n")).toContain("may not import server-only module");
});

test("the real islands pass the guard", async () => {
  const result = await Bun.build({
    entrypoints: findIslands(join(root, "src/islands")).map((i) => i.file),
    target: "browser",
    plugins: [clientGuard(root)],
    throw: false,
  });
  expect(result.success).toBe(true);
});
