/** Account forms: one schema each, used by the server's form handlers and API validators. */
import { z } from "zod";
import { isCommonPassword, passwordMaxLength, passwordMinLength } from "../domain/password-policy";

export const emailField = z
  .string()
  .trim()
  .min(1, "E-mail is required")
  .max(200, "Please keep the e-mail under 200 characters")
  .pipe(z.email("Please enter a valid e-mail address"))
  .transform((e) => e.toLowerCase());

/** A new password: length checked without trimming or truncating, and common passwords refused. */
export const newPasswordField = z
  .string()
  .min(passwordMinLength, `Use at least ${passwordMinLength} characters`)
  .max(passwordMaxLength, `Use at most ${passwordMaxLength} characters`)
  .refine((p) => !isCommonPassword(p), "This password is too common. Please choose another one.");

const nameField = z.string().trim().max(80, "Please keep names under 80 characters");

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Password is required").max(passwordMaxLength, `Use at most ${passwordMaxLength} characters`),
});

export const signUpSchema = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: nameField.default(""),
  lastName: nameField.default(""),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  token: z.string().min(20, "This reset link is not valid").max(200, "This reset link is not valid"),
  password: newPasswordField,
});

export const profileSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  currentPassword: z.string().max(passwordMaxLength).default(""),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().max(passwordMaxLength).default(""),
  newPassword: newPasswordField,
});

export const deleteAccountSchema = z.object({
  currentPassword: z.string().max(passwordMaxLength).default(""),
  // A phone capitalises the first letter and may add a space: "Delete " is the same word.
  confirm: z.string("Type DELETE to confirm").trim().toUpperCase().pipe(z.literal("DELETE", "Type DELETE to confirm")),
});
