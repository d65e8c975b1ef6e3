/**
 * TOTP (RFC 6238) as every authenticator app speaks it: HMAC-SHA1, 30-second steps, 6 digits.
 * The codes come from @oslojs/otp; this module only numbers the steps, so the caller can record
 * which one was used and never accept it again (decision 015).
 */
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import { decodeHex, encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

export const totpPeriodSeconds = 30;
export const totpDigits = 6;
/** 160 bits, the HMAC-SHA1 block RFC 4226 recommends. */
export const totpKeyBytes = 20;

/** The 30-second step `now` falls in. */
export function totpStepAt(now: number): number {
  return Math.floor(now / (totpPeriodSeconds * 1000));
}

/** A new random key from the CSPRNG, as the hex the database keeps. */
export function newTotpKeyHex(): string {
  return encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(totpKeyBytes)));
}

/**
 * The step whose code `code` is, looking one step either side of `now` for a clock that drifts;
 * null when none. All three are compared, each in constant time (verifyHOTP).
 */
export function matchingTotpStep(keyHex: string, code: string, now = Date.now()): number | null {
  const key = decodeHex(keyHex);
  const current = totpStepAt(now);
  let matched: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if (verifyHOTP(key, BigInt(step), totpDigits, code)) matched = step;
  }
  return matched;
}

/** What the set-up shows once: the key in base32 (typed by hand) and the otpauth:// URI (the QR code). */
export function totpSetupFor(keyHex: string, issuer: string, accountName: string): { secret: string; uri: string } {
  const key = decodeHex(keyHex);
  return {
    secret: encodeBase32UpperCaseNoPadding(key),
    uri: createTOTPKeyURI(issuer, accountName, key, totpPeriodSeconds, totpDigits),
  };
}
