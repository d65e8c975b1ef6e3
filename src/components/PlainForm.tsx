/**
 * Server-rendered forms that work with JavaScript off: a field with its label and the error under
 * it, a submit button with a pending label (form-pending.ts), a form-level notice, and a card
 * holding one form.
 */
import type { ReactNode } from "react";
import { InputField } from "./FormField";

export type FormErrors = Record<string, string | undefined>;

export function TextField(props: {
  form: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  /** What the field shows; a password field shows one only where its form passes it (sign-up, re-rendered). */
  value?: string;
  error?: string;
  hint?: string;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
}) {
  const id = `${props.form}-${props.name}`;
  return (
    <InputField
      id={id}
      label={props.label}
      error={props.error}
      hint={props.hint}
      name={props.name}
      type={props.type ?? "text"}
      defaultValue={props.value}
      autoComplete={props.autoComplete}
      required={props.required}
      maxLength={props.maxLength}
    />
  );
}

export function SubmitButton({ label, pendingLabel, className = "btn btn-primary w-full" }: { label: string; pendingLabel: string; className?: string }) {
  return (
    <button type="submit" className={className} data-pending-label={pendingLabel}>
      {label}
    </button>
  );
}

/**
 * A notice about a whole form, announced as an alert (error) or a status. `announce={false}` for a
 * notice something else has announced already (a toast), so it is not read out twice.
 */
export function FormNotice({
  tone,
  title,
  announce = true,
  children,
}: {
  tone: "error" | "success" | "info";
  title?: string;
  announce?: boolean;
  children: ReactNode;
}) {
  const role = tone === "error" ? "alert" : "status";
  return (
    <div role={announce ? role : undefined} className={`alert alert-${tone} mb-4`}>
      <div>
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}

/** One posted form in a card: its heading, its fields, and its submit button at the right. */
export function FormCard({
  id,
  action,
  title,
  danger = false,
  submit,
  children,
}: {
  /** Names the heading (`{id}-title`). */
  id: string;
  action: string;
  title: string;
  /** A red border, for a form that deletes. */
  danger?: boolean;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={`card border ${danger ? "border-error" : "border-base-300"} bg-base-100`}>
      <form method="post" action={action} data-pending noValidate className="card-body">
        <h2 id={`${id}-title`} className="card-title">
          {title}
        </h2>
        {children}
        <div className="card-actions justify-end pt-2">{submit}</div>
      </form>
    </section>
  );
}
