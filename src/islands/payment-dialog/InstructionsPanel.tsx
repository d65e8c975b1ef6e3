/** Instructions: what the client receives by e-mail, and Confirm Order & Request Instructions. */
import type { UseFormReturn } from "react-hook-form";
import { toast } from "../../client/toast-store";
import { paymentMessages, type PaymentEmailValues, type PaymentRequestResult } from "../../shared/payment";
import { RequestForm } from "./RequestForm";
import { paymentOfText } from "./plan-text";
import type { PaymentTarget, PlanPart } from "./types";

const youReceive = [
  "The exact amount and currency to pay",
  "Step-by-step instructions for the payment method you choose",
  "Your reference code, to quote with the payment",
  "The processing timeline for each method",
  "When and how your service starts",
];

/** "Payment 1 of 3: " before a confirmation, when the request pays an instalment of a plan. */
export function instalmentLead(result: PaymentRequestResult): string {
  return result.instalment ? `${paymentOfText(result.instalment)}: ` : "";
}

export function InstructionsPanel({
  target,
  part,
  accountEmail,
  emailForm,
  onRequested,
}: {
  target: PaymentTarget;
  /** The instalment of a plan this pays, if it does. */
  part: PlanPart | null;
  accountEmail: string | null;
  emailForm: UseFormReturn<PaymentEmailValues>;
  onRequested: () => void;
}) {
  return (
    <div className="space-y-4">
      <p>{`Confirm your order and we will e-mail you detailed payment instructions${part ? ` for ${paymentOfText(part).toLowerCase()}` : ""}. You receive:`}</p>
      <ul className="list-inside list-disc space-y-1 text-sm">
        {youReceive.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <RequestForm
        target={target}
        method="instructions"
        accountEmail={accountEmail}
        emailForm={emailForm}
        fieldId="payment-instructions-email"
        label="Confirm Order & Request Instructions"
        pendingLabel="Requesting..."
        onRequested={(result) => {
          toast({
            title: paymentMessages.instructionsTitle,
            description: `${instalmentLead(result)}Detailed instructions are on their way to ${result.email}. Your reference code is ${result.referenceCode}.`,
            variant: "success",
          });
          onRequested();
        }}
      />
    </div>
  );
}
