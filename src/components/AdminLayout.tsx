/**
 * The admin portal's frame: a skip link, a bar naming the business and the portal, the portal's
 * menu (plain links, so it works before any island has loaded) and the main content. It shares
 * nothing with the public navigation: no cart, no customer account, no promo.
 */
import type { ReactNode } from "react";
import { type AdminRole, mayOpenAdminPage } from "../domain/admin-roles";
import { adminRooms, currentRoom } from "../shared/admin-rooms";
import type { SiteData } from "./site";

/** The menu lists the rooms the signed-in admin may open (every room when the shell does not know them). */
function AdminMenu({ path, role }: { path: string; role: AdminRole | null }) {
  const current = currentRoom(path);
  const rooms = role ? adminRooms.filter((r) => mayOpenAdminPage(role, r.href)) : adminRooms;
  return (
    <nav aria-label="Portal" className="border-b border-base-300 bg-base-200">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 py-1 text-sm md:flex-wrap">
        {rooms.map((r) => (
          <li key={r.href} className="shrink-0">
            <a
              href={r.href}
              aria-current={r.href === current ? "page" : undefined}
              className={`block rounded px-3 py-2 hover:bg-base-300 ${r.href === current ? "bg-base-100 font-semibold" : ""}`}
            >
              {r.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `path` is the page's own path; the sign-in page passes none and gets no menu. */
export function AdminLayout({ site, path, children }: { site: SiteData; path?: string; children: ReactNode }) {
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
      {path ? <AdminMenu path={path} role={site.adminRole ?? null} /> : null}
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
    </>
  );
}
