/**
 * Every end-to-end spec loads under Node, where Playwright runs them: one spec that reaches a
 * `bun:` module (through a helper shared with `bun test`) stops Playwright before any test runs,
 * and the whole end-to-end suite reports nothing.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

const root = join(import.meta.dir, "../..");

test("Playwright lists every spec without a load error", () => {
  // bun test's parallel workers set JEST_WORKER_ID, and Playwright refuses to run under Jest.
  const { JEST_WORKER_ID: _, ...env } = process.env;
  const listed = Bun.spawnSync(["node", join(root, "node_modules/@playwright/test/cli.js"), "test", "--list"], {
    cwd: root,
    env: { ...env, CI: "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = listed.stdout.toString() + listed.stderr.toString();
  expect(output).not.toContain("Error:");
  expect(listed.exitCode).toBe(0);
  const total = /Total: (\d+) tests? in (\d+) files?/.exec(output);
  expect(Number(total?.[1] ?? 0)).toBeGreaterThan(300);
}, 60_000);
