/** Route-test requests made as an admin created straight in the database (tests/factories.ts). */
import { expect } from "bun:test";
import { adminWithToken } from "../factories";
import { testOrigin } from "./browser";
import { errorOf, jsonInit, type TestApp } from "./test-app";

export type AdminClient = ReturnType<typeof adminClient>;

/** GETs `path` with the admin's `authorization`, expects the 200 never stored that every admin read answers, and answers its JSON. */
export async function adminRead<T>(t: TestApp, path: string, authorization: string): Promise<T> {
  const res = await t.request(path, { headers: { Authorization: authorization } });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as T;
}

/** Expects each `[query, field]` on the list at `path` to be refused with a 400 validation error naming that field alone. */
export async function expectQueriesRefused(admin: AdminClient, path: string, cases: readonly (readonly [query: string, field: string])[]): Promise<void> {
  for (const [query, field] of cases) {
    const res = await admin.get(`${path}${query}`);
    expect({ query, status: res.status }).toEqual({ query, status: 400 });
    const error = await errorOf(res);
    expect(error.code).toBe("validation_error");
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  }
}

/**
 * An admin `username` (with a token) on the test app `t`, and requests made as them: `get` sends
 * the token (`read` also expects a 200 never stored and answers the JSON); `send` (any method;
 * `body` as JSON, or `raw` text as it is) and `json` (a POST of `body` as JSON) send the token and
 * the site's Origin.
 */
export function adminClient(t: TestApp, username = "owner") {
  const admin = adminWithToken(t.db, username);
  const writeHeaders = { Authorization: admin.authorization, Origin: testOrigin };
  const send = (method: string, path: string, body?: unknown, raw?: string) => t.request(path, jsonInit(method, writeHeaders, body, raw));
  return {
    ...admin,
    get: (path: string) => t.request(path, { headers: { Authorization: admin.authorization } }),
    read: <T>(path: string) => adminRead<T>(t, path, admin.authorization),
    send,
    json: (path: string, body: unknown = {}) => send("POST", path, body),
  };
}
