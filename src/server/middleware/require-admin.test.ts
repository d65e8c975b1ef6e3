import { afterAll, beforeAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { adminWithToken } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { jsonError, toHttpError } from "../errors";
import { type AdminEnv, isAdminPath, requireAdmin } from "./require-admin";

let t: TestApp;
let app: Hono<AdminEnv>;
beforeAll(() => {
  t = createTestApp();
  app = new Hono<AdminEnv>();
  app.onError((err, c) => jsonError(c, toHttpError(err)));
  app.get("/guarded", requireAdmin(t.deps), (c) => c.json({ admin: c.get("admin").username }));
});
afterAll(() => t.close());

test("a live bearer token reaches the handler with its admin; the answer is never stored", async () => {
  const { authorization } = adminWithToken(t.db, "owner");
  const res = await app.request("/guarded", { headers: { Authorization: authorization } });
  expect(await res.json()).toEqual({ admin: "owner" });
  expect(res.headers.get("cache-control")).toBe("no-store");
});

test("anything else is a 401 that asks for a bearer token", async () => {
  const { token } = adminWithToken(t.db, "deputy");
  for (const authorization of ["", token, `bearer ${token}`, `Bearer ${token} extra`, `Bearer ${"x".repeat(200)}`, "Bearer a.b"]) {
    const res = await app.request("/guarded", { headers: { Authorization: authorization } });
    expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
  }
});

test("admin paths are the portal's pages and API, in any case, and nothing that merely starts alike", () => {
  for (const p of ["/admin", "/admin/login", "/ADMIN/Dashboard", "/api/admin", "/api/admin/me"]) expect(isAdminPath(p)).toBe(true);
  for (const p of ["/", "/administrator", "/api/administer", "/dashboard", "/api/auth/user"]) expect(isAdminPath(p)).toBe(false);
});
