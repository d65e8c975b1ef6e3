/**
 * The title row of a portal page: its h1, then its links and buttons with the way back last, so
 * every screen puts "Back to Dashboard" in the same place.
 */
import type { ReactNode, RefObject } from "react";

/** A link in a page's title row, drawn as a button. */
export function HeaderLink({ href, label, className = "btn btn-outline" }: { href: string; label: string; className?: string }) {
  return (
    <a href={href} className={className}>
      {label}
    </a>
  );
}

/** The link back to the dashboard: one look on every page. */
export function BackToDashboard() {
  return <HeaderLink href="/admin/dashboard" label="Back to Dashboard" />;
}

/**
 * A page's h1 and actions. `headingRef` makes the h1 focusable, for the lists that send the focus
 * back to it when a dialog closes; `actions` come before `back` (the dashboard link unless given);
 * `description`, a line under the title saying what the page is for.
 */
export function PageHeader({
  title,
  headingRef,
  actions,
  description,
  back = <BackToDashboard />,
}: {
  title: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  actions?: ReactNode;
  description?: ReactNode;
  back?: ReactNode;
}) {
  const heading = headingRef ? (
    <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
      {title}
    </h1>
  ) : (
    <h1 className="text-2xl font-bold">{title}</h1>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      {description ? (
        <div>
          {heading}
          <p className="text-base-content/80">{description}</p>
        </div>
      ) : (
        heading
      )}
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {actions}
          {back}
        </div>
      ) : (
        back
      )}
    </div>
  );
}
