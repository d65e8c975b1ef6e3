/**
 * Route-test set-up for two-factor sign-in: a clock held in the middle of a 30-second step (the
 * server reads the same clock), the code an authenticator shows, and an admin "owner" signed in by
 * password who can turn two-factor sign-in on through the API.
 */
import { afterEach, beforeEach, expect, setSystemTime } from "bun:test";
import { decodeBase32 } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { createAdmin } from "../../src/db/admins.server";
import { hashPassword } from "../../src/server/auth/crypto.server";
import { adminTokenFrom } from "./admin-session";
import { testOrigin } from "./browser";
import { testAppPerTest } from "./per-test";
import type { TestApp } from "./test-app";

/** One TOTP step, in milliseconds. */
export const totpStepMs = 30_000;

/** The code an authenticator shows for `key` at the clock's current step. */
export const totpCodeNow = (key: Uint8Array) => generateTOTP(key, 30, 6);

/** Holds the clock in the middle of the current step, so a test never straddles a step boundary by accident; answers that instant. */
export function holdClockMidStep(): number {
  const t0 = Math.floor(Date.now() / totpStepMs) * totpStepMs + totpStepMs / 2;
  setSystemTime(new Date(t0));
  return t0;
}

/** A code that is six digits but not `code`. */
export const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/**
 * For each test of the file: the clock held mid-step (`t0`, given back after), a fresh app `t` with
 * the admin "owner" whose password is `password`, signed in (`authorization`), and the requests its
 * sign-in tests make.
 */
export function ownerWithTotpPerTest(password: string) {
  let t0 = 0;
  let authorization = "";
  beforeEach(() => {
    t0 = holdClockMidStep();
  });
  const t: TestApp = testAppPerTest();
  afterEach(() => setSystemTime());

  /** Posts `body` as the owner (or as `auth`), from the site's own origin. */
  const post = (path: string, body: unknown = {}, auth = authorization) => t.json(path, body, { headers: { Authorization: auth, Origin: testOrigin } });
  /** Posts a sign-in. */
  const login = (body: unknown) => t.json("/api/admin/login", body, { headers: { Origin: testOrigin } });
  /** Signs in with `body`, which must succeed; answers the token. */
  async function tokenFor(body: unknown): Promise<string> {
    const res = await login(body);
    expect(res.status).toBe(200);
    return adminTokenFrom(res);
  }
  /** Starts two-factor set-up; answers the key behind the secret it shows. */
  async function setUpTotp(): Promise<{ key: Uint8Array; secret: string; uri: string }> {
    const res = await post("/api/admin/totp/setup");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { secret: string; uri: string };
    return { ...body, key: decodeBase32(body.secret) };
  }
  /** Turns two-factor sign-in on at the current step; answers its key and the recovery codes confirmation showed. */
  async function turnOnTotp(): Promise<{ key: Uint8Array; codes: string[] }> {
    const { key } = await setUpTotp();
    const res = await post("/api/admin/totp/confirm", { code: totpCodeNow(key) });
    expect(res.status).toBe(200);
    return { key, codes: ((await res.json()) as { recoveryCodes: string[] }).recoveryCodes };
  }

  beforeEach(async () => {
    createAdmin(t.db, "owner", await hashPassword(password));
    authorization = `Bearer ${await tokenFor({ username: "owner", password })}`;
  });

  return {
    t,
    /** The owner's bearer header, signed in by password at the start of the test. */
    get authorization() {
      return authorization;
    },
    /** The instant the test started at, in the middle of its step. */
    get t0() {
      return t0;
    },
    /** Moves the clock `steps` steps from the start of the test. */
    atStep: (steps: number) => setSystemTime(new Date(t0 + steps * totpStepMs)),
    post,
    login,
    tokenFor,
    setUpTotp,
    turnOnTotp,
  };
}
