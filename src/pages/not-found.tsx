/** The 404 page for any path that matches no route. */
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import type { PageDefinition } from "./page";

export function notFoundPage(site: SiteData, path: string): PageDefinition {
  return {
    path,
    title: `Page Not Found | ${site.settings.businessName}`,
    description: "The page you are looking for does not exist.",
    status: 404,
    noindex: true,
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-xl px-4 py-24 text-center">
          <p className="text-6xl font-bold text-primary">404</p>
          <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
          <p className="mt-2 text-base-content/80">The page you are looking for does not exist or has moved.</p>
          <a href="/" className="btn btn-primary mt-8">
            Back to Home
          </a>
        </div>
      </Layout>
    ),
  };
}
