/**
 * The server shell of every /admin page: a title, `noindex`, the admin frame and one admin island
 * that does the work through /api/admin with the bearer token. The shell holds no admin data (it
 * arrives without a token), and its route never asks for public caching, so it is sent
 * `private, no-store` and the fast path never serves it.
 */
import type { ReactElement } from "react";
import { AdminLayout } from "../../components/AdminLayout";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";

export function adminShellPage(site: SiteData, shell: { path: string; title: string; island: ReactElement }): PageDefinition {
  return {
    path: shell.path,
    title: `${shell.title} | Admin | ${site.settings.businessName}`,
    description: "The business's admin portal.",
    noindex: true,
    body: (
      <AdminLayout site={site} path={shell.path === "/admin/login" ? undefined : shell.path}>
        {shell.island}
      </AdminLayout>
    ),
  };
}
