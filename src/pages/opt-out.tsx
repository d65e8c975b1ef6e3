/**
 * The page a link in an optional e-mail opens to turn those e-mails off (review invitations, booking
 * reminders). It asks before it acts (a mail scanner that opens links changes nothing), then turns
 * them off with one plain form post, no sign-in and no JavaScript needed. Each kind of e-mail
 * declares its words once as an `OptOut`.
 */
import { Layout } from "../components/Layout";
import { FormNotice, SubmitButton } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import type { PageDefinition } from "./page";

/** One kind of e-mail a link can turn off: its page, its name, and what the page says it is. */
export type OptOut = {
  path: string;
  /** "Review invitations": the heading; in lower case in sentences. */
  name: string;
  description: string;
  /** What these e-mails are, and what stays: the question above the button. */
  explanation: string;
};

export type OptOutPageState = { outcome: "ask"; token: string } | { outcome: "done" } | { outcome: "invalid" };

export function optOutPage(site: SiteData, optOut: OptOut, s: OptOutPageState): PageDefinition {
  const lower = optOut.name.toLowerCase();
  return {
    path: optOut.path,
    title: `${optOut.name} | ${site.settings.businessName}`,
    description: optOut.description,
    noindex: true,
    status: s.outcome === "invalid" ? 400 : 200,
    scripts: s.outcome === "ask" ? [manifest.formPending] : [],
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-md space-y-6 px-4 py-12">
          <h1 className="text-3xl font-bold">{optOut.name}</h1>
          {s.outcome === "ask" && (
            <form method="post" action={optOut.path} data-pending className="space-y-4">
              <p>{optOut.explanation}</p>
              <input type="hidden" name="token" value={s.token} />
              <SubmitButton label={`Stop ${lower}`} pendingLabel="Stopping..." className="btn btn-primary" />
            </form>
          )}
          {s.outcome === "done" && (
            <FormNotice tone="success" title={`You will get no more ${lower}`}>
              You can turn them on again any time in your account settings, under E-mails.
            </FormNotice>
          )}
          {s.outcome === "invalid" && (
            <FormNotice tone="error" title="This link does not work">
              {`It may have been cut short by your e-mail program. Sign in and turn ${lower} off in your account settings, under E-mails.`}
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
