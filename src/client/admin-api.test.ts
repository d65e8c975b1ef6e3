/**
 * The admin and public fetch helpers against a real server on loopback. Only the browser globals
 * they read (sessionStorage, location) are stand-ins.
 */
import { afterAll, beforeEach, expect, test } from "bun:test";
import { adminLoginPath, adminRequest, adminTokenKey, saveAdminToken } from "./admin-api";
import { getAdminQueryClient } from "./admin-query-client";
import { ApiError, apiRequest } from "./api";
import { createQueryClient } from "./query-client";

type Seen = { path: string; authorization: string | null };
const seen: Seen[] = [];

// Answers 401 to an admin path unless the bearer token is "good-token"; echoes everything else.
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const url = new URL(req.url);
    seen.push({ path: url.pathname, authorization: req.headers.get("authorization") });
    if (url.pathname.startsWith("/api/admin/") && req.headers.get("authorization") !== "Bearer good-token") {
      return Response.json({ error: { code: "unauthorized", message: "Sign in again." } }, { status: 401 });
    }
    return Response.json({ ok: true, path: url.pathname });
  },
});
const api = (path: string) => `http://127.0.0.1:${server.port}${path}`;

const storage = new Map<string, string>();
const fakeSessionStorage = {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, String(v)),
  removeItem: (k: string) => void storage.delete(k),
};
const fakeLocation = {
  pathname: "/admin/orders",
  search: "?status=pending",
  assigned: [] as string[],
  assign(url: string) {
    this.assigned.push(url);
  },
};
Object.defineProperty(globalThis, "sessionStorage", { value: fakeSessionStorage, configurable: true });
Object.defineProperty(globalThis, "location", { value: fakeLocation, configurable: true });

afterAll(() => {
  server.stop(true);
  delete (globalThis as Record<string, unknown>).sessionStorage;
  delete (globalThis as Record<string, unknown>).location;
});

beforeEach(() => {
  seen.length = 0;
  storage.clear();
  fakeLocation.pathname = "/admin/orders";
  fakeLocation.search = "?status=pending";
  fakeLocation.assigned = [];
});

test("an admin request sends the token from sessionStorage as a bearer header", async () => {
  saveAdminToken("good-token");
  expect(await adminRequest("GET", api("/api/admin/stats"))).toEqual({ ok: true, path: "/api/admin/stats" });
  expect(seen).toEqual([{ path: "/api/admin/stats", authorization: "Bearer good-token" }]);
  expect(storage.get(adminTokenKey)).toBe("good-token");
  expect(fakeLocation.assigned).toEqual([]);
});

test("a 401 forgets the token and sends the browser to sign in, coming back to the same page", async () => {
  saveAdminToken("expired-token");
  const error = await adminRequest("PUT", api("/api/admin/orders/7"), { status: "shipped" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect((error as ApiError).serverMessage).toBe("Sign in again.");
  expect(seen[0]?.authorization).toBe("Bearer expired-token");
  expect(storage.has(adminTokenKey)).toBe(false);
  expect(fakeLocation.assigned).toEqual([`${adminLoginPath}?returnTo=${encodeURIComponent("/admin/orders?status=pending")}`]);
});

test("without a token the request goes out bare, and its 401 also leads to sign-in", async () => {
  await expect(adminRequest("GET", api("/api/admin/stats"))).rejects.toThrow("401: ");
  expect(seen[0]?.authorization).toBeNull();
  expect(fakeLocation.assigned).toEqual([`/admin/login?returnTo=${encodeURIComponent("/admin/orders?status=pending")}`]);
});

test("on the sign-in page itself a 401 stays there for the form to show", async () => {
  fakeLocation.pathname = "/admin/login";
  fakeLocation.search = "";
  saveAdminToken("expired-token");
  await expect(adminRequest("POST", api("/api/admin/login"), { username: "a", password: "b" })).rejects.toThrow("401: ");
  expect(storage.has(adminTokenKey)).toBe(false);
  expect(fakeLocation.assigned).toEqual([]);
});

test("the public helper never sends the admin's token, even when the tab holds one", async () => {
  saveAdminToken("good-token");
  expect(await apiRequest("GET", api("/api/cart"))).toEqual({ ok: true, path: "/api/cart" });
  await expect(apiRequest("GET", api("/api/admin/stats"))).rejects.toThrow("401: ");
  expect(seen.map((s) => s.authorization)).toEqual([null, null]);
  expect(storage.get(adminTokenKey)).toBe("good-token");
  expect(fakeLocation.assigned).toEqual([]);
});

test("the admin QueryClient has the public defaults and reads through the admin helper", async () => {
  const admin = getAdminQueryClient();
  expect(getAdminQueryClient()).toBe(admin);
  const { queryFn: adminQueryFn, ...adminDefaults } = admin.getDefaultOptions().queries ?? {};
  const { queryFn: publicQueryFn, ...publicDefaults } = createQueryClient().getDefaultOptions().queries ?? {};
  expect(adminQueryFn).toBeFunction();
  expect(publicQueryFn).toBeFunction();
  expect(adminDefaults).toEqual(publicDefaults);
  expect(adminDefaults).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
  expect(admin.getDefaultOptions().mutations).toEqual({ retry: false });

  saveAdminToken("good-token");
  expect(await admin.fetchQuery({ queryKey: [api("/api/admin"), "stats"] })).toEqual({ ok: true, path: "/api/admin/stats" });
  expect(seen).toEqual([{ path: "/api/admin/stats", authorization: "Bearer good-token" }]);
});
