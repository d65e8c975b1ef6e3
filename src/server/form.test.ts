import { afterAll, beforeAll, expect, test } from "bun:test";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { testOrigin } from "../../tests/helpers/browser";
import { customerWithSession } from "../../tests/factories";

let t: TestApp;
let cookie: string;
beforeAll(() => {
  t = createTestApp();
  cookie = customerWithSession(t.db, "ann@example.com").cookie;
});
afterAll(() => t.close());

const formRoutes = [
  "/contact",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/account/profile",
  "/account/password",
  "/account/delete",
  "/cart/items",
  "/cart/items/1",
];
const bodies = {
  garbage: { type: "multipart/form-data; boundary=abc", body: "garbage\r\n--zzz" },
  "wrong boundary": {
    type: "multipart/form-data; boundary=wrong",
    body: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nann@example.com\r\n--abc--\r\n',
  },
  "no boundary": { type: "multipart/form-data", body: "email=ann@example.com" },
};
const tables = ["users", "sessions", "contacts", "cart_items", "password_resets", "outbox"];
const snapshot = () => tables.map((name) => countRows(t, name));

test("a form body that cannot be read is a 400 page on every form route, and nothing is written", async () => {
  const before = snapshot();
  for (const path of formRoutes) {
    for (const [kind, { type, body }] of Object.entries(bodies)) {
      // The account and cart forms need a customer (signed out, they send to sign-in before reading).
      for (const signedIn of path.startsWith("/account") || path.startsWith("/cart") ? [true] : [false, true]) {
        const headers: Record<string, string> = { Origin: testOrigin, "Content-Type": type };
        if (signedIn) headers.Cookie = cookie;
        const res = await t.request(path, { method: "POST", headers, body });
        expect([path, kind, signedIn, res.status]).toEqual([path, kind, signedIn, 400]);
        expect(res.headers.get("content-type")).toContain("text/html");
        expect(await res.text()).toContain("could not be read");
      }
    }
  }
  expect(snapshot()).toEqual(before);
});
