/**
 * The admin sign-in form. It sends `POST /api/admin/login` (the answer sets the HttpOnly admin
 * cookie, shared by the browser's tabs) and goes on to the page that sent the admin here, or the dashboard. The
 * portal needs JavaScript: until the island is live the Sign In button stays disabled, so a
 * password can never leave in a plain form submission. When the server answers `code_required`
 * (two-factor sign-in is on), an "Authentication code" field appears and the form is sent again
 * with the code, username and password kept; the admin who lost the phone switches it to take one
 * of the recovery codes (decision 039).
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../client/admin-api";
import { ApiError } from "../../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../client/toast-store";
import { errorProps, FormField, InputField } from "../../components/FormField";
import { type AdminLoginInput, type AdminLoginResponse, adminLoginSchema } from "../../shared/admin-auth";
import { totpMessages } from "../../shared/admin-totp";
import { toastFailure } from "./parts/toast-failure";

export type AdminLoginProps = { returnTo: string };
type Values = { username: string; password: string; code?: string };

/** How long the success toast shows before the portal opens. */
const successPauseMs = 600;

export default function AdminLogin({ returnTo }: AdminLoginProps) {
  const [live, setLive] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [codeRequired, setCodeRequired] = useState(false);
  const [recovery, setRecovery] = useState(false);
  useEffect(() => setLive(true), []);
  const { register, handleSubmit, setError, clearErrors, setFocus, setValue, formState } = useForm<Values, unknown, AdminLoginInput>({
    resolver: standardSchemaResolver(adminLoginSchema),
    defaultValues: { username: "", password: "" },
  });

  const signIn = useMutation({
    mutationFn: (input: AdminLoginInput) => adminRequest<AdminLoginResponse>("POST", "/api/admin/login", input),
    onSuccess: () => {
      toast({ title: "Login Successful", description: "Welcome to the admin portal", variant: "success" });
      setTimeout(() => location.assign(returnTo), successPauseMs);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.body?.error?.code === "code_required") {
        // The password was right: not a failure, the next step.
        setCodeRequired(true);
        return;
      }
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) {
          if (field === "username" || field === "password" || field === "code") setError(field, { type: "server", message });
        }
      }
      if (codeRequired && err instanceof ApiError && err.status === 401) {
        setValue("code", "");
        setFocus("code");
      }
      toastFailure("Login Failed", err, "Invalid credentials");
    },
  });
  const pending = signIn.isPending || signIn.isSuccess;
  useEffect(() => {
    if (codeRequired) setFocus("code");
  }, [codeRequired, setFocus]);
  const error = (name: keyof Values) => formState.errors[name]?.message as string | undefined;

  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-2xl font-bold">Admin Login</h1>
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit((values) => signIn.mutate(values))}
        className="card border border-base-300 bg-base-100"
        aria-label="Admin sign-in"
      >
        <div className="card-body gap-2">
          <InputField
            id="admin-username"
            label="Username"
            error={error("username")}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register("username")}
          />
          <FormField id="admin-password" label="Password" error={error("password")}>
            <div className="join w-full">
              <input
                id="admin-password"
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                className="input join-item w-full"
                {...errorProps("admin-password", error("password"))}
                {...register("password")}
              />
              <button
                type="button"
                className="btn join-item"
                aria-controls="admin-password"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((s) => !s)}
              >
                {showPassword ? "Hide" : "Show"}
                <span className="sr-only"> password</span>
              </button>
            </div>
          </FormField>
          {codeRequired && (
            <FormField id="admin-code" label={recovery ? "Recovery code" : "Authentication code"} error={error("code")}>
              {!error("code") && (
                <p id="admin-code-hint" className="text-sm">
                  {recovery
                    ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once."
                    : `${totpMessages.codeRequired}.`}
                </p>
              )}
              <input
                id="admin-code"
                type="text"
                inputMode={recovery ? "text" : "numeric"}
                autoComplete={recovery ? "off" : "one-time-code"}
                autoCapitalize="none"
                spellCheck={false}
                className="input w-full font-mono tracking-widest"
                aria-describedby={error("code") ? "admin-code-error" : "admin-code-hint"}
                aria-invalid={error("code") ? true : undefined}
                {...register("code")}
              />
              <button
                type="button"
                className="btn btn-link btn-sm h-auto min-h-11 justify-start px-0"
                onClick={() => {
                  setRecovery((r) => !r);
                  setValue("code", "");
                  clearErrors("code");
                  setFocus("code");
                }}
              >
                {recovery ? "Use the code from your app" : "Lost your phone? Use a recovery code"}
              </button>
            </FormField>
          )}
          <button type="submit" className="btn btn-primary mt-2 w-full" disabled={!live || pending}>
            {pending ? "Signing In..." : "Sign In"}
          </button>
          <div role="note" className="alert alert-info mt-2 text-sm">
            <p>Access is restricted to authorized personnel. Every sign-in is recorded.</p>
          </div>
          <noscript>
            <p className="text-sm text-error">The admin portal needs JavaScript. Please turn it on to sign in.</p>
          </noscript>
        </div>
      </form>
    </div>
  );
}
