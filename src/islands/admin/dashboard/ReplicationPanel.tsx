/**
 * The continuous copy of the database (decision 078), for owners: "Copied 2 seconds ago" and where
 * to, or what is wrong; while it is off, one line saying so and where it is set up. Refreshed every
 * 10 seconds while the dashboard is open.
 */
import { useQuery } from "@tanstack/react-query";
import type { AdminReplication } from "../../../shared/admin-replication";

export const adminReplicationKey = ["/api/admin/replication"] as const;

const look = {
  ok: { border: "border-base-300", badge: "badge-success", label: "Working" },
  behind: { border: "border-error", badge: "badge-error", label: "Behind" },
  stopped: { border: "border-warning", badge: "badge-warning", label: "Not running" },
} as const;

export function ReplicationPanel() {
  const query = useQuery<AdminReplication>({ queryKey: adminReplicationKey, refetchInterval: 10_000 });
  const r = query.data;
  if (!r) return null;
  if (r.status === "off")
    return (
      <p className="text-sm text-base-content/80" data-testid="replication">
        {"Continuous copy of the database: off. Only the daily backups protect the data "}
        <span className="whitespace-nowrap">(see docs/deploy.md, "Continuous copy").</span>
      </p>
    );
  const l = look[r.status];
  return (
    <section aria-labelledby="replication-title" className={`card border ${l.border} bg-base-100`} data-testid="replication" data-status={r.status}>
      <div className="card-body gap-1 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="replication-title" className="font-semibold">
            Continuous copy of the database
          </h2>
          <span className={`badge ${l.badge}`}>{l.label}</span>
        </div>
        <p role={r.status === "ok" ? undefined : "alert"}>{r.text}</p>
        {r.problem && <p className="break-words text-sm text-error">{r.problem}</p>}
        <p className="break-all text-sm text-base-content/80">{`To ${r.replica}`}</p>
      </div>
    </section>
  );
}
