/**
 * Every route the app registers under /api/admin (read from `app.routes`, so a new route is covered
 * without editing this test) refuses a missing, junk, expired, outlived (12 hours) and revoked token and a customer's
 * cookie with 401, before any handler or validator runs. Login is the one exception.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { adminWithToken } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { customerWithSession } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = createTestApp();
  const expired = adminWithToken(t.db, "expired");
  t.db.$client.query("UPDATE admin_tokens SET expires_at = ? WHERE admin_id = ?").run(Date.now() - 1, expired.adminId);
  // Kept busy until now, so only the 12 hours since sign-in can refuse it.
  const outlived = adminWithToken(t.db, "outlived");
  t.db.$client
    .query("UPDATE admin_tokens SET created_at = ?, last_used_at = ?, expires_at = ? WHERE admin_id = ?")
    .run(Date.now() - 12 * 60 * 60 * 1000 - 1000, Date.now(), Date.now() + 60 * 60 * 1000, outlived.adminId);
  const revoked = adminWithToken(t.db, "revoked");
  const out = await t.request("/api/admin/logout", { method: "POST", headers: { Authorization: revoked.authorization, Origin: testOrigin } });
  expect(out.status).toBe(200);
  Object.assign(headers, {
    "no token": {},
    "a junk token": { Authorization: "Bearer not-a-token-at-all" },
    "a malformed header": { Authorization: "Basic b3duZXI6cGFzcw==" },
    "an expired token": { Authorization: expired.authorization },
    "a token signed in more than 12 hours ago": { Authorization: outlived.authorization },
    "a revoked token": { Authorization: revoked.authorization },
    "a customer's session cookie": { Cookie: customerWithSession(t.db, "ann@example.com").cookie },
  });
});
afterAll(() => t.close());

const publicAdminRoutes = new Set(["POST /api/admin/login"]);

function adminRoutes() {
  const probe = createTestApp();
  const seen = new Set<string>();
  for (const r of probe.app.routes) {
    if (!r.path.startsWith("/api/admin/") || (r.method === "ALL" && r.path.endsWith("*"))) continue;
    for (const method of r.method === "ALL" ? ["GET", "POST"] : [r.method]) seen.add(`${method} ${r.path}`);
  }
  probe.close();
  return [...seen].filter((r) => !publicAdminRoutes.has(r));
}

const routes = adminRoutes();

test("the list is read from the app (me and logout at least)", () => {
  expect(routes).toContain("GET /api/admin/me");
  expect(routes).toContain("POST /api/admin/logout");
});

describe.each(routes)("%s", (route) => {
  const [method, path] = route.split(" ") as [string, string];
  const url = path.replace(/:(\w+)/g, "1");
  test("refuses every credential that is not a live admin token", async () => {
    for (const [name, h] of Object.entries(headers)) {
      const init: RequestInit = { method, headers: { ...h, Origin: testOrigin, "Content-Type": "application/json" } };
      if (method !== "GET" && method !== "HEAD") init.body = "{}";
      const res = await t.request(url, init);
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    }
  });
});

test("an unknown path under /api/admin also answers 401 without a token, revealing nothing", async () => {
  expect((await t.request("/api/admin/no-such-thing")).status).toBe(401);
});
