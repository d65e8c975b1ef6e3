/**
 * "Confirm it's you" (/cases/confirm): before a case file is downloaded on a sign-in over an hour
 * old, the client gives their password or a code e-mailed to them (decision 081). Plain forms that
 * work with JavaScript off; each comes back here with its message under its field.
 */
import { InputField } from "../components/FormField";
import { FormNotice, SubmitButton, TextField, type FormErrors } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { identityCheckMessages } from "../shared/case-room";
import { narrowFormPage } from "./narrow-form-page";
import type { PageDefinition } from "./page";

export const confirmIdentityPaths = {
  page: "/cases/confirm",
  password: "/cases/confirm/password",
  sendCode: "/cases/confirm/send-code",
  code: "/cases/confirm/code",
} as const;

export type ConfirmIdentityState = {
  returnTo: string;
  /** What the account can confirm with: a password (none for a Google account), a code (a confirmed address). */
  options: { password: boolean; code: boolean; maskedEmail: string };
  /** A code was sent: its field is shown. */
  codeSent?: boolean;
  errors?: FormErrors;
  notice?: { tone: "error" | "success" | "info"; text: string };
  status?: PageDefinition["status"];
};

export function confirmIdentityPage(site: SiteData, s: ConfirmIdentityState): PageDefinition {
  const { options } = s;
  const returnTo = <input type="hidden" name="returnTo" value={s.returnTo} />;
  return narrowFormPage(
    site,
    {
      path: confirmIdentityPaths.page,
      title: `Confirm it's you | ${site.settings.businessName}`,
      description: "Confirm it is you before downloading your files.",
      status: s.status,
    },
    <>
      <h1 className="mb-2 text-3xl font-bold">Confirm it's you</h1>
      <p className="mb-6 text-base-content/80">
        Your case files are private. You signed in more than an hour ago, so please confirm it is still you before downloading. This lasts for an hour.
      </p>
      {s.notice && <FormNotice tone={s.notice.tone}>{s.notice.text}</FormNotice>}

      {options.password && (
        <section aria-labelledby="confirm-password-title" className="mb-8">
          <h2 id="confirm-password-title" className="mb-2 text-xl font-semibold">
            With your password
          </h2>
          <form method="post" action={confirmIdentityPaths.password} data-pending noValidate>
            {returnTo}
            <TextField form="confirm" name="password" type="password" label="Password" error={s.errors?.password} autoComplete="current-password" required />
            <div className="pt-4">
              <SubmitButton label="Confirm" pendingLabel="Checking..." />
            </div>
          </form>
        </section>
      )}

      <section aria-labelledby="confirm-code-title">
        <h2 id="confirm-code-title" className="mb-2 text-xl font-semibold">
          {options.password ? "Or with a code by e-mail" : "With a code by e-mail"}
        </h2>
        {options.code ? (
          <>
            {s.codeSent && (
              <form method="post" action={confirmIdentityPaths.code} data-pending noValidate className="mb-4">
                {returnTo}
                <InputField
                  id="confirm-code"
                  label="6-digit code"
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={6}
                  required
                  error={s.errors?.code}
                  hint={`Sent to ${options.maskedEmail}. It works for 10 minutes.`}
                />
                <div className="pt-4">
                  <SubmitButton label="Confirm With Code" pendingLabel="Checking..." />
                </div>
              </form>
            )}
            <form method="post" action={confirmIdentityPaths.sendCode} data-pending noValidate>
              {returnTo}
              {!s.codeSent && <p className="mb-3 text-sm text-base-content/80">{`We will send a 6-digit code to ${options.maskedEmail}.`}</p>}
              {s.errors?.send && (
                <p id="confirm-send-error" className="mb-3 text-sm text-error">
                  {s.errors.send}
                </p>
              )}
              <SubmitButton
                label={s.codeSent ? "Send Another Code" : "E-mail Me a Code"}
                pendingLabel="Sending..."
                className={s.codeSent || options.password ? "btn btn-outline w-full" : "btn btn-primary w-full"}
              />
            </form>
          </>
        ) : (
          <p className="text-sm text-base-content/80">{identityCheckMessages.noConfirmedEmail}</p>
        )}
      </section>

      <p className="mt-8 text-sm">
        <a href="/dashboard" className="link">
          Back to your dashboard
        </a>
      </p>
    </>,
  );
}
