/** Sign in and create account (/login), reached through /api/login; keeps returnTo and a referral code. */
import { NameFields } from "../components/NameFields";
import { FormNotice, SubmitButton, TextField, type FormErrors } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { narrowFormPage } from "./narrow-form-page";
import type { PageDefinition } from "./page";

export type LoginPageState = {
  mode?: "signin" | "signup";
  returnTo: string;
  referralCode?: string | null;
  values?: Record<string, string>;
  errors?: FormErrors;
  notice?: { tone: "error" | "success" | "info"; title?: string; text: string };
  status?: PageDefinition["status"];
  googleEnabled: boolean;
};

export function loginPage(site: SiteData, s: LoginPageState): PageDefinition {
  const v = s.values ?? {};
  const e = s.errors ?? {};
  const signup = s.mode === "signup";
  const q = `returnTo=${encodeURIComponent(s.returnTo)}`;
  return narrowFormPage(
    site,
    {
      path: "/login",
      title: `${signup ? "Create an account" : "Sign in"} | ${site.settings.businessName}`,
      description: "Sign in or create an account to book an investigation and manage your bookings.",
      status: s.status,
    },
    <>
      <h1 className="mb-2 text-3xl font-bold">{signup ? "Create your account" : "Sign in"}</h1>
      <p className="mb-6 text-base-content/80">Your account is private: only you and your investigator see your bookings.</p>
      <nav aria-label="Sign in or create an account" className="tabs tabs-box mb-6">
        <a href={`/login?${q}`} className={`tab ${signup ? "text-base-content/80" : "tab-active"}`} aria-current={signup ? undefined : "page"}>
          Sign in
        </a>
        <a href={`/login?mode=signup&${q}`} className={`tab ${signup ? "tab-active" : "text-base-content/80"}`} aria-current={signup ? "page" : undefined}>
          Create account
        </a>
      </nav>
      {s.notice && (
        <FormNotice tone={s.notice.tone} title={s.notice.title}>
          {s.notice.text}
        </FormNotice>
      )}
      {signup ? (
        <form method="post" action="/signup" data-pending noValidate className="space-y-1">
          <input type="hidden" name="returnTo" value={s.returnTo} />
          <NameFields form="signup" values={v} errors={e} optional />
          <TextField form="signup" name="email" type="email" label="E-mail" value={v.email} error={e.email} autoComplete="email" required />
          <TextField
            form="signup"
            name="password"
            type="password"
            label="Password"
            value={v.password}
            error={e.password}
            hint="At least 10 characters. A short sentence is easy to remember and hard to guess."
            autoComplete="new-password"
            required
          />
          <TextField
            form="signup"
            name="referralCode"
            label="Referral code (optional)"
            value={v.referralCode ?? s.referralCode ?? ""}
            error={e.referralCode}
            autoComplete="off"
            maxLength={20}
          />
          <div className="pt-4">
            <SubmitButton label="Create Account" pendingLabel="Creating Account..." />
          </div>
        </form>
      ) : (
        <form method="post" action="/login" data-pending noValidate className="space-y-1">
          <input type="hidden" name="returnTo" value={s.returnTo} />
          <TextField form="signin" name="email" type="email" label="E-mail" value={v.email} error={e.email} autoComplete="username" required />
          <TextField form="signin" name="password" type="password" label="Password" error={e.password} autoComplete="current-password" required />
          <p className="text-right text-sm">
            <a href="/forgot-password" className="link">
              Forgot your password?
            </a>
          </p>
          <div className="pt-2">
            <SubmitButton label="Sign In" pendingLabel="Signing In..." />
          </div>
        </form>
      )}
      {s.googleEnabled && (
        <>
          <div className="divider">or</div>
          <a href={`/api/auth/google?${q}`} className="btn btn-outline w-full">
            Continue with Google
          </a>
        </>
      )}
    </>,
  );
}
