/**
 * Account settings (/account): name and e-mail, password, the e-mails a customer may choose, and
 * deleting the account, with what that does to each booking and order (decision 066); and the
 * confirmation after it (/account-deleted).
 */
import { EmailVerificationNotice } from "../components/EmailVerificationNotice";
import { InputField } from "../components/FormField";
import { Layout } from "../components/Layout";
import { NameFields } from "../components/NameFields";
import { FormCard, FormNotice, SubmitButton, TextField, type FormErrors } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import type { PageDefinition } from "./page";
import { HeadingBackToDashboard } from "../components/BackLink";
import { bookingPagePath } from "../domain/booking";
import type { BookingOutcome, DeletionFate, DeletionPlan, OrderOutcome } from "../domain/account-deletion";
import { formatDate, formatTime } from "../domain/format";
import { orderPagePath, orderStatusLabels } from "../shared/orders";

export type AccountPageState = {
  profile: { firstName: string; lastName: string; email: string };
  hasPassword: boolean;
  /** "E-mail me to review what I bought". */
  reviewInvites: boolean;
  /** "E-mail me a reminder before each appointment". */
  bookingReminders: boolean;
  /** What deleting the account would do to each booking and order now. */
  deletion: DeletionPlan;
  form?: "profile" | "password" | "delete";
  errors?: FormErrors;
  /** What the customer typed in the refused form, shown again (passwords never are). */
  values?: Record<string, string>;
  /** A refusal of the whole form rather than of one field (the deletion blocked meanwhile). */
  formError?: string;
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

          <DeleteAccount s={s} errors={e("delete")} />
        </div>
      </Layout>
    ),
  };
}

const fateLabels: Record<DeletionFate, string> = { cancelled: "Cancelled", kept: "Kept as a record", blocks: "Settle with us first" };
const fateBadges: Record<DeletionFate, string> = { cancelled: "badge-ghost", kept: "badge-ghost", blocks: "badge-warning" };

/** One booking or order and what deleting the account does to it. */
function Outcome(props: { title: string; href: string | null; detail: string; fate: DeletionFate; why: string }) {
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">
          {props.href ? (
            <a href={props.href} className="link">
              {props.title}
            </a>
          ) : (
            props.title
          )}
        </p>
        <span className={`badge ${fateBadges[props.fate]} shrink-0`}>{fateLabels[props.fate]}</span>
      </div>
      <p className="text-sm text-base-content/80">{props.detail}</p>
      <p className="text-sm">{props.why}</p>
    </li>
  );
}

const bookingOutcome = (b: BookingOutcome) => (
  <Outcome
    key={b.id}
    title={`${b.serviceName}${b.reference ? ` (${b.reference})` : ""}`}
    href={b.reference ? bookingPagePath(b.reference) : null}
    detail={`${formatDate(b.appointmentDate, "full")} at ${formatTime(b.appointmentTime)}`}
    fate={b.fate}
    why={b.why}
  />
);

const orderOutcome = (o: OrderOutcome) => (
  <Outcome
    key={o.orderNumber}
    title={`Order ${o.orderNumber}`}
    href={orderPagePath(o.orderNumber)}
    detail={orderStatusLabels[o.status]}
    fate={o.fate}
    why={o.why}
  />
);

/** What deleting the account does to each booking and order, listed before the customer confirms. */
function DeletionOutcomes({ plan }: { plan: DeletionPlan }) {
  if (plan.bookings.length === 0 && plan.orders.length === 0) return <p className="text-sm">You have no bookings or orders with us.</p>;
  return (
    <div className="space-y-4">
      {plan.bookings.length > 0 && (
        <div>
          <h3 className="font-semibold">Your bookings</h3>
          <ul className="divide-y divide-base-300">{plan.bookings.map(bookingOutcome)}</ul>
        </div>
      )}
      {plan.orders.length > 0 && (
        <div>
          <h3 className="font-semibold">Your orders</h3>
          <ul className="divide-y divide-base-300">{plan.orders.map(orderOutcome)}</ul>
        </div>
      )}
    </div>
  );
}

const whatGoes =
  "Your name, e-mail address, password, reviews, cart, wishlist and sign-ins are deleted. Records we keep for our books stay without your name, contact details or address. This cannot be undone.";

/**
 * Deleting the account. A refused attempt comes back with the first wrong field autofocused, which
 * the browser scrolls into view with its message, JavaScript or not. (No #fragment on the action:
 * a browser skips autofocus on a page whose address names an element.)
 */
function DeleteAccount({ s, errors }: { s: AccountPageState; errors: FormErrors }) {
  const own = s.form === "delete";
  const firstError = s.hasPassword && errors.currentPassword ? "currentPassword" : errors.confirm ? "confirm" : null;
  if (s.deletion.blocked)
    return (
      <section id="delete" aria-labelledby="delete-title" className="card scroll-mt-24 border border-error bg-base-100">
        <div className="card-body">
          <h2 id="delete-title" className="card-title">
            Delete account
          </h2>
          {own && s.formError && <FormNotice tone="error">{s.formError}</FormNotice>}
          <p className="text-sm">
            Your account cannot be deleted yet: something below is confirmed, paid or on its way to being sent, and we need to settle it with you first.{" "}
            <a href="/contact" className="link">
              Contact us
            </a>{" "}
            quoting its reference, and delete your account once it is settled.
          </p>
          <DeletionOutcomes plan={s.deletion} />
          <p className="text-sm text-base-content/80">{whatGoes}</p>
        </div>
      </section>
    );
  return (
    <div id="delete" className="scroll-mt-24">
      <FormCard
        id="delete"
        action="/account/delete"
        title="Delete account"
        danger
        submit={<SubmitButton label="Delete My Account" pendingLabel="Deleting..." className="btn btn-error" />}
      >
        {own && s.formError && <FormNotice tone="error">{s.formError}</FormNotice>}
        {(s.deletion.bookings.length > 0 || s.deletion.orders.length > 0) && (
          <p className="text-sm">What happens to your bookings and orders when you delete your account:</p>
        )}
        <DeletionOutcomes plan={s.deletion} />
        <p className="text-sm">{whatGoes}</p>
        {s.hasPassword && (
          <InputField
            id="delete-currentPassword"
            label="Current password"
            name="currentPassword"
            type="password"
            error={errors.currentPassword}
            autoComplete="current-password"
            autoFocus={firstError === "currentPassword"}
          />
        )}
        <InputField
          id="delete-confirm"
          label="Type DELETE to confirm"
          name="confirm"
          defaultValue={own ? s.values?.confirm : undefined}
          error={errors.confirm}
          hint="Capital letters or not, either is fine."
          autoComplete="off"
          autoCapitalize="characters"
          autoFocus={firstError === "confirm"}
        />
      </FormCard>
    </div>
  );
}

/** /account-deleted: where the customer lands once their account is gone. */
export function accountDeletedPage(site: SiteData): PageDefinition {
  return {
    path: "/account-deleted",
    title: `Account deleted | ${site.settings.businessName}`,
    description: "Your account has been deleted.",
    noindex: true,
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-2xl space-y-4 px-4 py-10">
          <h1 className="text-3xl font-bold">Your account has been deleted</h1>
          <FormNotice tone="success">You are signed out, and your name, e-mail address and password are gone from our site.</FormNotice>
          <p>
            Bookings that were not yet confirmed or paid are cancelled and their times freed; orders with nothing paid are cancelled. What we keep for our
            records no longer carries your name, contact details or address. If you had bookings or orders, our team has been told which ones this changed.
          </p>
          <p>We will not e-mail you about this: your address is no longer with us.</p>
          <p className="flex flex-wrap gap-3">
            <a href="/" className="btn btn-primary">
              Home
            </a>
            <a href="/contact" className="btn btn-outline">
              Contact us
            </a>
          </p>
        </div>
      </Layout>
    ),
  };
}
