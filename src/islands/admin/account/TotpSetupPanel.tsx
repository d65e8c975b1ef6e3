/**
 * Turning two-factor sign-in on, step two: the QR code and the secret (shown this once, from the
 * set-up answer held only in the island's state), and the first code that confirms them.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { InputField } from "../../../components/FormField";
import { totpCodeInput } from "./totp-code";
import { type RecoveryCodes, type TotpConfirmInput, type TotpSetup, totpConfirmSchema } from "../../../shared/admin-totp";
import { QrCode } from "./QrCode";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";

/** How long the copy button reads "Copied!". */
const copiedMs = 2000;

/** The secret in groups of four, as people read it aloud or type it. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function TotpSetupPanel({ setup, onConfirmed, onCancel }: { setup: TotpSetup; onConfirmed: (answer: RecoveryCodes) => void; onCancel: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    heading.current?.focus();
    return () => clearTimeout(copiedTimer.current);
  }, []);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ code: string }, unknown, TotpConfirmInput>({
    resolver: standardSchemaResolver(totpConfirmSchema),
    defaultValues: { code: "" },
  });

  const confirm = useMutation({
    mutationFn: (input: TotpConfirmInput) => adminRequest<RecoveryCodes>("POST", "/api/admin/totp/confirm", input),
    onSuccess: onConfirmed,
    onError: (err) => {
      const message = err instanceof ApiError ? err.fields?.code : undefined;
      if (message) {
        setError("code", { type: "server", message });
        setFocus("code");
        return;
      }
      toastFailure("Two-factor sign-in not turned on", err);
    },
  });

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), copiedMs);
      toast({ title: "Copied to Clipboard", description: "Paste the secret into your authenticator app.", variant: "success" });
    } catch {
      toast({ title: "Copy failed", description: "Select the secret and copy it by hand.", variant: "destructive" });
    }
  }

  const codeError = formState.errors.code?.message;
  return (
    <section aria-labelledby="totp-setup-title" className="space-y-4 rounded-box border border-base-300 p-4">
      <h3 id="totp-setup-title" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Set up your authenticator app
      </h3>
      <ol className="list-inside list-decimal space-y-4">
        <li>
          Scan this QR code with your authenticator app.
          <QrCode value={setup.uri} label="QR code of the two-factor sign-in key, for your authenticator app" className="mt-2 block h-auto w-48 max-w-full" />
        </li>
        <li>
          Or type this secret into the app:
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="rounded bg-base-200 px-2 py-1 font-mono text-base tracking-wider break-words" data-testid="totp-secret">
              {groupedSecret(setup.secret)}
            </code>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void copySecret()}>
              {copied ? "Copied!" : "Copy secret"}
            </button>
          </div>
          <p className="mt-1 text-sm text-base-content/80">It is shown only now. Once confirmed, nobody can see it again, not even you.</p>
        </li>
        <li>
          Enter the 6-digit code the app now shows.
          <form noValidate onSubmit={handleSubmit((values) => confirm.mutate(values))} className="mt-2" aria-label="Confirm two-factor sign-in">
            <InputField id="totp-confirm-code" label="Code from the app" error={codeError} {...totpCodeInput} {...register("code")} />
            <div className="mt-3 flex flex-wrap gap-2">
              <SubmitButton label="Confirm and turn on" pending={confirm.isPending} pendingLabel="Turning On..." />
              <button type="button" className="btn btn-ghost" disabled={confirm.isPending} onClick={onCancel}>
                Cancel
              </button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}
