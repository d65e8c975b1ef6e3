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

/** POST /api/admin/totp/confirm */
export const totpConfirmSchema = z.object({ code: totpCodeField });
export type TotpConfirmInput = z.infer<typeof totpConfirmSchema>;

/** POST /api/admin/totp/disable: the password and a fresh code, both. */
export const totpDisableSchema = z.object({
  password: z.string("Password is required").check(z.minLength(1, "Password is required"), z.maxLength(128, "Password is too long")),
  code: totpCodeField,
});
export type TotpDisableInput = z.infer<typeof totpDisableSchema>;

/** The answer of POST /api/admin/totp/setup: the only time the key leaves the server. */
export type TotpSetup = { secret: string; uri: string };
