/**
 * /unsubscribe/review-invitations: the link in a review invitation. It asks before it acts (a
 * mail scanner that opens links changes nothing), then turns the invitations off with one plain
 * form post, no sign-in and no JavaScript needed.
 */
import { Layout } from "../components/Layout";
import { FormNotice, SubmitButton } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import { reviewInvitesUnsubscribePath } from "../server/review-invitations.server";
import type { PageDefinition } from "./page";

export type ReviewInvitesPageState = { outcome: "ask"; token: string } | { outcome: "done" } | { outcome: "invalid" };

export function reviewInvitesUnsubscribePage(site: SiteData, s: ReviewInvitesPageState): PageDefinition {
  return {
    path: reviewInvitesUnsubscribePath,
    title: `Review invitations | ${site.settings.businessName}`,
    description: "Stop the e-mails that ask you to review what you bought.",
    noindex: true,
    status: s.outcome === "invalid" ? 400 : 200,
    scripts: s.outcome === "ask" ? [manifest.formPending] : [],
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-md space-y-6 px-4 py-12">
          <h1 className="text-3xl font-bold">Review invitations</h1>
          {s.outcome === "ask" && (
            <form method="post" action={reviewInvitesUnsubscribePath} data-pending className="space-y-4">
              <p>
                A few days after an order arrives, we e-mail once to ask how you like what you bought. Stop these e-mails? Your account and your other e-mails
                (orders, bookings) stay as they are.
              </p>
              <input type="hidden" name="token" value={s.token} />
              <SubmitButton label="Stop review invitations" pendingLabel="Stopping..." className="btn btn-primary" />
            </form>
          )}
          {s.outcome === "done" && (
            <FormNotice tone="success" title="You will get no more review invitations">
              You can turn them on again any time in your account settings, under E-mails.
            </FormNotice>
          )}
          {s.outcome === "invalid" && (
            <FormNotice tone="error" title="This link does not work">
              It may have been cut short by your e-mail program. Sign in and turn review invitations off in your account settings, under E-mails.
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
