/** A reward's status badge, in the list's tallies and the referrer's dialog. */
import { type ReferralStatus, referralStatusLabels } from "../../../domain/referral";

const colours: Record<ReferralStatus, string> = {
  pending: "badge-warning",
  paid: "badge-success",
  void: "badge-neutral",
};

export function RewardBadge({ status }: { status: ReferralStatus }) {
  return <span className={`badge h-auto min-h-5 ${colours[status]}`}>{referralStatusLabels[status]}</span>;
}
