import { afterEach, beforeEach, expect, test } from "bun:test";
import { countRows, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { createEmailVerification } from "../../db/email-verifications.server";
import { createPasswordReset, consumePasswordReset } from "../../db/password-resets.server";
import { createUser } from "../../db/users.server";
import { startAuthHousekeeping } from "./housekeeping.server";
import { createSession } from "./sessions.server";

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.close());

test("start-up purges expired sessions and stale reset and verification links, keeping live ones", () => {
  const user = createUser(t.db, { email: "ann@example.com" })!;
  const longAgo = Date.now() - 90 * 24 * 60 * 60 * 1000;
  createSession(t.db, user.id, longAgo);
  createSession(t.db, user.id);
  createPasswordReset(t.db, user.id, longAgo);
  consumePasswordReset(t.db, createPasswordReset(t.db, user.id));
  createPasswordReset(t.db, user.id);
  createEmailVerification(t.db, user.id, user.email, longAgo);
  createEmailVerification(t.db, user.id, user.email);
  expect([countRows(t, "sessions"), countRows(t, "password_resets"), countRows(t, "email_verifications")]).toEqual([2, 3, 2]);

  const stop = startAuthHousekeeping(t.db);
  stop();
  expect([countRows(t, "sessions"), countRows(t, "password_resets"), countRows(t, "email_verifications")]).toEqual([1, 1, 1]);
});

test("the timer purges again on its interval", async () => {
  const user = createUser(t.db, { email: "ann@example.com" })!;
  const stop = startAuthHousekeeping(t.db, 20);
  try {
    createSession(t.db, user.id, Date.now() - 90 * 24 * 60 * 60 * 1000);
    expect(countRows(t, "sessions")).toBe(1);
    await Bun.sleep(80);
    expect(countRows(t, "sessions")).toBe(0);
  } finally {
    stop();
  }
});
