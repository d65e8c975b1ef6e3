/** A labelled form control with its hint and error message under it, wired for screen readers. */
import type { ComponentProps, ReactNode } from "react";

export function FormField({
  id,
  label,
  error,
  hint,
  hintStays = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The hint is help the control always needs (a setting's, a price's unit): it stays beside an error. */
  hintStays?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children}
      {hint && (hintStays || !error) && (
        <p id={`${id}-hint`} className="label whitespace-normal">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A FormField holding one <input>, wired to its error: `input` props (and a form library's `register`) go to the input. */
export function InputField({
  id,
  label,
  error,
  hint,
  className = "input w-full",
  ...input
}: { id: string; label: string; error?: string; hint?: string } & Omit<ComponentProps<"input">, "id">) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input id={id} className={className} {...errorProps(id, error)} {...input} />
    </FormField>
  );
}

/** Props that connect a control to its error text. */
export function errorProps(id: string, error?: string) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** Props that connect a control to the hint that stays under it (`hintStays`) and, when there is one, its error. */
export function hintAndErrorProps(id: string, error: string | undefined) {
  return { "aria-describedby": error ? `${id}-hint ${id}-error` : `${id}-hint`, ...(error ? { "aria-invalid": true as const } : {}) };
}
