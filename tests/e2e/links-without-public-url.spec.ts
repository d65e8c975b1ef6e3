/**
 * The binary started with PORT=0 and no PUBLIC_URL, as a quick trial run might: the system picks
 * the port, and every link the site writes (and the start-up warning) names that port, never ":0".
 */
import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopBinary } from "./binary-cli";

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-site-port-zero-"));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("with PORT=0 and no PUBLIC_URL, robots.txt, the sitemap and the warning name the port really bound", async () => {
  const { PUBLIC_URL: _, ...inherited } = process.env;
  const child = spawn(join(process.cwd(), "dist/pi-site"), [], {
    cwd: dir,
    env: { ...inherited, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout.on("data", (d) => logs.push(String(d)));
  child.stderr.on("data", (d) => logs.push(String(d)));
  const site = { url: "", port: 0, process: child, logs };
  try {
    await expect.poll(() => /point at http:\/\/localhost:(\d+)/.exec(logs.join(""))?.[1] ?? null, { timeout: 10_000 }).not.toBeNull();
    const port = Number(/point at http:\/\/localhost:(\d+)/.exec(logs.join(""))?.[1]);
    expect(port).toBeGreaterThan(0);

    const robots = await (await fetch(`http://127.0.0.1:${port}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
    const sitemap = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>http://localhost:${port}/</loc>`);
    expect(`${robots}${sitemap}${logs.join("")}`).not.toContain("localhost:0");
  } finally {
    await stopBinary(site);
  }
});
