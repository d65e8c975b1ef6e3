/**
 * The button that records a payment request (instructions or cash deposit) and e-mails the client:
 * signed-out clients give their e-mail first (shared zod schema, message under the field); a
 * signed-in client's account e-mail is used.
 */
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import { ApiError, apiRequest } from "../../client/api";
import { toast } from "../../client/toast-store";
import { errorProps, FormField } from "../../components/FormField";
import type { PaymentTarget } from "./types";
import { paymentMessages, type PaymentEmailValues, type PaymentRequestMethod, type PaymentRequestResult } from "../../shared/payment";

export type RequestFormProps = {
  target: PaymentTarget;
  method: PaymentRequestMethod;
  accountEmail: string | null;
  emailForm: UseFormReturn<PaymentEmailValues>;
  /** The e-mail field's id (one per tab, so labels stay unique). */
  fieldId: string;
  label: string;
  pendingLabel: string;
  onRequested: (result: PaymentRequestResult) => void;
};

export function RequestForm({ target, method, accountEmail, emailForm, fieldId, label, pendingLabel, onRequested }: RequestFormProps) {
  const { register, handleSubmit, setError, formState } = emailForm;
  const send = useMutation({
    mutationFn: (email: string | undefined) =>
      apiRequest<PaymentRequestResult>("POST", "/api/payment-requests", { ...target, method, ...(email ? { email } : {}) }),
    onSuccess: onRequested,
    onError: (err) => {
      const emailError = err instanceof ApiError ? err.fields?.email : undefined;
      if (emailError && !accountEmail) setError("email", { type: "server", message: emailError });
      // A limit, or a booking that cannot be paid now (paid meanwhile, cancelled): the server's words.
      const told = err instanceof ApiError && (err.status === 429 || err.status === 409) && err.serverMessage;
      const description = told ? err.serverMessage : paymentMessages.failureText;
      toast({ title: paymentMessages.failureTitle, description, variant: "destructive" });
    },
  });

  const onSubmit = accountEmail
    ? (e: FormEvent) => {
        e.preventDefault();
        send.mutate(undefined);
      }
    : handleSubmit(({ email }) => send.mutate(email));
  const error = formState.errors.email?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      {accountEmail ? (
        <p className="text-sm">
          {"We will e-mail "}
          <strong>{accountEmail}</strong>
          {", the address of your account."}
        </p>
      ) : (
        <FormField id={fieldId} label="Your e-mail" error={error} hint="We only use it for this order.">
          <input id={fieldId} type="email" autoComplete="email" className="input w-full" {...errorProps(fieldId, error)} {...register("email")} />
        </FormField>
      )}
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? pendingLabel : label}
      </button>
    </form>
  );
}
