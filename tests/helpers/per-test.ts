/**
 * Set-up shared by the route tests: each function registers the hooks in the calling test file and
 * answers stand-ins that always refer to the current test's app (or admin, or PayPal stand-in),
 * so a test file states in one line what it runs against and only what is particular to it after.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { type AdminClient, adminClient } from "./admins";
import { type PayPalStandIn, standInEnv, startPayPalStandIn } from "./paypal-stand-in";
import { type SmtpServer, startSmtpServer } from "./smtp";
import { createTestApp, type TestApp } from "./test-app";

/** An object that forwards every use to what `current()` answers at that moment (set by a hook). */
function currentOf<T extends object>(current: () => T | undefined, what: string): T {
  const target = () => {
    const value = current();
    if (!value) throw new Error(`${what} exists only while a test (or its hooks) runs`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
  });
}

/** A test app made by the `before` hook with `env()` and closed by the `after` hook. */
function testAppBetween(before: typeof beforeEach, after: typeof afterEach, env: () => Record<string, string>): TestApp {
  let app: TestApp | undefined;
  before(() => {
    app = createTestApp(env());
  });
  after(async () => {
    await app?.close();
    app = undefined;
  });
  return currentOf(() => app, "the test app");
}

/** A fresh test app (tests/helpers/test-app.ts, with `env`) for each test of the file, closed after it. */
export function testAppPerTest(env: Record<string, string> = {}): TestApp {
  return testAppBetween(beforeEach, afterEach, () => env);
}

/** One test app (with `env`) shared by the tests of the file, closed after the last. */
export function testAppPerFile(env: Record<string, string> = {}): TestApp {
  return testAppBetween(beforeAll, afterAll, () => env);
}

/** For each test of the file, a fresh test app `t` and an admin `owner` on it making requests (`admin`, tests/helpers/admins.ts). */
export function adminAppPerTest(): { t: TestApp; admin: AdminClient } {
  const t = testAppPerTest();
  let admin: AdminClient | undefined;
  beforeEach(() => {
    admin = adminClient(t);
  });
  return { t, admin: currentOf(() => admin, "the admin") };
}

/**
 * A PayPal stand-in for the whole file and, for each test, a fresh test app pointed at it (with
 * BUSINESS_EMAIL owner@example.com and `env`); before each test the stand-in answers every call
 * "ok" after `delayMs` and has forgotten earlier requests and violations.
 */
export function payPalAppPerTest(opts: { delayMs: number; env?: Record<string, string> }): { standIn: PayPalStandIn; t: TestApp } {
  let payPal: PayPalStandIn | undefined;
  beforeAll(() => {
    payPal = startPayPalStandIn();
  });
  afterAll(() => payPal?.close());
  const t = testAppBetween(beforeEach, afterEach, () => ({ ...standInEnv(payPal!), BUSINESS_EMAIL: "owner@example.com", ...opts.env }));
  beforeEach(() => {
    const paypal = payPal!;
    Object.assign(paypal.behaviour, { oauth: "ok", createOrder: "ok", capture: "ok", getOrder: "ok", delayMs: opts.delayMs });
    paypal.requests.length = 0;
    paypal.violations.length = 0;
  });
  return { standIn: currentOf(() => payPal, "the PayPal stand-in"), t };
}

/**
 * For files whose tests each start their own app (each with its own env) and SMTP server: what
 * `app(env)` and `smtpServer(port)` start during a test is closed after it, the latest first.
 */
export function startedPerTest(): { app: (env?: Record<string, string>) => TestApp; smtpServer: (port?: number) => Promise<SmtpServer> } {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  return {
    app(env = {}) {
      const app = createTestApp(env);
      closers.push(() => app.close());
      return app;
    },
    async smtpServer(port) {
      const server = await startSmtpServer(port);
      closers.push(() => server.close());
      return server;
    },
  };
}
