/** Tokens and hashes for sessions, reset links and OAuth state. */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";

/** A random token of `bytes` bytes (default 32, i.e. 256 bits), base64url without padding. */
export function randomToken(bytes = 32): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * The SHA-256 of a token (its UTF-8 bytes) as lowercase hex: what the database stores instead of
 * the token. Every signed-in request hashes its cookie, so the runtime's native hasher does it.
 */
export function hashToken(token: string): string {
  return Bun.CryptoHasher.hash("sha256", token, "hex");
}

/**
 * argon2id with 7 MiB and 5 passes: one of the configurations OWASP lists as equally strong as its
 * 19 MiB and 2 passes, chosen because memory is what a small VPS has least of (decision 054). A hash
 * takes about 26 ms here (35 ms for 19 MiB); 50 sign-ins at once need 350 MiB, not 1 GiB. Hashes
 * stored with other parameters carry them, and verify as before.
 */
const argon = { algorithm: "argon2id", memoryCost: 7168, timeCost: 5 } as const;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, argon);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash).catch(() => false);
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken(16));
  return dummyHash;
}
