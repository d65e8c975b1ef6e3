/**
 * The server's field messages of a refused write, put under the form's own fields, so a message
 * the client-side schema could not know (a taken username, a wrong current password) shows where
 * the admin types.
 */
import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from "react-hook-form";
import { ApiError } from "../../../client/api";

/** Calls `set` with each of the server's messages that belongs to one of `fields`. */
export function serverFieldErrors<F extends string>(err: unknown, fields: readonly F[], set: (field: F, message: string) => void): void {
  if (!(err instanceof ApiError)) return;
  for (const [field, message] of Object.entries(err.fields ?? {})) {
    if ((fields as readonly string[]).includes(field)) set(field as F, message);
  }
}

/**
 * Shows the server's messages for `fields` under them and focuses the first in `fields` order;
 * false when the server named none of them (the caller then tells the failure another way).
 */
export function showServerFieldErrors<V extends FieldValues>(
  err: unknown,
  fields: readonly Path<V>[],
  setError: UseFormSetError<V>,
  setFocus: UseFormSetFocus<V>,
): boolean {
  const messages = err instanceof ApiError ? err.fields : undefined;
  const named = fields.filter((field) => messages?.[field]);
  if (!messages || named.length === 0) return false;
  for (const field of named) setError(field, { type: "server", message: messages[field] });
  setFocus(named[0] as Path<V>);
  return true;
}
