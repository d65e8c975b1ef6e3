/** Forgotten password (/forgot-password) and choosing a new one from the e-mailed link (/reset-password). */
import { FormNotice, SubmitButton, TextField, type FormErrors } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { narrowFormPage } from "./narrow-form-page";
import type { PageDefinition } from "./page";

type Notice = { tone: "error" | "success" | "info"; title?: string; text: string };

export function forgotPasswordPage(
  site: SiteData,
  s: { email?: string; errors?: FormErrors; notice?: Notice; status?: PageDefinition["status"] } = {},
): PageDefinition {
  return narrowFormPage(
    site,
    {
      path: "/forgot-password",
      title: `Reset your password | ${site.settings.businessName}`,
      description: "Request a link to choose a new password.",
      status: s.status,
    },
    <>
      <h1 className="mb-2 text-3xl font-bold">Forgot your password?</h1>
      <p className="mb-6 text-base-content/80">
        Enter the e-mail of your account and we will send you a link to choose a new password. The link works once, for one hour.
      </p>
      {s.notice && (
        <FormNotice tone={s.notice.tone} title={s.notice.title}>
          {s.notice.text}
        </FormNotice>
      )}
      <form method="post" action="/forgot-password" data-pending noValidate>
        <TextField form="forgot" name="email" type="email" label="E-mail" value={s.email} error={s.errors?.email} autoComplete="email" required />
        <div className="pt-4">
          <SubmitButton label="Send Reset Link" pendingLabel="Sending..." />
        </div>
      </form>
      <p className="mt-6 text-sm">
        <a href="/login" className="link">
          Back to sign in
        </a>
      </p>
    </>,
  );
}

export function resetPasswordPage(
  site: SiteData,
  s: { token: string; valid: boolean; errors?: FormErrors; waitSeconds?: number; status?: PageDefinition["status"] },
): PageDefinition {
  return narrowFormPage(
    site,
    {
      path: "/reset-password",
      title: `Choose a new password | ${site.settings.businessName}`,
      description: "Choose a new password for your account.",
      status: s.status,
    },
    <>
      <h1 className="mb-6 text-3xl font-bold">Choose a new password</h1>
      {s.waitSeconds !== undefined && (
        <FormNotice tone="error" title="Too many attempts">
          {`Please wait ${Math.ceil(s.waitSeconds / 60)} minute(s), then try again.`}
        </FormNotice>
      )}
      {s.valid ? (
        <form method="post" action="/reset-password" data-pending noValidate>
          <input type="hidden" name="token" value={s.token} />
          <TextField
            form="reset"
            name="password"
            type="password"
            label="New password"
            error={s.errors?.password}
            hint="At least 10 characters."
            autoComplete="new-password"
            required
          />
          <div className="pt-4">
            <SubmitButton label="Save New Password" pendingLabel="Saving..." />
          </div>
        </form>
      ) : (
        <FormNotice tone="error" title="This link has expired or was already used">
          <a href="/forgot-password" className="link">
            Request a new link
          </a>
        </FormNotice>
      )}
    </>,
  );
}
