/** Account settings (/account): name and e-mail, password, the e-mails a customer may choose, and deleting the account. */
import { EmailVerificationNotice } from "../components/EmailVerificationNotice";
import { Layout } from "../components/Layout";
import { NameFields } from "../components/NameFields";
import { FormCard, FormNotice, SubmitButton, TextField, type FormErrors } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import type { PageDefinition } from "./page";
import { HeadingBackToDashboard } from "../components/BackLink";

export type AccountPageState = {
  profile: { firstName: string; lastName: string; email: string };
  hasPassword: boolean;
  /** "E-mail me to review what I bought". */
  reviewInvites: boolean;
  /** "E-mail me a reminder before each appointment". */
  bookingReminders: boolean;
  form?: "profile" | "password" | "delete";
  errors?: FormErrors;
  notice?: { tone: "error" | "success"; text: string };
  status?: PageDefinition["status"];
};

/** The current password a change asks for again (shown only to an account that has one). */
function CurrentPasswordField(props: { form: string; label?: string; error?: string }) {
  return (
    <TextField
      form={props.form}
      name="currentPassword"
      type="password"
      label={props.label ?? "Current password"}
      error={props.error}
      autoComplete="current-password"
    />
  );
}

/** When the reminders come, as the owner set them (0: none are sent now, but the choice is kept). */
function reminderHint(hours: number): string {
  if (hours <= 0) return "We send no reminders at the moment; your choice is kept for when we do.";
  return `Once, ${hours === 1 ? "an hour" : `${hours} hours`} before each confirmed appointment, with its calendar invitation.`;
}

export function accountPage(site: SiteData, s: AccountPageState): PageDefinition {
  const e = (form: AccountPageState["form"]) => (s.form === form ? (s.errors ?? {}) : {});
  return {
    path: "/account",
    title: `Account settings | ${site.settings.businessName}`,
    description: "Change your name, e-mail or password, choose your e-mails, or delete your account.",
    noindex: true,
    status: s.status,
    scripts: [manifest.formPending],
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-2xl space-y-8 px-4 py-10">
          <HeadingBackToDashboard title="Account settings" />
          {s.notice && <FormNotice tone={s.notice.tone}>{s.notice.text}</FormNotice>}
          <EmailVerificationNotice user={site.user} />

          <FormCard
            id="profile"
            action="/account/profile"
            title="Your details"
            submit={<SubmitButton label="Save Details" pendingLabel="Saving..." className="btn btn-primary" />}
          >
            <NameFields form="profile" values={s.profile} errors={e("profile")} />
            <TextField form="profile" name="email" type="email" label="E-mail" value={s.profile.email} error={e("profile").email} autoComplete="email" />
            {s.hasPassword && (
              <CurrentPasswordField form="profile" label="Current password (needed to change your e-mail)" error={e("profile").currentPassword} />
            )}
          </FormCard>

          <FormCard
            id="password"
            action="/account/password"
            title={s.hasPassword ? "Change password" : "Set a password"}
            submit={<SubmitButton label="Save Password" pendingLabel="Saving..." className="btn btn-primary" />}
          >
            <p className="text-sm text-base-content/80">Every other device signed in to your account will be signed out.</p>
            {s.hasPassword && <CurrentPasswordField form="password" error={e("password").currentPassword} />}
            <TextField
              form="password"
              name="newPassword"
              type="password"
              label="New password"
              error={e("password").newPassword}
              hint="At least 10 characters."
              autoComplete="new-password"
            />
          </FormCard>

          {/* The unsubscribe page links here; the margin keeps the heading clear of the sticky header. */}
          <div id="emails" className="scroll-mt-24">
            <FormCard
              id="emails"
              action="/account/emails"
              title="E-mails"
              submit={<SubmitButton label="Save E-mail Choices" pendingLabel="Saving..." className="btn btn-primary" />}
            >
              <p className="text-sm text-base-content/80">
                Confirmations and changes to your orders, bookings and account always come. You can choose these others:
              </p>
              <label className="label cursor-pointer justify-start gap-3 whitespace-normal text-base-content">
                <input type="checkbox" name="reviewInvites" className="checkbox" defaultChecked={s.reviewInvites} aria-describedby="review-invites-hint" />
                E-mail me to review what I bought
              </label>
              <p id="review-invites-hint" className="text-sm text-base-content/80">
                Once per order, a few days after it arrives.
              </p>
              <label className="label cursor-pointer justify-start gap-3 whitespace-normal text-base-content">
                <input
                  type="checkbox"
                  name="bookingReminders"
                  className="checkbox"
                  defaultChecked={s.bookingReminders}
                  aria-describedby="booking-reminders-hint"
                />
                E-mail me a reminder before each appointment
              </label>
              <p id="booking-reminders-hint" className="text-sm text-base-content/80">
                {reminderHint(site.settings.bookingReminderHours)}
              </p>
            </FormCard>
          </div>

          <FormCard
            id="delete"
            action="/account/delete"
            title="Delete account"
            danger
            submit={<SubmitButton label="Delete My Account" pendingLabel="Deleting..." className="btn btn-error" />}
          >
            <p className="text-sm">
              Your name, e-mail, password, cart and sessions are deleted. Bookings and orders we must keep for our records stay, with no link to you and without
              your contact details. This cannot be undone.
            </p>
            {s.hasPassword && <CurrentPasswordField form="delete" error={e("delete").currentPassword} />}
            <TextField form="delete" name="confirm" label="Type DELETE to confirm" error={e("delete").confirm} autoComplete="off" />
          </FormCard>
        </div>
      </Layout>
    ),
  };
}
