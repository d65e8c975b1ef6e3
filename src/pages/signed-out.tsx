/** The page a signed-out visitor gets on a customer-only page (see server/middleware/require-customer.ts). */
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import type { PageDefinition } from "./page";

/** What a signed-out visitor sees for a moment before being sent to sign in (docs/product.md#toasts-and-notices). */
export function signedOutPage(site: SiteData, returnTo: string): PageDefinition {
  const target = `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
  return {
    path: returnTo,
    title: `Please sign in | ${site.settings.businessName}`,
    description: "Sign in to continue.",
    status: 401,
    noindex: true,
    scripts: [manifest.formPending],
    refresh: { seconds: 1, url: target },
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-md px-4 py-24 text-center" data-redirect={target} data-delay="500">
          <div role="alert" className="alert alert-error text-left">
            <div>
              <p className="font-semibold">Unauthorized</p>
              <p>You are logged out. Logging in again...</p>
            </div>
          </div>
          <p className="mt-6">
            <a href={target} className="link">
              Continue to sign in
            </a>
          </p>
        </div>
      </Layout>
    ),
  };
}
