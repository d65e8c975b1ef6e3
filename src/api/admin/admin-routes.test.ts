/**
 * Every route the app registers under /api/admin (read from `app.routes`, so a new route is covered
 * without editing this test) refuses a missing, junk, expired, outlived (12 hours) and revoked token and a customer's
 * cookie with 401, before any handler or validator runs. Login is the one exception.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { adminTokenFor, adminWithToken } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { customerWithSession } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = createTestApp();
  adminWithToken(t.db, "role-owner");
  adminWithToken(t.db, "role-staff", null, "staff");
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

/**
 * Roles (decision 040), over the same list of every admin route: staff may use exactly these
 * (written out here, apart from the rule in src/domain/admin-roles.ts, so a route that slips into
 * or out of the staff's reach fails this test); every other route answers staff 403 `owners_only`
 * before any handler runs; an owner is refused none of them.
 */
const staffRoutes = new Set([
  "GET /api/admin/me",
  "POST /api/admin/logout",
  "POST /api/admin/reauth",
  "POST /api/admin/account/password",
  "POST /api/admin/totp/setup",
  "POST /api/admin/totp/confirm",
  "POST /api/admin/totp/disable",
  "POST /api/admin/recovery-codes",
  "GET /api/admin/stats",
  "GET /api/admin/todo",
  "DELETE /api/admin/notes/:id",
  "GET /api/admin/orders",
  "GET /api/admin/orders.csv",
  "GET /api/admin/orders.xlsx",
  "GET /api/admin/orders/:orderNumber",
  "POST /api/admin/orders/:orderNumber/mark-paid",
  "POST /api/admin/orders/:orderNumber/verify",
  "POST /api/admin/orders/:orderNumber/ship",
  "POST /api/admin/orders/:orderNumber/deliver",
  "POST /api/admin/orders/:orderNumber/cancel",
  "GET /api/admin/bookings",
  "GET /api/admin/bookings.csv",
  "GET /api/admin/bookings.xlsx",
  "GET /api/admin/bookings/:key",
  "PATCH /api/admin/bookings/:id",
  "POST /api/admin/bookings/:id/paid",
  "GET /api/admin/timeslots",
  "POST /api/admin/timeslots/generate",
  "PATCH /api/admin/timeslots/:id",
  "POST /api/admin/timeslots/close",
  "POST /api/admin/timeslots/reopen",
  "GET /api/admin/contacts",
  "GET /api/admin/contacts.csv",
  "GET /api/admin/contacts.xlsx",
  "GET /api/admin/contacts/summary",
  "GET /api/admin/contacts/:id",
  "POST /api/admin/contacts/:id/handled",
  "POST /api/admin/contacts/:id/reopen",
  "DELETE /api/admin/contacts/:id",
  "GET /api/admin/reviews",
  "GET /api/admin/reviews/summary",
  "GET /api/admin/reviews/:id",
  "POST /api/admin/reviews/:id/approve",
  "POST /api/admin/reviews/:id/reject",
  "POST /api/admin/reviews/:id/reply",
  "POST /api/admin/reviews/:id/edit",
  "DELETE /api/admin/reviews/:id",
  "GET /api/admin/products",
  "GET /api/admin/products/new",
  "GET /api/admin/products/:id",
  "POST /api/admin/products",
  "PUT /api/admin/products/:id",
  "PATCH /api/admin/products/:id/pricing",
  "DELETE /api/admin/products/:id",
  "GET /api/admin/categories",
  "POST /api/admin/categories",
  "POST /api/admin/categories/reorder",
  "PATCH /api/admin/categories/:id",
  "DELETE /api/admin/categories/:id",
  "POST /api/admin/uploads",
  // Case rooms (decision 079): staff work cases as owners do; the download log is the owners'.
  "GET /api/admin/cases",
  "GET /api/admin/cases/:ref",
  "POST /api/admin/cases/:ref/updates",
  "POST /api/admin/cases/:ref/messages",
  "POST /api/admin/cases/:ref/gather",
  "GET /api/admin/cases/:ref/files/:id",
  "POST /api/admin/cases/:ref/uploads",
  "PUT /api/admin/cases/:ref/uploads/:id",
  "GET /api/admin/cases/:ref/uploads/:id",
  "DELETE /api/admin/cases/:ref/uploads/:id",
]);

test("the owners' rooms are among the routes refused to staff", () => {
  for (const r of [
    "GET /api/admin/settings",
    "GET /api/admin/admins",
    "GET /api/admin/audit",
    "GET /api/admin/payments",
    "POST /api/admin/orders/:orderNumber/refund",
    "GET /api/admin/cases/:ref/downloads",
  ]) {
    expect(routes).toContain(r);
    expect(staffRoutes.has(r)).toBe(false);
  }
});

describe.each(routes)("roles: %s", (route) => {
  const [method, path] = route.split(" ") as [string, string];
  const url = path.replace(/:(\w+)/g, "1");
  /** One request as a new sign-in of `username` (some routes end or change the sign-in they are sent on). */
  const send = async (username: string) => {
    const init: RequestInit = {
      method,
      headers: { Authorization: adminTokenFor(t.db, username).authorization, Origin: testOrigin, "Content-Type": "application/json" },
    };
    if (method !== "GET" && method !== "HEAD") init.body = "{}";
    const res = await t.request(url, init);
    const code = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as { error?: { code: string } }).error?.code : undefined;
    return { status: res.status, code };
  };

  test(staffRoutes.has(route) ? "staff and owners may use it" : "owners only: staff get 403 owners_only", async () => {
    const owner = await send("role-owner");
    expect(owner.status).not.toBe(401);
    expect(owner.code).not.toBe("owners_only");
    const staff = await send("role-staff");
    expect(staff.status).not.toBe(401);
    if (staffRoutes.has(route)) expect(staff.code).not.toBe("owners_only");
    else expect(staff).toEqual({ status: 403, code: "owners_only" });
  });
});

test("staff keep case notes on enquiries, bookings and orders; notes on customers are the owners'", async () => {
  const staff = adminTokenFor(t.db, "role-staff").authorization;
  for (const list of ["contacts", "bookings", "orders"]) {
    const res = await t.request(`/api/admin/notes/${list}/1`, { headers: { Authorization: staff } });
    expect(((await res.json()) as { error?: { code: string } }).error?.code).not.toBe("owners_only");
  }
  const users = await t.request("/api/admin/notes/users/1", { headers: { Authorization: staff } });
  expect(users.status).toBe(403);
  expect(((await users.json()) as { error: { code: string } }).error.code).toBe("owners_only");
});

test("a staff member's own sign-in answers with the role, and their rooms' paths in any case are judged the same", async () => {
  const staff = adminTokenFor(t.db, "role-staff").authorization;
  const me = await t.request("/api/admin/me", { headers: { Authorization: staff } });
  expect(((await me.json()) as { role: string }).role).toBe("staff");
  const sneaky = await t.request("/api/admin/orders/PI-1/REFUND", { method: "POST", headers: { Authorization: staff, Origin: testOrigin } });
  expect(sneaky.status).toBe(403);
  expect(((await sneaky.json()) as { error: { code: string } }).error.code).toBe("owners_only");
});
