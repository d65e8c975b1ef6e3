/**
 * Two-factor sign-in (TOTP) for admins: the code field shared by the login and the portal's
 * account page, the set-up, confirm and turn-off payloads, and the messages both sides show.
 * zod/mini, as every schema an island imports.
 */
import { z } from "./zod-mini";

export const totpMessages = {
  /** The login's answer to a right password without a code, and the code field's own message. */
  codeRequired: "Enter the 6-digit code from your authenticator app",
  wrongCode: "That code is not right. Enter the code your app shows now.",
  /** A code at sign-in, re-check or turn-off that is neither the app's current code nor an unused recovery code. */
  wrongOrUsedCode: "That code is wrong or already used.",
  /** A code at sign-in when the two-factor key cannot be read: the data directory's secret.key is not the one it was set up with. */
  keyMissing:
    "This server cannot check app codes: its secret.key is not the one two-factor sign-in was set up with (was the site restored without it?). Use one of your recovery codes, or ask an owner to run pi-site admin disable-totp with your username on the server.",
  /** The code field of sign-in, re-check and turn-off, which also takes a recovery code. */
  signInCodeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  notOnForRecovery: "Recovery codes come with two-factor sign-in: turn it on first.",
  wrongPassword: "That password is not right.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
  noSetup: "Start the set-up again: no key is waiting to be confirmed.",
};

/** A code from an authenticator app: spaces ignored (apps show "123 456"), then exactly 6 digits. */
export const totpCodeField = z.string(totpMessages.codeRequired).check(
  z.overwrite((code) => code.replace(/\s+/g, "")),
  z.regex(/^\d{6}$/, totpMessages.codeRequired),
);

/** How many one-time recovery codes set-up (and each renewal) gives. */
export const recoveryCodeCount = 10;

/**
 * A recovery code as typed: case, spaces and dashes ignored, and the letters people mistake for
 * digits (i, l, o) read as the digits (Crockford's base32), so `ABCD-EFGH-JK0M` is `abcdefghjk0m`.
 */
export function normalizeRecoveryCode(code: string): string {
  return code
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/[il]/g, "1")
    .replace(/o/g, "0");
}

/** A normalized recovery code: 12 characters of Crockford's base32 (60 random bits). */
export const recoveryCodePattern = /^[0-9a-hjkmnp-tv-z]{12}$/;

/**
 * The code of sign-in, re-check and turn-off: the authenticator app's 6 digits, or one of the
 * recovery codes (normalized). Which one it is shows in its form.
 */
export const signInCodeField = z.string(totpMessages.signInCodeRequired).check(
  z.overwrite((code) => {
    const digits = code.replace(/\s+/g, "");
    return /^\d{6}$/.test(digits) ? digits : normalizeRecoveryCode(code);
  }),
  z.refine((code) => /^\d{6}$/.test(code) || recoveryCodePattern.test(code), totpMessages.signInCodeRequired),
);

/** POST /api/admin/totp/confirm */
export const totpConfirmSchema = z.object({ code: totpCodeField });
export type TotpConfirmInput = z.infer<typeof totpConfirmSchema>;

/** POST /api/admin/totp/disable: the password and a fresh code (or a recovery code), both. */
export const totpDisableSchema = z.object({
  password: z.string("Password is required").check(z.minLength(1, "Password is required"), z.maxLength(128, "Password is too long")),
  code: signInCodeField,
});
export type TotpDisableInput = z.infer<typeof totpDisableSchema>;

/** The answer of POST /api/admin/totp/setup: the only time the key leaves the server. */
export type TotpSetup = { secret: string; uri: string };

/** The answer of POST /api/admin/totp/confirm and POST /api/admin/recovery-codes: the codes, shown this once. */
export type RecoveryCodes = { recoveryCodes: string[] };
