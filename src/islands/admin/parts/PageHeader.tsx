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

/** The link back to the dashboard; `className` for the quieter pages (account, settings). */
export function BackToDashboard({ className }: { className?: string }) {
  return <HeaderLink href="/admin/dashboard" label="Back to Dashboard" className={className} />;
}

/**
 * A page's h1 and actions. `headingRef` makes the h1 focusable, for the lists that send the focus
 * back to it when a dialog closes; `actions` come before `back` (the dashboard link unless given).
 */
export function PageHeader({
  title,
  headingRef,
  actions,
  back = <BackToDashboard />,
}: {
  title: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  actions?: ReactNode;
  back?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      {headingRef ? (
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
          {title}
        </h1>
      ) : (
        <h1 className="text-2xl font-bold">{title}</h1>
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
