/**
 * "Hours of surveillance" for a package booked by the hour (decision 070), in the booking island
 * (controlled: `inputProps` carry its value and onChange) and in the plain form (`defaultValue`).
 */
import type { InputHTMLAttributes } from "react";
import { FormField } from "./FormField";

export function HoursField({
  id,
  minimumHours,
  error,
  inputProps,
}: {
  id: string;
  minimumHours: number;
  error?: string;
  /** The field's id, name, value or default value, handlers and error attributes, as each form wires them. */
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <FormField id={id} label={`Hours of surveillance (at least ${minimumHours})`} error={error}>
      <input className="input w-full" type="number" inputMode="numeric" min={minimumHours} max={24} step={1} {...inputProps} />
    </FormField>
  );
}
