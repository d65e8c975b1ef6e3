/** A status as a badge, in its kind's words and colour (`shared/status-badges.ts`): admin lists, dialogs and the customer's pages. */
import { type StatusKind, type StatusOf, statusBadges, type StatusBadgeLook } from "../shared/status-badges";

export function StatusBadge<K extends StatusKind>({
  kind,
  status,
  className = "h-auto min-h-5",
  children,
  testId,
}: {
  kind: K;
  status: StatusOf<K>;
  /** Size classes; the default lets a long label wrap. */
  className?: string;
  /** Words in place of the label (a paid reward says when). */
  children?: string;
  testId?: string;
}) {
  const look = (statusBadges[kind] as Record<StatusOf<K>, StatusBadgeLook>)[status];
  return (
    <span className={["badge", className, look.colour].filter(Boolean).join(" ")} data-testid={testId}>
      {children ?? look.label}
    </span>
  );
}
