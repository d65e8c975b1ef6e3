/**
 * Server-rendered forms that work with JavaScript off: a field with its label and the error under
 * it, a submit button with a pending label (form-pending.ts), and a form-level notice.
 */
import type { ReactNode } from "react";
import { errorProps, FormField } from "./FormField";

export type FormErrors = Record<string, string | undefined>;

export function TextField(props: {
  form: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  value?: string;
  error?: string;
  hint?: string;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
}) {
  const id = `${props.form}-${props.name}`;
  return (
    <FormField id={id} label={props.label} error={props.error} hint={props.hint}>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.type === "password" ? undefined : props.value}
        autoComplete={props.autoComplete}
        required={props.required}
        maxLength={props.maxLength}
        className="input w-full"
        {...errorProps(id, props.error)}
      />
    </FormField>
  );
}

export function SubmitButton({ label, pendingLabel, className = "btn btn-primary w-full" }: { label: string; pendingLabel: string; className?: string }) {
  return (
    <button type="submit" className={className} data-pending-label={pendingLabel}>
      {label}
    </button>
  );
}

export function FormNotice({ tone, title, children }: { tone: "error" | "success" | "info"; title?: string; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`alert alert-${tone} mb-4`}>
      <div>
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
