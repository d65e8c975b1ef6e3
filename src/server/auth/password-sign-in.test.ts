import { expect, spyOn, test } from "bun:test";
import { countRows } from "../../../tests/helpers/test-app";
import { testAppPerTest } from "../../../tests/helpers/per-test";
import { browser, testPassword } from "../../../tests/helpers/browser";
import { createPasswordReset, peekPasswordReset } from "../../db/password-resets.server";

const t = testAppPerTest();

const newPassword = "another fine long passphrase";

test("20 parallel wrong guesses: at most the limit get 401, the rest 429, then the right password waits too", async () => {
  const ann = browser(t);
  await ann.signUp();
  const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => browser(t).signIn("ann@example.com", `wrong guess number ${i}`)));
  const statuses = guesses.map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(t.deps.limits.signInByAccount.max);
  expect(statuses.filter((s) => s === 429).length).toBe(20 - statuses.filter((s) => s === 401).length);
  t.setIp("198.51.100.200"); // another address: the account itself is now locked for the window
  const right = await browser(t).signIn("ann@example.com", testPassword);
  expect(right.status).toBe(429);
  expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("a locked account stays locked through a flood of made-up e-mails from the locked address", async () => {
  await browser(t).signUp();
  for (let i = 0; i < t.deps.limits.signInByAccount.max; i++) expect((await browser(t).signIn("ann@example.com", `wrong guess ${i}`)).status).toBe(401);
  for (let i = 0; i <= t.deps.limits.signInByAccount.maxKeys; i++) await browser(t).signIn(`made-up-${i}@example.com`, "x");
  t.setIp("198.51.100.200");
  expect((await browser(t).signIn()).status).toBe(429);
}, 60_000);

test("right passwords do not use up an address's allowance", async () => {
  await browser(t).signUp();
  for (let i = 0; i < 12; i++) expect((await browser(t).signIn()).status).toBe(303);
});

test("a junk reset token is refused without hashing the new password", async () => {
  const hash = spyOn(Bun.password, "hash");
  try {
    for (let i = 0; i < 3; i++) {
      const res = await browser(t).post("/reset-password", { token: `not-a-real-token-but-long-${i}`, password: newPassword });
      expect(res.status).toBe(400);
    }
    expect(hash).not.toHaveBeenCalled();
  } finally {
    hash.mockRestore();
  }
});

test("reset attempts are limited per address", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await browser(t).post("/reset-password", { token: `guessed-token-number-${i}-xxxx`, password: newPassword })).status);
  expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
  expect(statuses[10]).toBe(429);
});

test("reset attempts are limited per token, whatever the address", async () => {
  const userId = await browser(t).signUp();
  const token = createPasswordReset(t.db, userId);
  for (let i = 0; i < 10; i++) {
    t.setIp(`198.51.100.${i + 1}`);
    await browser(t).post("/reset-password", { token, password: "short" }); // refused by the policy, not counted
    await browser(t).post("/reset-password", { token: `${token}x`, password: newPassword });
  }
  t.setIp("198.51.100.77");
  // The real token is still usable: only the look-alike was hammered.
  expect((await browser(t).post("/reset-password", { token, password: newPassword })).status).toBe(303);
  t.setIp("198.51.100.78");
  expect((await browser(t).post("/reset-password", { token: `${token}x`, password: newPassword })).status).toBe(429);
});

test("a password change voids every outstanding reset link, on the account page and by reset", async () => {
  const ann = browser(t);
  const userId = await ann.signUp();
  const stale = createPasswordReset(t.db, userId);
  const ok = await ann.post("/account/password", { currentPassword: testPassword, newPassword });
  expect(ok.status).toBe(303);
  expect(peekPasswordReset(t.db, stale)).toBeNull();
  expect((await browser(t).post("/reset-password", { token: stale, password: "a third long passphrase" })).status).toBe(400);

  const first = createPasswordReset(t.db, userId);
  const second = createPasswordReset(t.db, userId);
  expect((await browser(t).post("/reset-password", { token: first, password: "a fourth long passphrase" })).status).toBe(303);
  expect(peekPasswordReset(t.db, second)).toBeNull();
  expect(countRows(t, "password_resets")).toBe(0);
});
