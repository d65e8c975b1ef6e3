/** Instructions: what the client receives by e-mail, and Confirm Order & Request Instructions. */
import type { UseFormReturn } from "react-hook-form";
import { toast } from "../../client/toast-store";
import { paymentMessages, type PaymentEmailValues } from "../../shared/payment";
import { RequestForm } from "./RequestForm";
import { type PaymentDialogProps, paymentTarget } from "./types";

const youReceive = [
  "The exact amount and currency to pay",
  "Step-by-step instructions for the payment method you choose",
  "Your reference code, to quote with the payment",
  "The processing timeline for each method",
  "When and how your service starts",
];

export function InstructionsPanel({
  service,
  bookingId,
  accountEmail,
  emailForm,
  onRequested,
}: PaymentDialogProps & { emailForm: UseFormReturn<PaymentEmailValues>; onRequested: () => void }) {
  return (
    <div className="space-y-4">
      <p>Confirm your order and we will e-mail you detailed payment instructions. You receive:</p>
      <ul className="list-inside list-disc space-y-1 text-sm">
        {youReceive.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <RequestForm
        target={paymentTarget({ service, bookingId })}
        method="instructions"
        accountEmail={accountEmail}
        emailForm={emailForm}
        fieldId="payment-instructions-email"
        label="Confirm Order & Request Instructions"
        pendingLabel="Requesting..."
        onRequested={({ referenceCode, email }) => {
          toast({
            title: paymentMessages.instructionsTitle,
            description: `Detailed instructions are on their way to ${email}. Your reference code is ${referenceCode}.`,
            variant: "success",
          });
          onRequested();
        }}
      />
    </div>
  );
}
