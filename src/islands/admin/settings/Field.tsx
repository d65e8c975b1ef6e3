/** One labelled setting: its control, its help text always under it, and its error (the form's or the server's). */
import type { ReactNode } from "react";

/** The attributes that tie a control to its help text and, when there is one, its error. */
export function described(id: string, error: string | undefined, hint = true) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { ...(ids ? { "aria-describedby": ids } : {}), ...(error ? { "aria-invalid": true as const } : {}) };
}

export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children}
      {hint && (
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

/** A group of settings under its heading. */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="card-title">
          {title}
        </h2>
        {intro && <p className="text-sm text-base-content/80">{intro}</p>}
        <div className="grid gap-x-4 sm:grid-cols-2">{children}</div>
      </div>
    </section>
  );
}
