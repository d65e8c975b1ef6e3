/**
 * One-time recovery codes for admins with two-factor sign-in (decision 039): 12 characters of
 * Crockford's base32 from the CSPRNG (60 bits), shown as `abcd-efgh-jkmn`. The database keeps only
 * the SHA-256 of the normalized code: 60 random bits are far beyond an offline search, and a
 * sign-in tries at most a few codes before the limit, so a slow hash would buy nothing.
 */
import { normalizeRecoveryCode, recoveryCodeCount } from "../../shared/admin-totp";
import { hashToken } from "./crypto.server";

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";

/** One new code, grouped in fours for reading aloud or typing. */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const chars = [...bytes].map((b) => alphabet[b & 31]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((g) => g.join("")).join("-");
}

/** The hash the database keeps for a code as typed (any case, dashes or spaces). */
export function recoveryCodeHash(code: string): string {
  return hashToken(`recovery:${normalizeRecoveryCode(code)}`);
}

/** A new set of codes (to show once) and their hashes (to store). */
export function newRecoveryCodes(count = recoveryCodeCount): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
