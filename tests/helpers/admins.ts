/** Route-test requests made as an admin created straight in the database (tests/factories.ts). */
import { adminWithToken } from "../factories";
import { testOrigin } from "./browser";
import type { TestApp } from "./test-app";

export type AdminClient = ReturnType<typeof adminClient>;

/**
 * An admin `username` (with a token) on the test app `t`, and requests made as them: `get` sends
 * the token; `send` (any method; `body` as JSON, or `raw` text as it is) and `json` (a POST of
 * `body` as JSON) send the token and the site's Origin.
 */
export function adminClient(t: TestApp, username = "owner") {
  const admin = adminWithToken(t.db, username);
  const writeHeaders = { Authorization: admin.authorization, Origin: testOrigin };
  const send = (method: string, path: string, body?: unknown, raw?: string) => {
    const headers: Record<string, string> = { ...writeHeaders };
    if (body !== undefined || raw !== undefined) headers["Content-Type"] = "application/json";
    return t.request(path, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  };
  return {
    ...admin,
    get: (path: string) => t.request(path, { headers: { Authorization: admin.authorization } }),
    send,
    json: (path: string, body: unknown = {}) => send("POST", path, body),
  };
}
