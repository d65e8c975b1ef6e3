/**
 * /admin/account, "Your account": who is signed in, their password (PasswordForm) and their
 * two-factor sign-in. Turn on asks the
 * server for a new key (POST /api/admin/totp/setup) and shows it once as a QR code and a secret
 * until a first code confirms it; Turn off asks for the password and a code. The key lives only in
 * this component's state and is dropped as soon as it is confirmed or the set-up is cancelled.
 * Confirming answers ten recovery codes, shown once by RecoveryCodes, which also says how many are
 * left and makes new ones.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { adminRequest } from "../../client/admin-api";
import { ApiError } from "../../client/api";
import { toast } from "../../client/toast-store";
import type { AdminMe } from "../../shared/admin-auth";
import { type RecoveryCodes as RecoveryCodesAnswer, recoveryCodeCount, type TotpSetup } from "../../shared/admin-totp";
import { PasswordForm } from "./account/PasswordForm";
import { RecoveryCodes } from "./account/RecoveryCodes";
import { TotpSetupPanel } from "./account/TotpSetupPanel";
import { TotpTurnOffForm } from "./account/TotpTurnOffForm";
import { PageHeader } from "./parts/PageHeader";
import { toastFailure } from "./parts/toast-failure";

export const adminMeKey = ["/api/admin/me"] as const;

export default function AdminAccount() {
  const queryClient = useQueryClient();
  const me = useQuery<AdminMe>({ queryKey: adminMeKey });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const statusHeading = useRef<HTMLHeadingElement>(null);
  const turnOnButton = useRef<HTMLButtonElement>(null);
  const turnOffButton = useRef<HTMLButtonElement>(null);

  const setTotp = (totpEnabled: boolean, recoveryCodesLeft = 0) => {
    queryClient.setQueryData<AdminMe>(adminMeKey, (old) => (old ? { ...old, totpEnabled, recoveryCodesLeft } : old));
    // The buttons change under the focus: keep it on the section's heading, unless fresh recovery
    // codes took it (their panel focuses its own heading).
    if (!recoveryCodesLeft) setTimeout(() => statusHeading.current?.focus());
  };

  const start = useMutation({
    mutationFn: () => adminRequest<TotpSetup>("POST", "/api/admin/totp/setup"),
    onSuccess: setSetup,
    onError: (err) => {
      toastFailure("Set-up not started", err);
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: adminMeKey });
    },
  });

  const confirmed = ({ recoveryCodes }: RecoveryCodesAnswer) => {
    setSetup(null);
    setFreshCodes(recoveryCodes);
    setTotp(true, recoveryCodes.length);
    toast({
      title: "Two-factor sign-in is on",
      description: "From now on, sign in with your password and a code from your app. Save your recovery codes now.",
      variant: "success",
    });
  };
  const renewed = (codes: string[]) => {
    setFreshCodes(codes);
    queryClient.setQueryData<AdminMe>(adminMeKey, (old) => (old ? { ...old, recoveryCodesLeft: codes.length } : old));
    toast({ title: "New recovery codes", description: "The old ones no longer work. Save these now.", variant: "success" });
  };
  const turnedOff = () => {
    setTurningOff(false);
    setFreshCodes(null);
    setTotp(false);
    toast({ title: "Two-factor sign-in is off", description: "From now on, you sign in with your password alone.", variant: "success" });
  };

  const on = me.data?.totpEnabled;
  return (
    <div className="space-y-6">
      <PageHeader title="Your account" />

      {me.isError && (
        <div role="alert" className="alert alert-error">
          <p>Your account could not be loaded. Please reload the page.</p>
        </div>
      )}
      <p aria-busy={me.isPending}>
        {"Signed in as "}
        {me.data ? <strong>{me.data.username}</strong> : <span className="skeleton inline-block h-4 w-24 align-middle" aria-hidden="true" />}
      </p>

      <section className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <PasswordForm />
        </div>
      </section>

      <section aria-labelledby="totp-title" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="totp-title" ref={statusHeading} tabIndex={-1} className="card-title focus:outline-none">
              Two-factor sign-in
            </h2>
            {on !== undefined && (
              <span className={`badge ${on ? "badge-success" : "badge-ghost"}`} data-testid="totp-status">
                {on ? "On" : "Off"}
              </span>
            )}
          </div>
          {on === undefined && !me.isError && <div className="skeleton h-10 w-full" aria-hidden="true" />}

          {on === false && !setup && (
            <>
              <p>Sign in with a 6-digit code from an authenticator app on your phone as well as your password, so a stolen password alone opens nothing.</p>
              <div>
                <button ref={turnOnButton} type="button" className="btn btn-primary" disabled={start.isPending} onClick={() => start.mutate()}>
                  {start.isPending ? "Starting..." : "Turn on"}
                </button>
              </div>
            </>
          )}
          {on === false && setup && (
            <TotpSetupPanel
              setup={setup}
              onConfirmed={confirmed}
              onCancel={() => {
                setSetup(null);
                setTimeout(() => turnOnButton.current?.focus());
              }}
            />
          )}

          {on === true && (
            <>
              <p>On: after your password, the sign-in asks for the code your authenticator app shows.</p>
              <RecoveryCodes
                left={me.data?.recoveryCodesLeft ?? recoveryCodeCount}
                fresh={freshCodes}
                onRenewed={renewed}
                onSaved={() => {
                  setFreshCodes(null);
                  setTimeout(() => statusHeading.current?.focus());
                }}
              />
              <p className="text-sm text-base-content/80">
                Lost your phone? Sign in with a recovery code, turn this off and on again with the new phone. Without a code, whoever runs the server can turn
                it off for you with <code>pi-site admin disable-totp</code> and your username.
              </p>
              {turningOff ? (
                <TotpTurnOffForm
                  onTurnedOff={turnedOff}
                  onCancel={() => {
                    setTurningOff(false);
                    setTimeout(() => turnOffButton.current?.focus());
                  }}
                />
              ) : (
                <div>
                  <button ref={turnOffButton} type="button" className="btn btn-outline" onClick={() => setTurningOff(true)}>
                    Turn off
                  </button>
                </div>
              )}
            </>
          )}
        </div>
      </section>
    </div>
  );
}
