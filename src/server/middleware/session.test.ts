import { afterAll, beforeAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { customerWithSession } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { AppEnv } from "../deps";
import { sessionMiddleware } from "./session";

let t: TestApp;
let app: Hono<AppEnv>;
beforeAll(() => {
  t = createTestApp();
  app = new Hono<AppEnv>().use(sessionMiddleware(t.deps));
  app.get("*", (c) => c.json({ user: c.get("user")?.email ?? null, sessionId: c.get("sessionId") }));
});
afterAll(() => t.close());

const who = async (path: string, cookie?: string) => {
  const res = await app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { body: (await res.json()) as { user: string | null; sessionId: string | null }, setCookie: res.headers.get("set-cookie") };
};

test("a valid session cookie puts its user and session on the context", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  const { body, setCookie } = await who("/dashboard", ann.cookie);
  expect(body.user).toBe("ann@example.com");
  expect(body.sessionId).toBeString();
  expect(setCookie).toBeNull();
});

test("no cookie: no user, nothing written", async () => {
  expect(await who("/")).toEqual({ body: { user: null, sessionId: null }, setCookie: null });
});

test("an unknown or ended session is cleared from the browser", async () => {
  const { body, setCookie } = await who("/", "pi_session=not-a-real-token");
  expect(body.user).toBeNull();
  expect(setCookie).toContain("pi_session=;");
  expect(setCookie).toContain("Max-Age=0");
});

test("assets never read the session (no database work for a stylesheet)", async () => {
  const ann = customerWithSession(t.db, "ann2@example.com");
  expect((await who("/assets/site.css", ann.cookie)).body.user).toBeNull();
});

test("the admin portal and its API never read a customer's session", async () => {
  const ann = customerWithSession(t.db, "ann3@example.com");
  for (const path of ["/admin/dashboard", "/api/admin/me"]) {
    expect(await who(path, ann.cookie)).toEqual({ body: { user: null, sessionId: null }, setCookie: null });
  }
});

test("a session close to its end is renewed with a fresh cookie expiry", async () => {
  const bea = customerWithSession(t.db, "bea@example.com");
  t.db.$client.query("UPDATE sessions SET expire = ? WHERE json_extract(sess, '$.userId') = ?").run(Date.now() + 60_000, bea.userId);
  const { body, setCookie } = await who("/", bea.cookie);
  expect(body.user).toBe("bea@example.com");
  expect(setCookie).toContain("pi_session=");
  expect(setCookie).toContain("HttpOnly");
});
