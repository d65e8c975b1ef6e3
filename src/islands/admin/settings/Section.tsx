/** A group of settings under its heading, a card with a two-column grid of fields. */
import type { ReactNode } from "react";

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
