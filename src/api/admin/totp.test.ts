/**
 * Two-factor sign-in through the API: set-up, confirmation, sign-in with a code (once only, one
 * step of drift), the limits, and turning it off. The codes are computed with @oslojs/otp's
 * generateTOTP at a clock the test holds (tests/helpers/admin-totp.ts; the server reads the same clock).
 */
import { describe, expect, spyOn, test } from "bun:test";
import { decodeBase32 } from "@oslojs/encoding";
import { findAdminByUsername } from "../../db/admins.server";
import { setLogLevel } from "../../server/log.server";
import { secretBox } from "../../server/secret-box.server";
import type { AdminMe } from "../../shared/admin-auth";
import { totpMessages } from "../../shared/admin-totp";
import { ownerWithTotpPerTest, totpCodeNow, totpStepMs, wrongCodeFor } from "../../../tests/helpers/admin-totp";
import type { ErrorBody } from "../../../tests/helpers/test-app";

const password = "owner's long passphrase 2026";
const owner = ownerWithTotpPerTest(password);
const { t, atStep, post, login, tokenFor, setUpTotp } = owner;

const me = async () => (await (await t.request("/api/admin/me", { headers: { Authorization: owner.authorization } })).json()) as AdminMe;
type TotpColumns = { totp_key: string | null; totp_pending_key: string | null; totp_enabled_at: number | null; totp_last_step: number | null };
const totpColumns = () =>
  t.db.$client.query("SELECT totp_key, totp_pending_key, totp_enabled_at, totp_last_step FROM admins WHERE username = 'owner'").get() as TotpColumns;

/** Turns two-factor sign-in on for "owner" at the current step; answers its key. */
const turnOn = async () => (await owner.turnOnTotp()).key;

describe("set-up and confirmation", () => {
  test("set-up shows the secret and its otpauth URI once; the key waits, unconfirmed, and sign-in still needs no code", async () => {
    expect(await me()).toEqual({ username: "owner", role: "owner", totpEnabled: false, recoveryCodesLeft: 0 });
    const res = await post("/api/admin/totp/setup");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { secret, uri } = (await res.json()) as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes
    const url = new URL(uri);
    expect(url.host).toBe("totp");
    expect(url.searchParams.get("issuer")).toBe("Adelaide Discreet Investigations");
    expect(decodeURIComponent(url.pathname)).toBe("/Adelaide Discreet Investigations:owner");
    expect(url.searchParams.get("secret")).toBe(secret);
    // The database holds the key sealed by DATA_DIR/secret.key, never the key itself.
    const stored = totpColumns();
    const keyHex = Buffer.from(decodeBase32(secret)).toString("hex");
    expect(stored.totp_pending_key).not.toContain(keyHex);
    expect(stored.totp_pending_key).toStartWith("v1.");
    expect(t.deps.secrets.open(stored.totp_pending_key ?? "")).toBe(keyHex);
    expect(stored.totp_key).toBeNull();
    expect(await me()).toEqual({ username: "owner", role: "owner", totpEnabled: false, recoveryCodesLeft: 0 });
    expect((await login({ username: "owner", password })).status).toBe(200);
  });

  test("a first code turns it on: the key moves from pending, and that code's step counts as used", async () => {
    const { key } = await setUpTotp();
    const pending = totpColumns().totp_pending_key;
    const res = await post("/api/admin/totp/confirm", { code: totpCodeNow(key) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const confirmed = (await res.json()) as { totpEnabled: boolean; recoveryCodes: string[] };
    expect(confirmed.totpEnabled).toBe(true);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
    const stored = totpColumns();
    expect(stored).toEqual({ totp_key: pending, totp_pending_key: null, totp_enabled_at: owner.t0, totp_last_step: Math.floor(owner.t0 / totpStepMs) });
    expect(await me()).toEqual({ username: "owner", role: "owner", totpEnabled: true, recoveryCodesLeft: 10 });
  });

  test("a code typed with a space, as apps show it, is read as its 6 digits", async () => {
    const { key } = await setUpTotp();
    const code = totpCodeNow(key);
    expect((await post("/api/admin/totp/confirm", { code: `${code.slice(0, 3)} ${code.slice(3)}` })).status).toBe(200);
  });

  test("a wrong code answers 400 with a field message, and nothing changes", async () => {
    const { key } = await setUpTotp();
    const before = totpColumns();
    const right = totpCodeNow(key);
    const wrong = wrongCodeFor(right);
    const res = await post("/api/admin/totp/confirm", { code: wrong });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({ code: totpMessages.wrongCode });
    expect(totpColumns()).toEqual(before);
    expect(await me()).toEqual({ username: "owner", role: "owner", totpEnabled: false, recoveryCodesLeft: 0 });
  });

  test("a malformed or missing code answers 400 with the field message, and nothing changes", async () => {
    await setUpTotp();
    const before = totpColumns();
    for (const body of [{ code: "12345" }, { code: "1234567" }, { code: "12a456" }, { code: 123456 }, {}]) {
      const res = await post("/api/admin/totp/confirm", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toEqual({ code: totpMessages.codeRequired });
    }
    expect(totpColumns()).toEqual(before);
  });

  test("a second set-up replaces the unconfirmed key: the first key's codes no longer confirm", async () => {
    const first = await setUpTotp();
    const second = await setUpTotp();
    expect(second.secret).not.toBe(first.secret);
    const res = await post("/api/admin/totp/confirm", { code: totpCodeNow(first.key) });
    expect(res.status).toBe(400);
    expect(totpColumns().totp_key).toBeNull();
    expect((await post("/api/admin/totp/confirm", { code: totpCodeNow(second.key) })).status).toBe(200);
  });

  test("confirming with no set-up started answers 409", async () => {
    const res = await post("/api/admin/totp/confirm", { code: "123456" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe("totp_no_setup");
  });

  test("once it is on, set-up and confirm answer 409 and change nothing: the key is never shown again", async () => {
    const key = await turnOn();
    const before = totpColumns();
    const again = await post("/api/admin/totp/setup");
    expect(again.status).toBe(409);
    const body = (await again.json()) as ErrorBody;
    expect(body.error.code).toBe("totp_already_on");
    expect(JSON.stringify(body)).not.toContain(String(before.totp_key));
    atStep(1);
    expect((await post("/api/admin/totp/confirm", { code: totpCodeNow(key) })).status).toBe(409);
    expect(totpColumns()).toEqual(before);
  });
});

describe("sign-in with a code", () => {
  test("the right password without a code asks for it (401 code_required) and gives no token", async () => {
    await turnOn();
    const tokensBefore = t.db.$client.query("SELECT count(*) AS n FROM admin_tokens").get();
    const res = await login({ username: "owner", password });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "code_required", message: totpMessages.codeRequired } });
    expect(t.db.$client.query("SELECT count(*) AS n FROM admin_tokens").get()).toEqual(tokensBefore);
  });

  test("with the right code it gives a token; the same code twice is refused, naming the code (only a right password reaches it)", async () => {
    const key = await turnOn();
    atStep(1); // the confirming code's step is used up
    const code = totpCodeNow(key);
    const token = await tokenFor({ username: "owner", password, code });
    expect((await t.request("/api/admin/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(totpColumns().totp_last_step).toBe(Math.floor(owner.t0 / totpStepMs) + 1);
    const replay = await login({ username: "owner", password, code });
    const wrongPassword = await login({ username: "owner", password: "not the password", code });
    expect([replay.status, wrongPassword.status]).toEqual([401, 401]);
    expect(await replay.json()).toEqual({
      error: { code: "wrong_code", message: totpMessages.wrongOrUsedCode, fields: { code: totpMessages.wrongOrUsedCode } },
    });
    expect(await wrongPassword.json()).toEqual({ error: { code: "invalid_credentials", message: "Invalid credentials" } });
  });

  test("the code confirming the set-up does not sign in too", async () => {
    const { key } = await setUpTotp();
    const code = totpCodeNow(key);
    expect((await post("/api/admin/totp/confirm", { code })).status).toBe(200);
    expect((await login({ username: "owner", password, code })).status).toBe(401);
  });

  test("one step of clock drift is allowed; a code from two steps ago is refused", async () => {
    const key = await turnOn();
    atStep(2);
    const twoAgo = totpCodeNow(key);
    atStep(4);
    const res = await login({ username: "owner", password, code: twoAgo });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe("wrong_code");
    atStep(3);
    const previous = totpCodeNow(key);
    atStep(4);
    await tokenFor({ username: "owner", password, code: previous }); // one step behind: a slow phone
  });

  test("a code older than the last one accepted is refused, even within the drift window", async () => {
    const key = await turnOn();
    atStep(3);
    const older = totpCodeNow(key);
    atStep(4);
    await tokenFor({ username: "owner", password, code: totpCodeNow(key) });
    expect((await login({ username: "owner", password, code: older })).status).toBe(401);
  });

  test("a wrong password with the right code is refused and leaves the code unused", async () => {
    const key = await turnOn();
    atStep(1);
    const code = totpCodeNow(key);
    expect((await login({ username: "owner", password: "not the password", code })).status).toBe(401);
    await tokenFor({ username: "owner", password, code });
  });

  test("wrong codes count toward the 5 per 15 minutes; asking for the code does not", async () => {
    const key = await turnOn();
    for (let i = 0; i < 6; i++) expect((await login({ username: "owner", password })).status).toBe(401);
    atStep(1);
    const right = totpCodeNow(key);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      const res = await login({ username: "owner", password, code: wrong });
      expect(((await res.json()) as ErrorBody).error.code).toBe("wrong_code");
    }
    t.setIp("198.51.100.77"); // the username is locked, from any address
    const locked = await login({ username: "owner", password, code: right });
    expect(locked.status).toBe(429);
    expect(totpColumns().totp_last_step).toBe(Math.floor(owner.t0 / totpStepMs)); // the right code was not even looked at
  });

  test("a lock from wrong codes outlives a flood of made-up usernames from the locked address", async () => {
    const key = await turnOn();
    atStep(1);
    const right = totpCodeNow(key);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect((await login({ username: "owner", password, code: wrong })).status).toBe(401);
    for (let i = 0; i <= t.deps.limits.adminSignInByUsername.maxKeys; i++) await login({ username: `made-up-${i}`, password: "x", code: wrong });
    t.setIp("198.51.100.77");
    expect((await login({ username: "owner", password, code: right })).status).toBe(429);
  }, 30_000);

  test("a malformed code answers 400 with the field message", async () => {
    await turnOn();
    const res = await login({ username: "owner", password, code: "12 34" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({ code: totpMessages.signInCodeRequired });
  });

  test("an unknown username and a wrong password still get the same answer, with or without a code", async () => {
    await turnOn();
    const answers = await Promise.all([
      login({ username: "nobody", password }),
      login({ username: "owner", password: "not the password" }),
      login({ username: "nobody", password, code: "123456" }),
      login({ username: "owner", password: "not the password", code: "123456" }),
    ]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    for (const body of bodies) expect(body).toEqual({ error: { code: "invalid_credentials", message: "Invalid credentials" } });
  });

  test("an admin without two-factor sign-in signs in with the password alone, a code or not", async () => {
    await tokenFor({ username: "owner", password, code: "123456" });
  });
});

test("a key sealed under another secret key (secret.key lost) signs nobody in, and the log says how to get back in", async () => {
  const key = await turnOn();
  // As if the database had been restored where DATA_DIR/secret.key is a different one.
  const other = secretBox(new Uint8Array(32).fill(9));
  const sealed = totpColumns().totp_key ?? "";
  t.db.$client.query("UPDATE admins SET totp_key = ? WHERE username = 'owner'").run(other.seal(t.deps.secrets.open(sealed) ?? ""));
  const lines: string[] = [];
  const spy = spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
  setLogLevel("error");
  try {
    atStep(1);
    const res = await login({ username: "owner", password, code: totpCodeNow(key) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).not.toBe("code_required");
  } finally {
    setLogLevel("silent");
    spy.mockRestore();
  }
  expect(lines.join("\n")).toContain("pi-site admin disable-totp owner");
});

describe("turning it off", () => {
  test("needs the password and a fresh code; either wrong answers 400 on its field and changes nothing", async () => {
    const key = await turnOn();
    atStep(1);
    const before = totpColumns();
    const wrongPassword = await post("/api/admin/totp/disable", { password: "not the password", code: totpCodeNow(key) });
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as ErrorBody).error.fields).toEqual({ password: totpMessages.wrongPassword });
    expect(totpColumns()).toEqual(before);
    const wrongCode = await post("/api/admin/totp/disable", { password, code: wrongCodeFor(totpCodeNow(key)) });
    expect(wrongCode.status).toBe(400);
    expect(((await wrongCode.json()) as ErrorBody).error.fields).toEqual({ code: totpMessages.wrongOrUsedCode });
    expect(totpColumns()).toEqual(before);
    const missing = await post("/api/admin/totp/disable", {});
    expect(((await missing.json()) as ErrorBody).error.fields).toEqual({ password: "Password is required", code: totpMessages.signInCodeRequired });

    const res = await post("/api/admin/totp/disable", { password, code: totpCodeNow(key) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(totpColumns()).toEqual({ totp_key: null, totp_pending_key: null, totp_enabled_at: null, totp_last_step: null });
    expect(await me()).toEqual({ username: "owner", role: "owner", totpEnabled: false, recoveryCodesLeft: 0 });
    expect((await login({ username: "owner", password })).status).toBe(200);
  });

  test("a code already used does not turn it off", async () => {
    const { key } = await setUpTotp();
    const code = totpCodeNow(key);
    expect((await post("/api/admin/totp/confirm", { code })).status).toBe(200);
    const res = await post("/api/admin/totp/disable", { password, code });
    expect(res.status).toBe(400);
    expect(findAdminByUsername(t.db, "owner")?.totpKey).not.toBeNull();
  });

  test("when it is off, turning it off answers 409", async () => {
    const res = await post("/api/admin/totp/disable", { password, code: "123456" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe("totp_not_on");
  });

  test("wrong passwords here count toward the username's sign-in limit", async () => {
    const key = await turnOn();
    atStep(1);
    for (let i = 0; i < 5; i++) expect((await post("/api/admin/totp/disable", { password: `guess ${i}`, code: totpCodeNow(key) })).status).toBe(400);
    expect((await post("/api/admin/totp/disable", { password, code: totpCodeNow(key) })).status).toBe(429);
    expect(findAdminByUsername(t.db, "owner")?.totpKey).not.toBeNull();
  });
});
