/** Cash: the deposit process, and Request Cash Deposit Locations (recorded and e-mailed). */
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { toast } from "../../client/toast-store";
import { formatMoney } from "../../domain/format";
import { paymentMessages, type PaymentEmailValues, type PaymentRequestResult } from "../../shared/payment";
import type { ServiceOffer } from "../../domain/payment";
import { instalmentLead } from "./InstructionsPanel";
import { RequestForm } from "./RequestForm";
import { paymentOfText } from "./plan-text";
import type { PaymentTarget, PlanPart } from "./types";

export function CashPanel({
  service,
  target,
  part,
  accountEmail,
  emailForm,
}: {
  /** What is paid now: the booking or service, or a plan's instalment. */
  service: ServiceOffer;
  target: PaymentTarget;
  /** The instalment of a plan this pays, if it does. */
  part: PlanPart | null;
  accountEmail: string | null;
  emailForm: UseFormReturn<PaymentEmailValues>;
}) {
  const [requested, setRequested] = useState<PaymentRequestResult | null>(null);
  const steps = [
    "Request deposit locations with the button below.",
    "Receive the locations by encrypted e-mail within 30 minutes.",
    `Deposit exactly ${formatMoney(service.amountDue, service.currency)} in cash${part ? ` (${paymentOfText(part).toLowerCase()})` : ""}.`,
    "Write your reference code on the deposit slip.",
    "Your service starts once we confirm the deposit.",
  ];
  return (
    <div className="space-y-4">
      <p>Pay in cash at a bank deposit location near you. No card or account needed.</p>
      <ol className="list-inside list-decimal space-y-1 text-sm">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {requested ? (
        <div role="status" className="alert alert-success">
          <p>
            {`${instalmentLead(requested)}Request received. Deposit locations will be e-mailed to ${requested.email} within 30 minutes. Your reference code is `}
            <strong className="font-mono">{requested.referenceCode}</strong>.
          </p>
        </div>
      ) : (
        <RequestForm
          target={target}
          method="cash"
          accountEmail={accountEmail}
          emailForm={emailForm}
          fieldId="payment-cash-email"
          label="Request Cash Deposit Locations"
          pendingLabel="Requesting..."
          onRequested={(result) => {
            setRequested(result);
            toast({
              title: paymentMessages.cashTitle,
              description: `${instalmentLead(result)}Deposit locations will be e-mailed to ${result.email} within 30 minutes. Your reference code is ${result.referenceCode}.`,
              variant: "success",
            });
          }}
        />
      )}
    </div>
  );
}
