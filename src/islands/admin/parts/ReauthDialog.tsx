/**
 * The password again before a sensitive change (decision 027): opened by the admin fetch helper
 * when the server answers 403 `reauth_required`, it asks for the password, and the code of the
 * authenticator app when two-factor sign-in is on. Once the server accepts them the refused request
 * is sent again; Cancel leaves it refused. A wrong password or code shows under its field (a 400,
 * so the portal keeps its token). Mounted once per admin page, outside the islands.
 */
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { finishReauth, reauthRequested, subscribeReauth } from "../../../client/reauth-store";
import { InputField } from "../../../components/FormField";
import { type AdminMe, type AdminReauthInput, type AdminReauthResponse, adminReauthSchema } from "../../../shared/admin-auth";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { signInCodeInput } from "../account/totp-code";

/** The dialog while a change waits for the password; nothing otherwise. */
export function ReauthDialog() {
  const open = useSyncExternalStore(subscribeReauth, reauthRequested, () => false);
  return open ? <ReauthForm /> : null;
}

/** `code` stays undefined (so the schema lets it be) unless its field is shown. */
type Values = { password: string; code?: string };

function ReauthForm() {
  const me = useQuery<AdminMe>({ queryKey: ["/api/admin/me"] });
  const askCode = me.data?.totpEnabled === true;
  const confirmed = useRef(false);
  const first = useRef<HTMLInputElement | null>(null);
  const { ref, close } = useModal(first);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, AdminReauthInput>({
    resolver: standardSchemaResolver(adminReauthSchema),
    defaultValues: { password: "" },
  });
  const confirm = useMutation({
    mutationFn: (input: AdminReauthInput) => adminRequest<AdminReauthResponse>("POST", "/api/admin/reauth", input),
    onSuccess: () => {
      confirmed.current = true;
      close();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields?.code && !fields.password) {
        setError("code", { type: "server", message: fields.code });
        setFocus("code");
        return;
      }
      const message = fields?.password ?? ((err instanceof ApiError && err.serverMessage) || "That did not work. Please try again.");
      setError("password", { type: "server", message });
      setFocus("password");
    },
  });
  const submit = handleSubmit((values) => confirm.mutate(values));
  const error = (name: keyof Values) => formState.errors[name]?.message;
  const password = register("password");

  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title="Confirm it is you"
      width="narrow"
      backdrop={false}
      onClose={() => finishReauth(confirmed.current)}
      footer={
        <>
          <button type="button" className="btn btn-ghost" disabled={confirm.isPending} onClick={close}>
            Cancel
          </button>
          <button type="submit" form="reauth-form" className="btn btn-primary" disabled={confirm.isPending}>
            {confirm.isPending ? "Checking..." : "Confirm and continue"}
          </button>
        </>
      }
    >
      <form id="reauth-form" noValidate onSubmit={submit} className="space-y-2">
        <p className="text-sm">
          {askCode
            ? "This change needs your password and a code from your authenticator app again. After that, such changes need no password for 10 minutes."
            : "This change needs your password again. After that, such changes need no password for 10 minutes."}
        </p>
        <InputField
          id="reauth-password"
          label="Password"
          error={error("password")}
          type="password"
          autoComplete="current-password"
          {...password}
          ref={(el) => {
            password.ref(el);
            first.current = el;
          }}
        />
        {askCode && <InputField id="reauth-code" label="Authentication or recovery code" error={error("code")} {...signInCodeInput} {...register("code")} />}
      </form>
    </DialogFrame>
  );
}
