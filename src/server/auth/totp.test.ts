import { expect, test } from "bun:test";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32, decodeHex, encodeHexLowerCase } from "@oslojs/encoding";
import { matchingTotpStep, newTotpKeyHex, totpSetupFor, totpStepAt } from "./totp.server";

// RFC 6238, appendix B: the SHA-1 key "12345678901234567890"; at T = 59 s the 8-digit code is 94287082.
const rfcKeyHex = encodeHexLowerCase(new TextEncoder().encode("12345678901234567890"));

test("the RFC 6238 test vector: at 59 s the code 287082 is step 1", () => {
  expect(totpStepAt(59_000)).toBe(1);
  expect(matchingTotpStep(rfcKeyHex, "287082", 59_000)).toBe(1);
  expect(matchingTotpStep(rfcKeyHex, "287083", 59_000)).toBeNull();
});

test("one step of drift either way is accepted and named; two steps are not", () => {
  const keyHex = newTotpKeyHex();
  const key = decodeHex(keyHex);
  const now = 1_800_000_000_000 + 12_000;
  const step = totpStepAt(now);
  const codeOf = (s: number) => generateHOTP(key, BigInt(s), 6);
  expect(matchingTotpStep(keyHex, codeOf(step), now)).toBe(step);
  expect(matchingTotpStep(keyHex, codeOf(step - 1), now)).toBe(step - 1);
  expect(matchingTotpStep(keyHex, codeOf(step + 1), now)).toBe(step + 1);
  for (const far of [step - 2, step + 2]) {
    const code = codeOf(far);
    // A far code may collide with a near one (one chance in 10^6 per step); only then may it match.
    if (![step - 1, step, step + 1].some((s) => codeOf(s) === code)) expect(matchingTotpStep(keyHex, code, now)).toBeNull();
  }
  expect(matchingTotpStep(keyHex, "12345", now)).toBeNull();
});

test("keys are 20 random bytes; the set-up shows them in base32 and as an otpauth URI", () => {
  const a = newTotpKeyHex();
  expect(a).toMatch(/^[0-9a-f]{40}$/);
  expect(newTotpKeyHex()).not.toBe(a);
  const { secret, uri } = totpSetupFor(a, "Adelaide Discreet Investigations", "owner");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(encodeHexLowerCase(decodeBase32(secret))).toBe(a);
  const parsed = new URL(uri);
  expect(parsed.protocol).toBe("otpauth:");
  expect(parsed.host).toBe("totp");
  expect(decodeURIComponent(parsed.pathname)).toBe("/Adelaide Discreet Investigations:owner");
  expect(parsed.searchParams.get("issuer")).toBe("Adelaide Discreet Investigations");
  expect(parsed.searchParams.get("secret")).toBe(secret);
  expect(parsed.searchParams.get("digits")).toBe("6");
  expect(parsed.searchParams.get("period")).toBe("30");
});
