/**
 * The client's case room (/cases/{ref}): where the business delivers reports, photos and videos, the
 * case's progress and the messages both ways. Never publicly cached and never indexed. The island
 * renders the room on the server too, so every file link and the message form work with JavaScript
 * off; `notice` is what the plain form did, `draft` what it refused and why.
 */
import { BackLink } from "../components/BackLink";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import { StatusBadge } from "../components/StatusBadge";
import type { SiteData } from "../components/site";
import { caseRoomKey } from "../islands/CaseRoom";
import type { ClientCaseRoomPage } from "../reads/case-room-page.server";
import { confirmIdentityPath } from "../server/auth/recent-sign-in.server";
import type { PageDefinition } from "./page";

/** The room's own address: lowercase, as routing answers it without a redirect (references are stored in capitals). */
export const caseRoomPagePath = (reference: string) => `/cases/${reference.toLowerCase()}`;

/** The way into a booking's case room from the dashboard and the booking's page, marked "new" when the business added something unseen. */
export function CaseRoomLink({ reference, isNew, className }: { reference: string; isNew: boolean; className: string }) {
  return (
    <a href={caseRoomPagePath(reference)} className={className} data-testid="case-room-link">
      Case room
      {isNew && (
        <span className="badge badge-primary badge-sm" data-testid="case-room-new">
          new<span className="sr-only">: something you have not seen yet</span>
        </span>
      )}
    </a>
  );
}

/** What the plain message form's answer says on the room (`?notice=`). */
export const caseRoomNotices: ReadonlyMap<string, string> = new Map([["sent", "Your message is sent. We will reply here and e-mail you when we do."]]);

export type CaseRoomPageState = {
  notice?: string;
  /** The message the plain form refused: what was typed, and why (under the field) or the refusal of the whole form. */
  draft?: { body: string; error?: string };
  formError?: string;
  status?: 400 | 409 | 429;
};

export function caseRoomPage(site: SiteData, page: ClientCaseRoomPage, state: CaseRoomPageState = {}): PageDefinition {
  const { view } = page;
  const path = caseRoomPagePath(view.reference);
  return {
    path,
    status: state.status,
    title: `Case room ${view.reference} | ${site.settings.businessName}`,
    description: "Your case: its progress, the files we deliver and our messages.",
    noindex: true,
    body: (
      <Layout site={site} active="/dashboard">
        <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
          <div>
            <BackLink href="/dashboard">Your dashboard</BackLink>
            <h1 className="mt-2 text-3xl font-bold">Your case room</h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <span className="text-lg">
                Case <strong className="font-mono tracking-wide whitespace-nowrap">{view.reference}</strong>
              </span>
              <StatusBadge kind="caseStatus" status={view.status} testId="case-status-badge" />
            </div>
            <p className="mt-2 text-sm text-base-content/80">
              Only you and we can see this room. Nothing here is ever sent by e-mail: we only tell you when there is something new.
            </p>
          </div>
          {state.notice && (
            <div role="status" className="alert alert-success" data-testid="case-notice">
              <p>{state.notice}</p>
            </div>
          )}
          {state.formError && (
            <div role="alert" className="alert alert-error" data-testid="case-form-error">
              <p>{state.formError}</p>
            </div>
          )}
          <Island
            name="CaseRoom"
            props={{
              reference: view.reference,
              timeZone: site.settings.timezone,
              businessName: site.settings.businessName,
              confirmPath: page.filesNeedConfirmation ? confirmIdentityPath(path) : null,
              draft: state.draft,
            }}
            queries={[{ key: caseRoomKey(view.reference), data: view }]}
          />
        </div>
      </Layout>
    ),
  };
}
