/** One user's card in the list: who they are, their standing and referral figures, and the actions. */
import type { MouseEvent } from "react";
import { formatInstantDate } from "../../../domain/format";
import { type AdminUserView, adminUserName } from "../../../shared/admin-users";
import { useMoney } from "../parts/money";

export type UserCardProps = {
  user: AdminUserView;
  timeZone: string;
  reinstating: boolean;
  onDetails: (e: MouseEvent<HTMLButtonElement>) => void;
  onSuspend: (e: MouseEvent<HTMLButtonElement>) => void;
  onReinstate: () => void;
};

export function UserCard({ user, timeZone, reinstating, onDetails, onSuspend, onReinstate }: UserCardProps) {
  const money = useMoney();
  const name = adminUserName(user);
  const headingId = `user-${user.id}`;
  return (
    <article className="card border border-base-300 bg-base-100" aria-labelledby={headingId} data-testid="user-card">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold break-words">
              {name}
            </h2>
            <p className="text-sm break-all text-base-content/80">{user.email}</p>
          </div>
          <div className="flex flex-wrap gap-1">
            {user.suspendedAt && <span className="badge badge-error">Suspended</span>}
            <span className={user.isNewCustomer ? "badge badge-primary" : "badge badge-outline"}>
              {user.isNewCustomer ? "New Customer" : "Returning Customer"}
            </span>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/80">Referral code</dt>
          <dd className="font-mono break-all">{user.referralCode ?? "None yet"}</dd>
          <dt className="text-base-content/80">Referral earnings</dt>
          <dd>{money(user.referralEarnings)}</dd>
          <dt className="text-base-content/80">Joined</dt>
          <dd>{formatInstantDate(user.createdAt, timeZone)}</dd>
        </dl>
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-sm btn-outline" aria-haspopup="dialog" onClick={onDetails}>
            Details<span className="sr-only">{` of ${name}`}</span>
          </button>
          {user.suspendedAt ? (
            <button type="button" className="btn btn-sm btn-success" disabled={reinstating} onClick={onReinstate}>
              {reinstating ? "Reinstating..." : "Reinstate"}
              <span className="sr-only">{` ${name}`}</span>
            </button>
          ) : (
            <button type="button" className="btn btn-sm btn-error btn-outline" aria-haspopup="dialog" onClick={onSuspend}>
              Suspend<span className="sr-only">{` ${name}`}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
