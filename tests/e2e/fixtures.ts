/**
 * Playwright fixtures: a fresh binary per worker on a temporary data directory, and a `page` that
 * fails the test on any unexpected console error or uncaught exception (hydration warnings too).
 */
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFactory } from "./seeder";

export type SiteServer = { url: string; dataDir: string; process: ChildProcess; logs: string[] };

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Starts dist/pi-site on a free port with a new data directory (or `dataDir`, to restart a site); resolves once it answers. */
export async function startSite(env: Record<string, string> = {}, dataDir = mkdtempSync(join(tmpdir(), "pi-site-e2e-"))): Promise<SiteServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(join(process.cwd(), "dist/pi-site"), [], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout?.on("data", (d) => logs.push(String(d)));
  child.stderr?.on("data", (d) => logs.push(String(d)));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, dataDir, process: child, logs };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill();
  throw new Error(`site did not start:\n${logs.join("")}`);
}

/** Stops the site and deletes its data directory, unless `keepData` (to start it again on the same data). */
export async function stopSite(site: SiteServer, opts: { keepData?: boolean } = {}) {
  if (site.process.exitCode === null && site.process.signalCode === null) {
    site.process.kill("SIGTERM");
    await new Promise((r) => site.process.once("exit", r));
  }
  if (!opts.keepData) rmSync(site.dataDir, { recursive: true, force: true });
}

type Factories = typeof import("../factories");
/** The factories of tests/factories.ts, by name. */
export type FactoryName = { [K in keyof Factories]: Factories[K] extends (db: never, ...args: never[]) => unknown ? K : never }[keyof Factories];
type FactoryArgs<K extends FactoryName> = Factories[K] extends (db: never, ...args: infer A) => unknown ? A : never;

/**
 * Runs the factory `name` of tests/factories.ts with `args` on the site's database and answers
 * what it returns. Playwright runs under Node, which has no SQLite, so Bun runs the factory
 * (tests/e2e/seed.ts, one process per worker: tests/e2e/seeder.ts) against the binary's database file.
 */
export function seed<K extends FactoryName>(site: SiteServer, name: K, ...args: FactoryArgs<K>): ReturnType<Factories[K]> {
  return runFactory(join(site.dataDir, "pi-site.db"), name, args) as ReturnType<Factories[K]>;
}

/**
 * Creates a customer with a session straight in the site's database and gives the browser its
 * cookie: the Epic Stack way, so only the specs about signing up and in use the forms (and pay
 * for an argon2 hash).
 */
export async function signInAs(
  context: BrowserContext,
  site: SiteServer,
  email: string,
  opts: { returning?: boolean; verified?: boolean } = {},
): Promise<{ userId: string }> {
  const { userId, token } = seed(site, "customerWithSession", email, opts);
  await context.addCookies([{ name: "pi_session", value: token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  return { userId };
}

/** Puts an admin token where the portal keeps it: the admin cookies of this browser (src/server/auth/admin-cookie.ts). */
export async function addAdminCookies(context: BrowserContext, site: SiteServer, token: string) {
  const { hostname } = new URL(site.url);
  await context.addCookies([
    { name: "pi_admin", value: token, domain: hostname, path: "/api/admin", httpOnly: true, sameSite: "Strict" },
    { name: "pi_admin", value: token, domain: hostname, path: "/admin", httpOnly: true, sameSite: "Lax" },
  ]);
}

/**
 * Creates an admin (an owner, or staff with `role`) with a token straight in the site's database and
 * gives this browser its cookies; only the specs about signing in use the login form.
 */
export async function signInAsAdmin(
  context: BrowserContext,
  site: SiteServer,
  username: string,
  role: "owner" | "staff" = "owner",
): Promise<{ adminId: number; token: string }> {
  const { adminId, token } = seed(site, "adminWithToken", username, null, role);
  await addAdminCookies(context, site, token);
  return { adminId, token };
}

type Fixtures = {
  allowConsoleErrors: RegExp[];
  /** Signs this test's browser in to the admin portal as a new admin created directly in the database. */
  signInAdmin: (username?: string, role?: "owner" | "staff") => Promise<{ adminId: number; token: string }>;
  /** Signs this test's browser in as a new customer created directly in the database. */
  signIn: (email: string, opts?: { returning?: boolean; verified?: boolean }) => Promise<{ userId: string }>;
};
type WorkerFixtures = { site: SiteServer };

/** A worker-scoped site fixture's body: starts a site, and stops it (deleting its data) when the worker is done. */
async function withSite(use: (site: SiteServer) => Promise<void>) {
  const site = await startSite();
  await use(site);
  await stopSite(site);
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
  site: [async ({}, use) => withSite(use), { scope: "worker" }],
  baseURL: async ({ site }, use) => use(site.url),
  allowConsoleErrors: [[], { option: true }],
  signIn: async ({ context, site }, use) => use((email, opts) => signInAs(context, site, email, opts)),
  signInAdmin: async ({ context, site }, use) => use((username = `owner${Date.now()}`, role = "owner") => signInAsAdmin(context, site, username, role)),
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      const text = m.text();
      if (!allowConsoleErrors.some((re) => re.test(text))) problems.push(`console.error: ${text}`);
    });
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
    await use(page);
    expect(problems, "unexpected console errors").toEqual([]);
  },
});

/**
 * `test` on a site of the spec's own (`ownSite`, with `baseURL` and `signInAdmin` pointing at it),
 * for specs whose changes (prices, settings, bookings, admins, seeded orders) other specs would
 * see: call it once at the top of the spec (`const test = ownSiteTest();`) and extend it further as
 * any `test`. Each call registers a new worker fixture, so Playwright gives each such spec file a
 * worker, and so a site, of its own.
 */
export function ownSiteTest() {
  return test.extend<object, { ownSite: SiteServer }>({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
    ownSite: [async ({}, use) => withSite(use), { scope: "worker" }],
    baseURL: async ({ ownSite }, use) => use(ownSite.url),
    signInAdmin: async ({ context, ownSite }, use) => use((username = `owner${Date.now()}`, role = "owner") => signInAsAdmin(context, ownSite, username, role)),
  });
}

export { expect };

/** The script URLs a page requested (to prove pages without islands load no framework). */
export function collectScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") urls.push(new URL(r.url()).pathname);
  });
  return urls;
}
