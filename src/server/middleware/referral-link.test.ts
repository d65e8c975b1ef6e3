import { afterAll, beforeAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { AppEnv } from "../deps";
import { referralCookie, referralLink } from "./referral-link";

let t: TestApp;
let app: Hono<AppEnv>;
beforeAll(() => {
  t = createTestApp();
  app = new Hono<AppEnv>().use(referralLink(t.deps));
  app.all("*", (c) => c.text("ok"));
});
afterAll(() => t.close());

const cookieFor = async (path: string, method = "GET") => (await app.request(path, { method })).headers.get("set-cookie");

test("a link with a valid code remembers it, normalised, for 30 days", async () => {
  const set = await cookieFor("/services?ref=k7qx-m4pd");
  expect(set).toContain(`${referralCookie}=K7QX-M4PD`);
  expect(set).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
  expect(set).toContain("HttpOnly");
});

test("an invalid code, no code, or a POST leaves no cookie", async () => {
  expect(await cookieFor("/?ref=<script>")).toBeNull();
  expect(await cookieFor("/?preferred=1")).toBeNull();
  expect(await cookieFor("/")).toBeNull();
  expect(await cookieFor("/?ref=K7QX-M4PD", "POST")).toBeNull();
});
