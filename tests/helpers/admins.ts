/** Admins for tests: created straight in the database, with a live bearer token, and route-test requests made as one. */
import { createAdmin, createAdminToken } from "../../src/db/admins.server";
import type { Db } from "../../src/db/client.server";
import { testOrigin } from "./browser";
import type { TestApp } from "./test-app";

/** A password hash nobody can sign in with: tests that need the password sign in through the API. */
const unusableHash = "$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLWF0LWFsbC1ub3Q";

/** An admin `username` with a token; `authorization` is the header to send. */
export function adminWithToken(db: Db, username: string, passwordHash = unusableHash) {
  const admin = createAdmin(db, username, passwordHash);
  if (!admin) throw new Error(`could not create the admin ${username}`);
  const token = createAdminToken(db, admin.id);
  return { adminId: admin.id, token, authorization: `Bearer ${token}` };
}

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
