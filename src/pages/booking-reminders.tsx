/**
 * /unsubscribe/booking-reminders: the link in a booking reminder. It asks before it acts (a mail
 * scanner that opens links changes nothing), then turns the reminders off with one plain form
 * post, no sign-in and no JavaScript needed.
 */
import { Layout } from "../components/Layout";
import { FormNotice, SubmitButton } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import { bookingRemindersUnsubscribePath } from "../server/booking-reminders.server";
import type { PageDefinition } from "./page";

export type BookingRemindersPageState = { outcome: "ask"; token: string } | { outcome: "done" } | { outcome: "invalid" };

export function bookingRemindersUnsubscribePage(site: SiteData, s: BookingRemindersPageState): PageDefinition {
  return {
    path: bookingRemindersUnsubscribePath,
    title: `Booking reminders | ${site.settings.businessName}`,
    description: "Stop the e-mails that remind you of your appointments.",
    noindex: true,
    status: s.outcome === "invalid" ? 400 : 200,
    scripts: s.outcome === "ask" ? [manifest.formPending] : [],
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-md space-y-6 px-4 py-12">
          <h1 className="text-3xl font-bold">Booking reminders</h1>
          {s.outcome === "ask" && (
            <form method="post" action={bookingRemindersUnsubscribePath} data-pending className="space-y-4">
              <p>
                Before each confirmed appointment, we e-mail you once to remind you of it. Stop these reminders? Your bookings and the other e-mails about them
                (confirmations, changes) stay as they are.
              </p>
              <input type="hidden" name="token" value={s.token} />
              <SubmitButton label="Stop booking reminders" pendingLabel="Stopping..." className="btn btn-primary" />
            </form>
          )}
          {s.outcome === "done" && (
            <FormNotice tone="success" title="You will get no more booking reminders">
              You can turn them on again any time in your account settings, under E-mails.
            </FormNotice>
          )}
          {s.outcome === "invalid" && (
            <FormNotice tone="error" title="This link does not work">
              It may have been cut short by your e-mail program. Sign in and turn booking reminders off in your account settings, under E-mails.
            </FormNotice>
          )}
          <p className="text-sm">
            <a href={site.user ? "/account#emails" : "/login?returnTo=%2Faccount%23emails"} className="link">
              {site.user ? "Go to your account settings" : "Sign in to your account"}
            </a>
          </p>
        </div>
      </Layout>
    ),
  };
}
