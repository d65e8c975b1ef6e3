/** A portal action whose page is not built yet: shown disabled with a "Coming soon" badge, as the dashboard does. */
export function ComingSoon({ label, size = "md" }: { label: string; size?: "sm" | "md" }) {
  return (
    <span className={`btn btn-disabled gap-2 ${size === "sm" ? "btn-sm" : ""}`} aria-disabled="true">
      {label}
      <span className="badge badge-xs">Coming soon</span>
    </span>
  );
}
