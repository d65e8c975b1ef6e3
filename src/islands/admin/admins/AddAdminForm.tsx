/**
 * "Add an admin": a username, a first password and a role (staff unless an owner is chosen), checked here by the shared schema and again by
 * the server (a taken username comes back under its field). The new admin signs in with them and
 * can change the password on "Your account".
 */
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { InputField } from "../../../components/FormField";
import { type AdminRole, adminRoleLabels, adminRoles } from "../../../domain/admin-roles";
import { type AdminAccountView, type AdminCreateInput, adminCreateSchema } from "../../../shared/admin-admins";
import { showServerFieldErrors } from "../parts/server-field-errors";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";

type Values = { username: string; password: string; role: AdminRole };

export function AddAdminForm({ onAdded }: { onAdded: (admin: AdminAccountView) => void }) {
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<Values, unknown, AdminCreateInput>({
    resolver: standardSchemaResolver(adminCreateSchema),
    defaultValues: { username: "", password: "", role: "staff" },
  });

  const add = useMutation({
    mutationFn: (input: AdminCreateInput) => adminRequest<AdminAccountView>("POST", "/api/admin/admins", input),
    onSuccess: (admin) => {
      reset();
      toast({
        title: "Admin added",
        description: `${admin.username} (${adminRoleLabels[admin.role].toLowerCase()}) can now sign in at /admin/login.`,
        variant: "success",
      });
      onAdded(admin);
    },
    onError: (err) => {
      if (showServerFieldErrors(err, ["username", "password", "role"], setError, setFocus)) return;
      toastFailure("Admin not added", err);
    },
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;

  return (
    <form noValidate onSubmit={handleSubmit((values) => add.mutate(values))} className="space-y-2" aria-labelledby="add-admin-title">
      <h2 id="add-admin-title" className="card-title">
        Add an admin
      </h2>
      <p className="text-sm text-base-content/80">
        They sign in at the admin sign-in page with this username and password, and can then change the password and turn on two-factor sign-in.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField
          id="new-admin-username"
          label="Username"
          error={error("username")}
          hint="Lowercase letters, digits, '.', '_' or '-'"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...register("username")}
        />
        <InputField
          id="new-admin-password"
          label="Password"
          error={error("password")}
          hint="At least 10 characters"
          type="password"
          autoComplete="new-password"
          {...register("password")}
        />
      </div>
      <fieldset className="fieldset" aria-describedby="new-admin-role-hint">
        <legend className="fieldset-legend">Role</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {adminRoles.map((role) => (
            <label key={role} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input type="radio" className="radio radio-sm" value={role} {...register("role")} />
              {adminRoleLabels[role]}
            </label>
          ))}
        </div>
        <p id="new-admin-role-hint" className="label whitespace-normal">
          Staff handle enquiries, bookings, orders (no refunds) and products. Owners can also open settings, payments, admins and the audit log.
        </p>
        {error("role") && (
          <p className="text-sm text-error" role="alert">
            {error("role")}
          </p>
        )}
      </fieldset>
      <div className="pt-2">
        <SubmitButton label="Add admin" pending={add.isPending} pendingLabel="Adding..." />
      </div>
    </form>
  );
}
