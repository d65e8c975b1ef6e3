/**
 * The admin and public fetch helpers against a real server on loopback. Only the browser global
 * they read (location) is a stand-in. The admin's cookie is the browser's to send; here the server
 * checks that no script-held credential (an Authorization header) goes out.
 */
import { afterAll, beforeEach, expect, test } from "bun:test";
import { adminLoginPath, adminRequest } from "./admin-api";
import { getAdminQueryClient } from "./admin-query-client";
import { ApiError, apiRequest } from "./api";
import { createQueryClient } from "./query-client";

type Seen = { path: string; authorization: string | null };
const seen: Seen[] = [];
/** Whether the server treats the next admin requests as signed in (as a live cookie would). */
let signedIn = false;

// Answers 401 to an admin path unless signed in; echoes everything else.
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const url = new URL(req.url);
    seen.push({ path: url.pathname, authorization: req.headers.get("authorization") });
    if (url.pathname.startsWith("/api/admin/") && !signedIn) {
      return Response.json({ error: { code: "unauthorized", message: "Sign in again." } }, { status: 401 });
    }
    return Response.json({ ok: true, path: url.pathname });
  },
});
const api = (path: string) => `http://127.0.0.1:${server.port}${path}`;

const fakeLocation = {
  pathname: "/admin/orders",
  search: "?status=pending",
  assigned: [] as string[],
  assign(url: string) {
    this.assigned.push(url);
  },
};
Object.defineProperty(globalThis, "location", { value: fakeLocation, configurable: true });

afterAll(() => {
  server.stop(true);
  delete (globalThis as Record<string, unknown>).location;
});

beforeEach(() => {
  seen.length = 0;
  signedIn = false;
  fakeLocation.pathname = "/admin/orders";
  fakeLocation.search = "?status=pending";
  fakeLocation.assigned = [];
});

test("an admin request carries no script-held token: the cookie is the browser's to send", async () => {
  signedIn = true;
  expect(await adminRequest("GET", api("/api/admin/stats"))).toEqual({ ok: true, path: "/api/admin/stats" });
  expect(seen).toEqual([{ path: "/api/admin/stats", authorization: null }]);
  expect(fakeLocation.assigned).toEqual([]);
});

test("a 401 sends the browser to sign in, coming back to the same page", async () => {
  const error = await adminRequest("PUT", api("/api/admin/orders/7"), { status: "shipped" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect((error as ApiError).serverMessage).toBe("Sign in again.");
  expect(fakeLocation.assigned).toEqual([`${adminLoginPath}?returnTo=${encodeURIComponent("/admin/orders?status=pending")}`]);
});

test("on the sign-in page itself a 401 stays there for the form to show", async () => {
  fakeLocation.pathname = "/admin/login";
  fakeLocation.search = "";
  await expect(adminRequest("POST", api("/api/admin/login"), { username: "a", password: "b" })).rejects.toThrow("401: ");
  expect(fakeLocation.assigned).toEqual([]);
});

test("the public helper's 401 on an admin path does not lead to the admin sign-in", async () => {
  expect(await apiRequest("GET", api("/api/cart"))).toEqual({ ok: true, path: "/api/cart" });
  await expect(apiRequest("GET", api("/api/admin/stats"))).rejects.toThrow("401: ");
  expect(seen.map((s) => s.authorization)).toEqual([null, null]);
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

  signedIn = true;
  expect(await admin.fetchQuery({ queryKey: [api("/api/admin"), "stats"] })).toEqual({ ok: true, path: "/api/admin/stats" });
  expect(seen).toEqual([{ path: "/api/admin/stats", authorization: null }]);
});
