/**
 * The booking record's payment: its status, how and when it was paid (and by whom when an admin
 * marked it paid), and "Mark paid" for money that arrived outside the site, asked to be confirmed
 * first, with a pending state while it is sent. A booking paid by a plan shows its instalments as
 * the customer sees them, with "Mark paid" on the next one owed (its open request is settled, or a
 * payment of its amount recorded).
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { toast } from "../../../client/toast-store";
import { StatusBadge } from "../../../components/StatusBadge";
import { bookingMayBePaid, bookingPaymentLabel } from "../../../domain/booking-payment";
import { formatInstant } from "../../../domain/format";
import { PlanTable } from "../../payment-dialog/PlanTable";
import { nextInstalment } from "../../payment-dialog/plan-text";
import { useBookingMoney } from "./booking-money";
import type { AdminBookingRow } from "../../../shared/admin-bookings";
import { adminPaymentMethodLabels } from "../../../shared/admin-payments";
import { RecordSection, StepActions } from "../parts/record-parts";
import { toastFailure } from "../parts/toast-failure";

type Props = { booking: AdminBookingRow; timeZone: string; sectionId: string; onMarked: (row: AdminBookingRow) => void; onRefused: () => void };

/** "Marked paid by owner on 25 Nov 2026, 4:10 pm (cash deposit, PAY-…)" or "Paid with PayPal on …". */
export function paymentSentence(p: AdminBookingRow["payment"], timeZone: string): string {
  const how = p.method ? (adminPaymentMethodLabels[p.method] ?? p.method) : null;
  const ref = p.referenceCode ? `reference ${p.referenceCode}` : null;
  if (p.status === "paid") {
    const when = p.paidAt ? ` on ${formatInstant(p.paidAt, timeZone)}` : "";
    const details = [p.markedPaidBy && how && p.method !== "manual" ? how.toLowerCase() : null, ref].filter(Boolean).join(", ");
    const lead = p.markedPaidBy ? `Marked paid by ${p.markedPaidBy}${when}` : `Paid${how ? ` with ${how}` : ""}${when}`;
    // With a plan, the payment named is the last of its instalments.
    const all = p.instalments ? `All ${p.instalments.of} instalments paid; the last: ` : "";
    return `${all}${all ? lead.charAt(0).toLowerCase() + lead.slice(1) : lead}${details ? ` (${details})` : ""}.`;
  }
  if (p.status === "review") return `A PayPal payment (${ref ?? "no reference"}) is under review: check it on the payments page.`;
  if (p.status === "awaiting") return `Awaiting payment: the customer asked for ${how?.toLowerCase() ?? "a way to pay"}${ref ? ` (${ref})` : ""}.`;
  if (p.instalments) return "The next instalment has not been asked for yet.";
  return "No payment recorded yet.";
}

export function BookingPaymentSection({ booking: b, timeZone, sectionId, onMarked, onRefused }: Props) {
  const [asking, setAsking] = useState(false);
  const money = useBookingMoney();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
  }, [asking]);

  const canMark = bookingMayBePaid(b.status, b.payment.status);
  const plan = b.plan;
  const owed = plan && canMark ? nextInstalment(plan) : null;
  const mark = useMutation({
    // With a plan, the instalment the button stood on: a second click (or another tab) is then refused
    // rather than marking the one after it paid too.
    mutationFn: () => adminRequest<AdminBookingRow>("POST", `/api/admin/bookings/${encodeURIComponent(b.id)}/paid${owed ? `?instalment=${owed.number}` : ""}`),
    onSuccess: (row) => {
      setAsking(false);
      // With a plan, what was marked is the instalment the button stood on.
      const title = owed && plan ? `Instalment ${owed.number} of ${plan.count} marked paid` : "Booking marked paid";
      toast({ title, description: `${money(owed ? owed.amount : row.servicePrice, row)} recorded as received.`, variant: "success" });
      onMarked(row);
      // The buttons are gone: focus stays in the dialog, on the section that now says it is paid.
      heading.current?.focus();
    },
    onError: (err) => {
      setAsking(false);
      heading.current?.focus();
      toastFailure("Booking not marked paid", err);
      onRefused();
    },
  });

  return (
    <RecordSection id={sectionId} title="Payment" headingRef={heading}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge kind="bookingPayment" status={b.payment.status} testId="booking-payment-status">
          {bookingPaymentLabel(b.payment)}
        </StatusBadge>
        <span data-testid="booking-payment-text">{paymentSentence(b.payment, timeZone)}</span>
      </p>
      {plan && (
        <div className="overflow-x-auto">
          <PlanTable
            plan={plan}
            timeZone={timeZone}
            caption={`Payment plan: ${money(plan.total, b)} in ${plan.count} payments, every ${plan.intervalDays} days`}
            action={(i) =>
              owed?.number === i.number && !asking ? (
                <button
                  type="button"
                  className="btn btn-xs btn-outline"
                  aria-label={`Mark paid: instalment ${i.number} of ${plan.count}`}
                  onClick={() => setAsking(true)}
                >
                  Mark paid
                </button>
              ) : null
            }
          />
        </div>
      )}
      {canMark && !plan && !asking && (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setAsking(true)}>
          Mark paid
        </button>
      )}
      {canMark && asking && (
        <fieldset className="space-y-2 rounded-box border border-base-300 p-3">
          <legend className="sr-only">Confirm: mark paid</legend>
          <p>
            {owed && plan
              ? `Mark instalment ${owed.number} of ${plan.count} paid? Record ${money(owed.amount, b)} as received (bank transfer, crypto or cash). This is kept in the audit log.`
              : `Mark this booking paid? Record ${money(b.servicePrice, b)} as received (bank transfer, crypto or cash). This is kept in the audit log.`}
          </p>
          <StepActions backLabel="Go back" backDisabled={mark.isPending} onBack={() => setAsking(false)}>
            <button
              ref={confirmButton}
              type="button"
              className="btn btn-sm btn-primary"
              disabled={mark.isPending}
              aria-busy={mark.isPending}
              onClick={() => mark.mutate()}
            >
              {mark.isPending ? "Marking paid..." : "Yes, mark paid"}
            </button>
          </StepActions>
        </fieldset>
      )}
    </RecordSection>
  );
}
