/**
 * The portal's admins page (`/api/admin/admins…`) and the own-password form of "Your account": the
 * payloads, the shapes the API answers and the messages both sides show. zod/mini, so the islands
 * share the same rules as the server and `pi-site admin create` (docs/product.md#admin-accounts).
 */
import { type AdminRole, adminRoles } from "../domain/admin-roles";
import { isCommonPassword, passwordMaxLength, passwordMinLength } from "../domain/password-policy";
import { adminUsernamePattern } from "./admin-auth";
import { z } from "./zod-mini";

export const adminAccountMessages = {
  usernameRule: "Usernames are 2 to 40 characters: lowercase letters, digits, '.', '_' or '-', starting with a letter or digit.",
  usernameTaken: "That username is taken.",
  passwordRequired: "Password is required",
  passwordTooShort: `Use at least ${passwordMinLength} characters`,
  passwordTooLong: `Use at most ${passwordMaxLength} characters`,
  passwordCommon: "This password is too common. Please choose another one.",
  currentRequired: "Enter your current password",
  wrongCurrent: "That password is not right.",
  lastAdmin: "The last admin cannot be removed.",
  lastOwner: "The business needs an owner: make another admin an owner first.",
  roleRequired: "Choose owner or staff",
  removeSelf: "You cannot remove yourself: ask another admin to do it.",
  ownSessions: "These are your own sign-ins: use Logout to end this one.",
  unknown: "There is no such admin.",
};

/** A new admin password: the site's password policy (10 to 128 characters, not a common one). */
export const adminNewPasswordField = z.string(adminAccountMessages.passwordRequired).check(
  z.minLength(passwordMinLength, adminAccountMessages.passwordTooShort),
  z.maxLength(passwordMaxLength, adminAccountMessages.passwordTooLong),
  z.refine((p) => !isCommonPassword(p), adminAccountMessages.passwordCommon),
);

/** POST /api/admin/admins: the username is trimmed and lowercased, as `pi-site admin create` does. */
export const adminRoleField = z.enum(adminRoles, adminAccountMessages.roleRequired);

export const adminCreateSchema = z.object({
  username: z.string(adminAccountMessages.usernameRule).check(z.trim(), z.toLowerCase(), z.regex(adminUsernamePattern, adminAccountMessages.usernameRule)),
  password: adminNewPasswordField,
  /** Owner when left out, as `pi-site admin create` does. */
  role: z._default(adminRoleField, "owner"),
});
export type AdminCreateInput = z.infer<typeof adminCreateSchema>;

/** PATCH /api/admin/admins/{id}: another admin's role. */
export const adminRoleChangeSchema = z.object({ role: adminRoleField });
export type AdminRoleChangeInput = z.infer<typeof adminRoleChangeSchema>;

/** POST /api/admin/account/password */
export const adminPasswordChangeSchema = z.object({
  currentPassword: z
    .string(adminAccountMessages.currentRequired)
    .check(z.minLength(1, adminAccountMessages.currentRequired), z.maxLength(passwordMaxLength, adminAccountMessages.passwordTooLong)),
  newPassword: adminNewPasswordField,
});
export type AdminPasswordChangeInput = z.infer<typeof adminPasswordChangeSchema>;

/** One admin as the admins page shows them; never a hash or a key. */
export type AdminAccountView = {
  id: number;
  username: string;
  role: AdminRole;
  createdAt: string;
  twoFactor: boolean;
  /** Tokens not yet expired: the browsers this admin is signed in on. */
  sessions: number;
  /** The latest use of any of their live tokens; null when signed in nowhere. */
  lastActiveAt: string | null;
  /** The admin asking. */
  you: boolean;
};
export type AdminAccountList = { admins: AdminAccountView[] };
/** The answers of revoke-sessions and of the own password change: how many sign-ins ended. */
export type SessionsEnded = { ended: number };
