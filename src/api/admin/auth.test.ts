import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createAdmin } from "../../db/admins.server";
import { hashPassword } from "../../server/auth/crypto.server";
import { adminWithToken } from "../../../tests/factories";
import { customerWithSession } from "../../../tests/factories";
import { countRows, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { adminTokenFrom } from "../../../tests/helpers/admin-session";
import { testOrigin } from "../../../tests/helpers/browser";

const password = "owner's long passphrase 2026";
let t: TestApp;
beforeEach(async () => {
  t = createTestApp();
  createAdmin(t.db, "owner", await hashPassword(password));
});
afterEach(() => t.close());

const login = (body: unknown) => t.json("/api/admin/login", body, { headers: { Origin: testOrigin } });
const me = (headers: Record<string, string>) => t.request("/api/admin/me", { headers });

test("the right username and password set the admin cookie, which opens the admin API; only its hash is stored", async () => {
  const res = await login({ username: "owner", password });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json();
  expect(body).toEqual({ username: "owner", role: "owner" }); // the token reaches no script
  const token = adminTokenFrom(res);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
  const stored = t.db.$client.query("SELECT token_hash AS h FROM admin_tokens").all() as { h: string }[];
  expect(stored).toHaveLength(1);
  expect(stored[0]?.h).not.toBe(token);
  expect(stored[0]?.h).toMatch(/^[0-9a-f]{64}$/);
  const who = await me({ Cookie: `pi_admin=${token}` });
  expect(await who.json()).toEqual({ username: "owner", role: "owner", totpEnabled: false, recoveryCodesLeft: 0 });
  expect((await me({ Authorization: `Bearer ${token}` })).status).toBe(200);
});

describe("the admin cookie", () => {
  test("is HttpOnly, SameSite=Strict on /api/admin and Lax on /admin, with no expiry; Secure with the __Secure- prefix on https", async () => {
    const lines = (await login({ username: "owner", password })).headers.getSetCookie();
    expect(lines).toHaveLength(2);
    const api = lines.find((l) => l.includes("Path=/api/admin;")) ?? "";
    const pages = lines.find((l) => l.includes("Path=/admin;")) ?? "";
    expect(api).toMatch(/^pi_admin=[A-Za-z0-9_-]{43}; Path=\/api\/admin; HttpOnly; SameSite=Strict$/);
    expect(pages).toMatch(/^pi_admin=[A-Za-z0-9_-]{43}; Path=\/admin; HttpOnly; SameSite=Lax$/);
    expect(api.split(";")[0]).toBe(pages.split(";")[0]);

    const https = createTestApp({ PUBLIC_URL: "https://example.com" });
    try {
      createAdmin(https.db, "owner", await hashPassword(password));
      const res = await https.json("/api/admin/login", { username: "owner", password }, { headers: { Origin: "https://example.com" } });
      for (const line of res.headers.getSetCookie())
        expect(line).toMatch(/^__Secure-pi_admin=[^;]+; Path=\/(api\/)?admin; HttpOnly; Secure; SameSite=(Strict|Lax)$/);
    } finally {
      https.close();
    }
  });

  test("one browser holds one sign-in: signing in again ends the token its cookie carried", async () => {
    const first = adminTokenFrom(await login({ username: "owner", password }));
    const again = await t.json("/api/admin/login", { username: "owner", password }, { headers: { Origin: testOrigin, Cookie: `pi_admin=${first}` } });
    const second = adminTokenFrom(again);
    expect(second).not.toBe(first);
    expect(countRows(t, "admin_tokens")).toBe(1);
    expect((await me({ Cookie: `pi_admin=${first}` })).status).toBe(401);
    expect((await me({ Cookie: `pi_admin=${second}` })).status).toBe(200);
  });

  test("a change sent with the cookie needs our Origin: none or another site's is refused, nothing changes", async () => {
    const token = adminTokenFrom(await login({ username: "owner", password }));
    for (const origin of [undefined, "https://evil.example"]) {
      const headers: Record<string, string> = { Cookie: `pi_admin=${token}` };
      if (origin) headers.Origin = origin;
      const res = await t.request("/api/admin/logout", { method: "POST", headers });
      expect(res.status).toBe(403);
      expect((await res.json()) as unknown).toMatchObject({ error: { code: "forbidden_origin" } });
    }
    expect((await me({ Cookie: `pi_admin=${token}` })).status).toBe(200);
  });

  test("logout ends the token and clears both cookies", async () => {
    const token = adminTokenFrom(await login({ username: "owner", password }));
    const out = await t.request("/api/admin/logout", { method: "POST", headers: { Cookie: `pi_admin=${token}`, Origin: testOrigin } });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    for (const line of cleared) expect(line).toMatch(/^pi_admin=; Max-Age=0; Path=\/(api\/)?admin; HttpOnly; SameSite=(Strict|Lax)$/);
    expect((await me({ Cookie: `pi_admin=${token}` })).status).toBe(401);
  });

  test("the customer's session cookie never stands in for it", async () => {
    const { token } = customerWithSession(t.db, "ann@example.com");
    expect((await me({ Cookie: `pi_admin=${token}` })).status).toBe(401);
  });
});

test("usernames are not case-sensitive", async () => {
  expect((await login({ username: " Owner ", password })).status).toBe(200);
});

test("an unknown username and a wrong password get the same answer, and no token", async () => {
  const unknown = await login({ username: "nobody", password });
  const wrong = await login({ username: "owner", password: "not the password" });
  expect([unknown.status, wrong.status]).toEqual([401, 401]);
  expect(await unknown.json()).toEqual(await wrong.json());
  expect(countRows(t, "admin_tokens")).toBe(0);
});

test("missing fields get the field messages, nothing written", async () => {
  const res = await login({ username: "", password: "" });
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { fields: Record<string, string> } };
  expect(body.error.fields).toEqual({ username: "Username is required", password: "Password is required" });
  expect(countRows(t, "admin_tokens")).toBe(0);
});

test("20 parallel wrong guesses: at most 5 are checked, the rest get 429 with Retry-After", async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login({ username: "owner", password: `guess ${i}` })));
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  expect(Number(answers.find((r) => r.status === 429)?.headers.get("retry-after"))).toBeGreaterThan(0);
  // The username is now locked for its window, also from another address and with the right password.
  t.setIp("198.51.100.77");
  expect((await login({ username: "owner", password })).status).toBe(429);
});

test("a locked username stays locked through a flood of made-up usernames from the locked address", async () => {
  for (let i = 0; i < 5; i++) expect((await login({ username: "owner", password: `guess ${i}` })).status).toBe(401);
  // Each refused request is cheap (no hashing), and each names a new key: more than the limiter's key budget.
  for (let i = 0; i <= t.deps.limits.adminSignInByUsername.maxKeys; i++) await login({ username: `made-up-${i}`, password: "x" });
  t.setIp("198.51.100.77");
  expect((await login({ username: "owner", password })).status).toBe(429);
}, 30_000);

test("guesses from an address already refused still count toward the username's lock", async () => {
  for (let i = 0; i < 5; i++) await login({ username: `nobody-${i}`, password: "x" });
  for (let i = 0; i < 5; i++) expect((await login({ username: "owner", password: `guess ${i}` })).status).toBe(429);
  t.setIp("198.51.100.77");
  expect((await login({ username: "owner", password })).status).toBe(429);
});

test("logout revokes the token on the server", async () => {
  const { authorization } = adminWithToken(t.db, "deputy");
  expect((await me({ Authorization: authorization })).status).toBe(200);
  const out = await t.request("/api/admin/logout", { method: "POST", headers: { Authorization: authorization, Origin: testOrigin } });
  expect(out.status).toBe(200);
  expect((await me({ Authorization: authorization })).status).toBe(401);
  expect(countRows(t, "admin_tokens")).toBe(0);
});

test("a token expires after 8 idle hours, and use keeps it alive", async () => {
  const { authorization, token } = adminWithToken(t.db, "deputy");
  const hoursAgo = (h: number) => Date.now() - h * 60 * 60 * 1000;
  // Used 7 hours ago: still valid, and this use slides the expiry 8 hours from now.
  t.db.$client.query("UPDATE admin_tokens SET last_used_at = ?, expires_at = ?").run(hoursAgo(7), hoursAgo(-1));
  expect((await me({ Authorization: authorization })).status).toBe(200);
  const row = t.db.$client.query("SELECT expires_at AS e FROM admin_tokens").get() as { e: number };
  expect(row.e).toBeGreaterThan(hoursAgo(-7.9));
  t.db.$client.query("UPDATE admin_tokens SET expires_at = ?").run(hoursAgo(0.01));
  expect((await me({ Authorization: `Bearer ${token}` })).status).toBe(401);
});

test("the admin API neither reads nor renews a customer's session, and a customer's cookie opens nothing", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  const res = await me({ Cookie: ann.cookie });
  expect(res.status).toBe(401);
  expect(res.headers.get("set-cookie")).toBeNull();
  expect(res.headers.get("www-authenticate")).toBe("Bearer");
});
