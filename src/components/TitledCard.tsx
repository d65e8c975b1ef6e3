/** A card section labelled by its heading: the dashboard's panels, an order's parts, the contact and booking cards. */
import type { ReactNode } from "react";

export function TitledCard({
  id,
  title,
  titleClassName = "card-title",
  className = "",
  children,
}: {
  /** Names the heading (`{id}-title`). */
  id: string;
  title: ReactNode;
  titleClassName?: string;
  /** Extra classes for the card (a grid span). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={`card border border-base-300 bg-base-100 ${className}`.trim()}>
      <div className="card-body">
        <h2 id={`${id}-title`} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
