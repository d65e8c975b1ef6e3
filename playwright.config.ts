/**
 * End-to-end tests in Debian's Chromium against the compiled binary (dist/pi-site). Each worker
 * starts its own binary on its own temporary data directory (tests/e2e/fixtures.ts).
 */
import { defineConfig } from "@playwright/test";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  // One retry in CI only; a test that needed it is named in npm test's output (decision 043).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-gpu",
        "--disable-quic",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
});
