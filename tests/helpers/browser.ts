/** A browser-like client for route tests: keeps cookies and sends our Origin on form posts. */
import { jsonInit, type TestApp } from "./test-app";
import { CookieJar } from "./cookies";
import { customerWithSession, sessionCookie } from "../factories";

export const testOrigin = "http://localhost";
export const testPassword = "a long and unusual passphrase";

export function browser(t: TestApp) {
  const jar = new CookieJar();
  const b = {
    jar,
    async get(path: string, headers: Record<string, string> = {}) {
      return jar.take(await t.request(path, { headers: { ...headers, Cookie: jar.header() } }));
    },
    async post(path: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: testOrigin }) {
      return jar.take(await t.request(path, { method: "POST", body: new URLSearchParams(fields), headers: { ...headers, Cookie: jar.header() } }));
    },
    /** Sends `method` to `path` with the cookies and our Origin, and `body` as JSON (or `raw` text as it is) when there is one. */
    async send(method: string, path: string, body?: unknown, raw?: string) {
      return jar.take(await t.request(path, jsonInit(method, { Origin: testOrigin, Cookie: jar.header() }, body, raw)));
    },
    async postJson(path: string, body: unknown, headers: Record<string, string> = { Origin: testOrigin }) {
      return jar.take(
        await t.request(path, {
          method: "POST",
          body: JSON.stringify(body),
          headers: { "Content-Type": "application/json", ...headers, Cookie: jar.header() },
        }),
      );
    },
    /** A customer signed in directly (tests/factories.ts); returns their id. For anything but testing sign-up itself. */
    signInAs(email = "ann@example.com", opts: Parameters<typeof customerWithSession>[2] = {}) {
      const customer = customerWithSession(t.db, email, opts);
      jar.set(sessionCookie, customer.token);
      return customer.userId;
    },
    /** Creates an account through the sign-up form, then signs in with it; returns the new user's id. */
    async signUp(email = "ann@example.com", extra: Record<string, string> = {}) {
      const res = await b.post("/signup", { email, password: testPassword, firstName: "Ann", lastName: "Lee", returnTo: "/dashboard", ...extra });
      if (res.status !== 303) throw new Error(`sign-up failed: ${res.status}`);
      // Sign-up answers alike for new and known addresses, so it never signs in (decision 025).
      const signIn = await b.post("/login", { email, password: testPassword });
      if (signIn.status !== 303) throw new Error(`sign-in after sign-up failed: ${signIn.status}`);
      return (t.db.$client.query("SELECT id FROM users WHERE email = ?").get(email.toLowerCase()) as { id: string }).id;
    },
    async signIn(email = "ann@example.com", password = testPassword) {
      return b.post("/login", { email, password });
    },
  };
  return b;
}
