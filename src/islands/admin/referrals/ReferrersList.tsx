/**
 * The page of referrers: a table from the `md` breakpoint, a card per referrer below it (readable
 * at 360 px). Each name is a button that opens the referrer's rewards.
 */
import type { AdminReferrerRow, RewardTally } from "../../../shared/admin-referrals";
import { DialogButton } from "../parts/DialogButton";
import { ResponsiveList } from "../parts/ResponsiveList";
import { useMoney } from "../parts/money";

export type OpenReferrer = (referrer: AdminReferrerRow, trigger: HTMLButtonElement) => void;

function OpenButton({ referrer, onOpen, className }: { referrer: AdminReferrerRow; onOpen: OpenReferrer; className: string }) {
  return (
    <DialogButton className={className} label={`Rewards of ${referrer.name}`} onOpen={(trigger) => onOpen(referrer, trigger)}>
      {referrer.name}
    </DialogButton>
  );
}

const tally = (t: RewardTally, money: (amount: string | number) => string) => `${money(t.amount)} (${t.count})`;

export function ReferrersList({ rows, onOpen }: { rows: AdminReferrerRow[]; onOpen: OpenReferrer }) {
  const money = useMoney();
  return (
    <ResponsiveList
      label="Referrers"
      columns={["Referrer", "Code", "Referred", "Pending", "Paid", "Void"]}
      rows={rows}
      rowKey={(r) => r.userId}
      rowTestId="referrer-row"
      cardTestId="referrer-card"
      row={(r) => (
        <>
          <th scope="row">
            <span className="flex flex-col items-start">
              <OpenButton referrer={r} onOpen={onOpen} className="link link-primary text-left" />
              <span className="text-xs font-normal break-all text-base-content/80">{r.email}</span>
            </span>
          </th>
          <td className="font-mono whitespace-nowrap">{r.referralCode ?? "—"}</td>
          <td>{r.referredCount}</td>
          <td className="whitespace-nowrap font-semibold">{tally(r.pending, money)}</td>
          <td className="whitespace-nowrap">{tally(r.paid, money)}</td>
          <td className="whitespace-nowrap">{tally(r.void, money)}</td>
        </>
      )}
      card={(r) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <OpenButton referrer={r} onOpen={onOpen} className="btn btn-sm btn-outline max-w-full" />
            <span className="font-semibold">{`${money(r.pending.amount)} pending`}</span>
          </div>
          <p className="text-xs break-all text-base-content/80">{r.email}</p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/80">Referred</dt>
            <dd>{r.referredCount}</dd>
            <dt className="text-base-content/80">Paid</dt>
            <dd>{tally(r.paid, money)}</dd>
            <dt className="text-base-content/80">Void</dt>
            <dd>{tally(r.void, money)}</dd>
          </dl>
        </>
      )}
    />
  );
}
