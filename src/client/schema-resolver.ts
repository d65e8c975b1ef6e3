/**
 * A react-hook-form resolver for any Standard Schema (zod and zod/mini both are): the form's
 * values go through the shared schema, and the first message per field shows under the field.
 * Small on purpose: it keeps a general-purpose resolver library out of the islands' bundles.
 */
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

type StandardSchema<Out> = {
  "~standard": {
    validate(
      value: unknown,
    ):
      | { value: Out; issues?: undefined }
      | { issues: readonly { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] }[] }
      | Promise<unknown>;
  };
};

export function schemaResolver<In extends FieldValues, Out>(schema: StandardSchema<Out>): Resolver<In, unknown, Out> {
  return (values) => {
    const result = schema["~standard"].validate(values) as
      | { value: Out; issues?: undefined }
      | { issues: readonly { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] }[] };
    if (!result.issues) return { values: result.value, errors: {} } as never;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.issues) {
      const key = (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".") || "root";
      errors[key] ??= { type: "validation", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<In> } as never;
  };
}
