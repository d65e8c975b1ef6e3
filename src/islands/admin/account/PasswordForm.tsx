/**
 * "Change your password" on Your account: the current password and a new one (the shared policy).
 * A wrong current password shows under its field (a 400, so the portal keeps its token); on success
 * the admin's other sign-ins have ended and this one stays.
 */
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { InputField } from "../../../components/FormField";
import { type AdminPasswordChangeInput, adminPasswordChangeSchema, type SessionsEnded } from "../../../shared/admin-admins";
import { showServerFieldErrors } from "../parts/server-field-errors";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";

type Values = { currentPassword: string; newPassword: string };

export function PasswordForm() {
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<Values, unknown, AdminPasswordChangeInput>({
    resolver: standardSchemaResolver(adminPasswordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });

  const change = useMutation({
    mutationFn: (input: AdminPasswordChangeInput) => adminRequest<SessionsEnded>("POST", "/api/admin/account/password", input),
    onSuccess: (result) => {
      reset();
      const others = result.ended === 0 ? "" : result.ended === 1 ? " Your 1 other sign-in has ended." : ` Your ${result.ended} other sign-ins have ended.`;
      toast({ title: "Password changed", description: `Use the new password from now on.${others}`, variant: "success" });
    },
    onError: (err) => {
      if (showServerFieldErrors(err, ["currentPassword", "newPassword"], setError, setFocus)) return;
      toastFailure("Password not changed", err);
    },
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;

  return (
    <form noValidate onSubmit={handleSubmit((values) => change.mutate(values))} className="space-y-2" aria-labelledby="password-title">
      <h2 id="password-title" className="card-title">
        Password
      </h2>
      <p className="text-sm text-base-content/80">Changing it ends your sign-ins on other browsers; this one stays.</p>
      <InputField
        id="current-password"
        label="Current password"
        error={error("currentPassword")}
        type="password"
        autoComplete="current-password"
        className="input w-full max-w-sm"
        {...register("currentPassword")}
      />
      <InputField
        id="new-password"
        label="New password"
        error={error("newPassword")}
        hint="At least 10 characters, not a common password"
        type="password"
        autoComplete="new-password"
        className="input w-full max-w-sm"
        {...register("newPassword")}
      />
      <div className="pt-2">
        <SubmitButton label="Change password" pending={change.isPending} pendingLabel="Changing..." />
      </div>
    </form>
  );
}
