import { afterAll, beforeAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { customerWithSession } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { AppEnv } from "../deps";
import { jsonError, toHttpError } from "../errors";
import { originCheck } from "./origin-check";

let t: TestApp;
let cookie: string;
/** A small app with the guard in front of one handler; PUBLIC_URL decides what "our origin" is. */
function guarded(deps: TestApp["deps"]) {
  const app = new Hono<AppEnv>().use(originCheck(deps));
  app.onError((err, c) => jsonError(c, toHttpError(err)));
  app.all("*", (c) => c.text("reached"));
  return app;
}
let app: Hono<AppEnv>;
beforeAll(() => {
  t = createTestApp({ PUBLIC_URL: "https://pi.example" });
  // Over https the session cookie carries the __Host- prefix; a bare pi_session would not count.
  cookie = `__Host-${customerWithSession(t.db, "ann@example.com").cookie}`;
  app = guarded(t.deps);
});
afterAll(() => t.close());

const send = (method: string, headers: Record<string, string>, url = "https://pi.example/x") => app.request(url, { method, headers });

test("a change from our own pages passes, with or without a session", async () => {
  expect((await send("POST", { Origin: "https://pi.example", Cookie: cookie })).status).toBe(200);
  expect((await send("POST", { Origin: "https://pi.example" })).status).toBe(200);
});

test("a change whose Origin names another site is refused, signed in or not", async () => {
  for (const headers of <Record<string, string>[]>[
    { Origin: "https://evil.example", Cookie: cookie },
    { Origin: "https://evil.example" },
    { Origin: "null" },
  ]) {
    const res = await send("POST", headers);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden_origin");
  }
});

test("a change carrying the session cookie but no Origin is refused; without a cookie it passes", async () => {
  expect((await send("DELETE", { Cookie: cookie })).status).toBe(403);
  expect((await send("POST", {})).status).toBe(200);
});

test("with PUBLIC_URL set, a forged Host that matches the Origin does not make it ours", async () => {
  const res = await send("POST", { Origin: "https://evil.example", Host: "evil.example", Cookie: cookie }, "https://evil.example/x");
  expect(res.status).toBe(403);
});

test("reads are never refused", async () => {
  expect((await send("GET", { Origin: "https://evil.example", Cookie: cookie })).status).toBe(200);
  expect((await send("HEAD", { Origin: "https://evil.example" })).status).toBe(200);
});

test("without PUBLIC_URL, the address the browser used counts as our origin", async () => {
  const local = createTestApp({ PUBLIC_URL: "" });
  try {
    const open = guarded(local.deps);
    expect((await open.request("http://127.0.0.1:8080/x", { method: "POST", headers: { Origin: "http://127.0.0.1:8080" } })).status).toBe(200);
    expect((await open.request("http://127.0.0.1:8080/x", { method: "POST", headers: { Origin: "http://evil.example" } })).status).toBe(403);
  } finally {
    await local.close();
  }
});
