/**
 * Recovery codes (decision 039): ten at set-up, stored hashed, each accepted once at sign-in, at the
 * re-check and to turn two-factor sign-in off; renewed only with a recent password; a wrong or used
 * code is named as such, and only after a right password.
 */
import { describe, expect, test } from "bun:test";
import { RateLimiter } from "../../server/middleware/rate-limit";
import { totpMessages } from "../../shared/admin-totp";
import { ownerWithTotpPerTest } from "../../../tests/helpers/admin-totp";
import { adminTokenFor } from "../../../tests/factories";
import { type ErrorBody, errorOf } from "../../../tests/helpers/test-app";

const password = "owner's long passphrase 2026";
const owner = ownerWithTotpPerTest(password);
const { t, post, login, tokenFor, turnOnTotp } = owner;

const me = async (auth = owner.authorization) =>
  (await (await t.request("/api/admin/me", { headers: { Authorization: auth } })).json()) as { totpEnabled: boolean; recoveryCodesLeft: number };
const storedHashes = () =>
  (t.db.$client.query("SELECT code_hash AS h, used_at AS u FROM admin_recovery_codes ORDER BY id").all() as { h: string; u: number | null }[]).map((r) => r);

test("confirming the set-up gives ten different codes, stored only as hashes; the account says ten are left", async () => {
  const { codes } = await turnOnTotp();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  const stored = storedHashes();
  expect(stored).toHaveLength(10);
  for (const { h, u } of stored) {
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(u).toBeNull();
    for (const code of codes) expect(h).not.toContain(code.replace(/-/g, ""));
  }
  expect((await me()).recoveryCodesLeft).toBe(10);
});

describe("signing in with a recovery code", () => {
  test("works once, typed in any case and without dashes; the same code again is named wrong or used", async () => {
    const { codes } = await turnOnTotp();
    const code = codes[3] ?? "";
    const token = await tokenFor({ username: "owner", password, code: code.toUpperCase().replace(/-/g, " ") });
    expect((await me(`Bearer ${token}`)).recoveryCodesLeft).toBe(9);
    const again = await login({ username: "owner", password, code });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({
      error: { code: "wrong_code", message: totpMessages.wrongOrUsedCode, fields: { code: totpMessages.wrongOrUsedCode } },
    });
  });

  test("a wrong password with a right recovery code says nothing about the code and leaves it unused", async () => {
    const { codes } = await turnOnTotp();
    const res = await login({ username: "owner", password: "not the password", code: codes[0] });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "invalid_credentials", message: "Invalid credentials" } });
    expect((await me()).recoveryCodesLeft).toBe(10);
    await tokenFor({ username: "owner", password, code: codes[0] });
  });

  test("a made-up code in the recovery format is refused and counts toward the sign-in limit", async () => {
    await turnOnTotp();
    for (let i = 0; i < 5; i++) {
      const res = await login({ username: "owner", password, code: "aaaa-bbbb-cccc" });
      expect((await errorOf(res)).code).toBe("wrong_code");
    }
    expect((await login({ username: "owner", password, code: "aaaa-bbbb-cccd" })).status).toBe(429);
  });

  test("twenty sign-ins racing with one code: exactly one succeeds", async () => {
    const { codes } = await turnOnTotp();
    // Limits wide enough that every attempt reaches the code; the race, not the limit, decides.
    t.deps.limits.adminSignInByUsername = new RateLimiter(100, 15 * 60_000);
    t.deps.limits.adminSignInByAddress = new RateLimiter(100, 15 * 60_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login({ username: "owner", password, code: codes[5] })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
    expect(storedHashes().filter((r) => r.u !== null)).toHaveLength(1);
  }, 30_000);
});

test("the re-check before a sensitive change takes a recovery code, once", async () => {
  const { codes } = await turnOnTotp();
  const stale = adminTokenFor(t.db, "owner", 60).authorization;
  const reauth = (code: string) => post("/api/admin/reauth", { password, code }, stale);
  expect((await reauth(codes[1] ?? "")).status).toBe(200);
  const again = await reauth(codes[1] ?? "");
  expect(again.status).toBe(400);
  expect(((await again.json()) as ErrorBody).error.fields).toEqual({ code: totpMessages.wrongOrUsedCode });
});

test("a lost phone: a recovery code turns two-factor sign-in off, and the codes go with it", async () => {
  const { codes } = await turnOnTotp();
  const res = await post("/api/admin/totp/disable", { password, code: codes[9] });
  expect(res.status).toBe(200);
  expect(storedHashes()).toHaveLength(0);
  expect(await me()).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
  expect((await login({ username: "owner", password })).status).toBe(200);
});

describe("new codes", () => {
  test("need the password from the last 10 minutes; then ten new ones replace all the old", async () => {
    const { codes } = await turnOnTotp();
    await tokenFor({ username: "owner", password, code: codes[0] });
    const stale = adminTokenFor(t.db, "owner", 11).authorization;
    const refused = await post("/api/admin/recovery-codes", {}, stale);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("reauth_required");
    expect((await me()).recoveryCodesLeft).toBe(9);

    const res = await post("/api/admin/recovery-codes");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const fresh = ((await res.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    expect((await me()).recoveryCodesLeft).toBe(10);
    expect((await errorOf(await login({ username: "owner", password, code: codes[1] }))).code).toBe("wrong_code");
    await tokenFor({ username: "owner", password, code: fresh[0] });
    const audit = t.db.$client.query("SELECT action, summary, after FROM audit_log WHERE action = 'recovery_codes.renew'").all() as { after: string }[];
    expect(audit).toHaveLength(1);
    for (const code of fresh) expect(audit[0]?.after).not.toContain(code);
  });

  test("without two-factor sign-in there are none to renew: 409", async () => {
    const res = await post("/api/admin/recovery-codes");
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "totp_not_on", message: totpMessages.notOnForRecovery });
  });
});
