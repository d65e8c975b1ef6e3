/** Shown when a sign-out link was followed from another site: signing out takes one more click here. */
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import type { PageDefinition } from "./page";

export function confirmSignOutPage(site: SiteData): PageDefinition {
  return {
    path: "/api/logout",
    title: `Sign out | ${site.settings.businessName}`,
    description: "Sign out of your account.",
    status: 403,
    noindex: true,
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-md px-4 py-16 text-center">
          <h1 className="text-3xl font-bold">Sign out?</h1>
          <p className="mt-2 text-base-content/80">
            This sign-out link did not come from this site, so nothing was changed. To sign out, use the button below.
          </p>
          <form method="post" action="/api/logout" className="mt-8">
            <button type="submit" className="btn btn-primary">
              Sign out
            </button>
          </form>
          <p className="mt-6 text-sm">
            <a href="/" className="link">
              Stay signed in and go to the home page
            </a>
          </p>
        </div>
      </Layout>
    ),
  };
}
