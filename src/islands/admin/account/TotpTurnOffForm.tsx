/**
 * Turning two-factor sign-in off: the password and a fresh code, both checked by the server. A
 * wrong one shows under its field (a 400, so the portal keeps its token).
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { InputField } from "../../../components/FormField";
import { signInCodeInput } from "./totp-code";
import { type TotpDisableInput, totpDisableSchema } from "../../../shared/admin-totp";
import { showServerFieldErrors } from "../parts/server-field-errors";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";

type Values = { password: string; code: string };

export function TotpTurnOffForm({ onTurnedOff, onCancel }: { onTurnedOff: () => void; onCancel: () => void }) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, TotpDisableInput>({
    resolver: standardSchemaResolver(totpDisableSchema),
    defaultValues: { password: "", code: "" },
  });
  useEffect(() => setFocus("password"), [setFocus]);

  const turnOff = useMutation({
    mutationFn: (input: TotpDisableInput) => adminRequest("POST", "/api/admin/totp/disable", input),
    onSuccess: onTurnedOff,
    onError: (err) => {
      if (showServerFieldErrors(err, ["password", "code"], setError, setFocus)) return;
      toastFailure("Two-factor sign-in not turned off", err);
    },
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => turnOff.mutate(values))}
      className="space-y-2 rounded-box border border-base-300 p-4"
      aria-label="Turn off two-factor sign-in"
    >
      <p className="text-sm">To turn it off, confirm it is you: your password and a code from your authenticator app, or one of your recovery codes.</p>
      <InputField
        id="totp-off-password"
        label="Password"
        error={error("password")}
        type="password"
        autoComplete="current-password"
        className="input w-full max-w-sm"
        {...register("password")}
      />
      <InputField id="totp-off-code" label="Authentication or recovery code" error={error("code")} {...signInCodeInput} {...register("code")} />
      <div className="flex flex-wrap gap-2 pt-2">
        <SubmitButton label="Turn off two-factor sign-in" pending={turnOff.isPending} pendingLabel="Turning Off..." className="btn btn-error" />
        <button type="button" className="btn btn-ghost" disabled={turnOff.isPending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
