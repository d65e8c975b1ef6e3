/** The frame of the pages that are one narrow column of plain forms: signing in, and resetting a password. */
import type { ReactNode } from "react";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import type { PageDefinition } from "./page";

/** A private page (never indexed) of `children` in one narrow column, with the script that marks a posted form's button pending. */
export function narrowFormPage(site: SiteData, page: Pick<PageDefinition, "path" | "title" | "description" | "status">, children: ReactNode): PageDefinition {
  return {
    ...page,
    noindex: true,
    scripts: [manifest.formPending],
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-md px-4 py-12">{children}</div>
      </Layout>
    ),
  };
}
