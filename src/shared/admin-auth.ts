/**
 * Admin sign-in: one schema for the portal's login island and `POST /api/admin/login`, written with
 * zod/mini so the island stays small. Usernames are the ones `pi-site admin create` accepts.
 */
import type { AdminRole } from "../domain/admin-roles";
import { signInCodeField } from "./admin-totp";
import { z } from "./zod-mini";

export const adminUsernamePattern = /^[a-z0-9][a-z0-9._-]{1,39}$/;

export const adminLoginSchema = z.object({
  username: z.string("Username is required").check(z.trim(), z.minLength(1, "Username is required"), z.maxLength(100, "Username is too long")),
  password: z.string("Password is required").check(z.minLength(1, "Password is required"), z.maxLength(128, "Password is too long")),
  /** The 6-digit code of an authenticator app (or a recovery code), for admins who turned on two-factor sign-in. */
  code: z.optional(signInCodeField),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** The answer to a successful sign-in; the token itself travels only in the HttpOnly admin cookie. */
export type AdminLoginResponse = { username: string; role: AdminRole };

/** GET /api/admin/me: who is signed in, their role, whether they sign in with a code too and how many recovery codes are left. */
export type AdminMe = { username: string; role: AdminRole; totpEnabled: boolean; recoveryCodesLeft: number };

/** POST /api/admin/reauth: the password again, and the code when two-factor sign-in is on. */
export const adminReauthSchema = z.object({
  password: z.string("Password is required").check(z.minLength(1, "Password is required"), z.maxLength(128, "Password is too long")),
  code: z.optional(signInCodeField),
});
export type AdminReauthInput = z.infer<typeof adminReauthSchema>;

/** The answer of POST /api/admin/reauth: until when sensitive changes are allowed on this token (ISO time). */
export type AdminReauthResponse = { reauthenticatedUntil: string };
