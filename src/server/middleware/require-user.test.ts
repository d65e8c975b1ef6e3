import { afterAll, beforeAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { customerWithSession } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { AppEnv } from "../deps";
import { jsonError, toHttpError } from "../errors";
import { requireUser, signedInUser } from "./require-user";
import { sessionMiddleware } from "./session";

let t: TestApp;
let app: Hono<AppEnv>;
beforeAll(() => {
  t = createTestApp();
  app = new Hono<AppEnv>().use(sessionMiddleware(t.deps));
  app.onError((err, c) => jsonError(c, toHttpError(err)));
  app.get("/api/mine", requireUser, (c) => c.json({ email: signedInUser(c).email }));
  app.get("/api/unguarded", (c) => c.json({ email: signedInUser(c).email }));
});
afterAll(() => t.close());

test("a signed-in customer reaches the handler, which reads their user", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  const res = await app.request("/api/mine", { headers: { Cookie: ann.cookie } });
  expect(await res.json()).toEqual({ email: "ann@example.com" });
});

test("signed out, the answer is a 401 in the JSON error shape", async () => {
  for (const path of ["/api/mine", "/api/unguarded"]) {
    const res = await app.request(path, { headers: { Cookie: "pi_session=made-up" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "Unauthorized" } });
  }
});
