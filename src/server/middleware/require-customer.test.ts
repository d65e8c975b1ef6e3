import { afterAll, beforeAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { customerWithSession } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import type { AppEnv } from "../deps";
import { sessionMiddleware } from "./session";
import { requireCustomer } from "./require-customer";

let t: TestApp;
let app: Hono<AppEnv>;
let cookie: string;
beforeAll(() => {
  t = createTestApp();
  cookie = customerWithSession(t.db, "ann@example.com").cookie;
  app = new Hono<AppEnv>().use(sessionMiddleware(t.deps));
  // The handler reads `user.email` without a null check: the middleware's type makes that sound.
  app.get("/private", requireCustomer(t.deps), (c) => c.text(`hello ${c.get("user").email}`));
  app.post("/private/form", requireCustomer(t.deps, { returnTo: "/private" }), (c) => c.text(`posted by ${c.get("user").email}`));
});
afterAll(() => t.close());

test("a signed-in customer reaches the handler, with their user", async () => {
  expect(await (await app.request("/private", { headers: { Cookie: cookie } })).text()).toBe("hello ann@example.com");
  const posted = await app.request("/private/form", { method: "POST", headers: { Cookie: cookie, Origin: testOrigin } });
  expect(await posted.text()).toBe("posted by ann@example.com");
});

test("signed out, a GET shows the signed-out page (401, not cached) that moves on to sign-in and back", async () => {
  const res = await app.request("/private");
  expect(res.status).toBe(401);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const html = await res.text();
  expect(html).toContain("You are logged out. Logging in again...");
  expect(html).toContain(`<meta http-equiv="refresh" content="1;url=/api/login?returnTo=%2Fprivate">`);
  expect(html).not.toContain("hello");
});

test("signed out, a POST is sent to sign in (303) without reaching the handler", async () => {
  const res = await app.request("/private/form", { method: "POST", headers: { Origin: testOrigin } });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/api/login?returnTo=%2Fprivate");
  const stale = await app.request("/private/form", { method: "POST", headers: { Cookie: "pi_session=not-a-real-token", Origin: testOrigin } });
  expect(stale.status).toBe(303);
});
