/** The first and last name fields of the plain (no-JS) forms, side by side on wide screens. */
import { type FormErrors, TextField } from "./PlainForm";

/** First and last name in `form`; `optional` says so in their labels (sign-up asks for neither). */
export function NameFields(props: { form: string; values: { firstName?: string; lastName?: string }; errors: FormErrors; optional?: boolean }) {
  const suffix = props.optional ? " (optional)" : "";
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <TextField
        form={props.form}
        name="firstName"
        label={`First name${suffix}`}
        value={props.values.firstName}
        error={props.errors.firstName}
        autoComplete="given-name"
        maxLength={80}
      />
      <TextField
        form={props.form}
        name="lastName"
        label={`Last name${suffix}`}
        value={props.values.lastName}
        error={props.errors.lastName}
        autoComplete="family-name"
        maxLength={80}
      />
    </div>
  );
}
