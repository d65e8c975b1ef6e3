/**
 * The admin portal's frame: a skip link, a bar naming the business and the portal, and the main
 * content. It shares nothing with the public navigation: no cart, no customer account, no promo.
 */
import type { ReactNode } from "react";
import type { SiteData } from "./site";

export function AdminLayout({ site, children }: { site: SiteData; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-base-300 bg-neutral text-neutral-content">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <p className="font-semibold">{site.settings.businessName}</p>
          <p className="text-sm opacity-80">Admin portal</p>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
    </>
  );
}
