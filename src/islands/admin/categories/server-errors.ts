/** Puts the server's field messages of a refused category write under the form's fields. */
import { ApiError } from "../../../client/api";

export function serverFieldErrors<F extends string>(err: unknown, fields: readonly F[], set: (field: F, message: string) => void): void {
  if (!(err instanceof ApiError)) return;
  for (const [field, message] of Object.entries(err.fields ?? {})) {
    if ((fields as readonly string[]).includes(field)) set(field as F, message);
  }
}
