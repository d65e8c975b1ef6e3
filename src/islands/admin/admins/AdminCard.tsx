/** One admin on the admins page: role, two-factor, sign-ins, last active, and the actions on an admin (the role also on oneself). */
import type { MouseEvent } from "react";
import { formatInstant, formatInstantDate } from "../../../domain/format";
import { type AdminRole, adminRoleLabels } from "../../../domain/admin-roles";
import type { AdminAccountView } from "../../../shared/admin-admins";

export type AdminCardProps = {
  admin: AdminAccountView;
  timeZone: string;
  revoking: boolean;
  onRevoke: () => void;
  /** Set while this admin's role is being changed. */
  changingRole: boolean;
  onRole: (role: AdminRole) => void;
  onRemove: (e: MouseEvent<HTMLButtonElement>) => void;
};

const signIns = (n: number) => (n === 0 ? "Not signed in" : n === 1 ? "Signed in on 1 browser" : `Signed in on ${n} browsers`);

export function AdminCard({ admin, timeZone, revoking, onRevoke, changingRole, onRole, onRemove }: AdminCardProps) {
  const other: AdminRole = admin.role === "owner" ? "staff" : "owner";
  const headingId = `admin-${admin.id}`;
  return (
    <li className="card border border-base-300 bg-base-100" aria-labelledby={headingId} data-testid="admin-card">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold break-all">
            {admin.username}
          </h3>
          <div className="flex flex-wrap gap-1">
            {admin.you && <span className="badge badge-primary">You</span>}
            <span className={admin.role === "owner" ? "badge badge-neutral" : "badge badge-outline"} data-testid="admin-role">
              {adminRoleLabels[admin.role]}
            </span>
            <span className={admin.twoFactor ? "badge badge-success" : "badge badge-ghost"}>{admin.twoFactor ? "Two-factor on" : "Two-factor off"}</span>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/80">Added</dt>
          <dd>{formatInstantDate(admin.createdAt, timeZone)}</dd>
          <dt className="text-base-content/80">Sign-ins</dt>
          <dd data-testid="admin-sessions">{signIns(admin.sessions)}</dd>
          <dt className="text-base-content/80">Last active</dt>
          <dd>{admin.lastActiveAt ? formatInstant(admin.lastActiveAt, timeZone) : "—"}</dd>
        </dl>
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-sm btn-outline" disabled={changingRole} onClick={() => onRole(other)}>
            {changingRole ? "Changing..." : other === "owner" ? "Make owner" : "Make staff"}
            <span className="sr-only">{` ${admin.username}`}</span>
          </button>
          {admin.you ? (
            <a href="/admin/account" className="link text-sm">
              Change your password on Your account
            </a>
          ) : (
            <>
              <button type="button" className="btn btn-sm btn-outline" disabled={revoking} onClick={onRevoke}>
                {revoking ? "Ending..." : "End sign-ins"}
                <span className="sr-only">{` of ${admin.username}`}</span>
              </button>
              <button type="button" className="btn btn-sm btn-error btn-outline" aria-haspopup="dialog" onClick={onRemove}>
                Remove<span className="sr-only">{` ${admin.username}`}</span>
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
