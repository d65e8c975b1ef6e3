/**
 * The admin portal's frame: a skip link, a bar naming the business and the portal, the portal's
 * menu (plain links, so it works before any island has loaded and without JavaScript; grouped
 * behind a "Menu" button on a phone) and the main content. It shares
 * nothing with the public navigation: no cart, no customer account, no promo.
 */
import type { ReactNode } from "react";
import { type AdminRole, mayOpenAdminPage } from "../domain/admin-roles";
import { adminRoomGroups, adminRooms, currentRoom } from "../shared/admin-rooms";
import type { SiteData } from "./site";

type Room = (typeof adminRooms)[number];

function RoomLink({ room, current, className }: { room: Room; current: string | undefined; className: string }) {
  return (
    <a
      href={room.href}
      aria-current={room.href === current ? "page" : undefined}
      className={`${className} rounded hover:bg-base-300 ${room.href === current ? "bg-base-100 font-semibold" : ""}`}
    >
      {room.label}
    </a>
  );
}

/**
 * On a phone the menu is a menu: one "Menu" button (a native <details>, so it opens by keyboard and
 * without JavaScript) over the rooms gathered in groups, every room reachable at 360 px without
 * scrolling sideways. From the `md` breakpoint the rooms are one wrapping row.
 */
function PhoneMenu({ rooms, current }: { rooms: readonly Room[]; current: string | undefined }) {
  const currentLabel = rooms.find((r) => r.href === current)?.label;
  return (
    <nav aria-label="Portal" className="border-b border-base-300 bg-base-200 md:hidden">
      <details className="group">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-4 py-2 [&::-webkit-details-marker]:hidden">
          <span className="font-semibold">Menu</span>
          <span className="flex items-center gap-2 text-sm">
            {currentLabel && <span>{currentLabel}</span>}
            <span aria-hidden="true" className="transition-transform group-open:rotate-180">
              ▾
            </span>
          </span>
        </summary>
        <div className="grid grid-cols-2 gap-x-3 gap-y-4 px-3 pb-4 text-sm">
          {adminRoomGroups.map((group) => {
            const inGroup = rooms.filter((r) => r.group === group);
            if (inGroup.length === 0) return null;
            const id = `portal-menu-${group.toLowerCase()}`;
            return (
              <div key={group}>
                <p id={id} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide">
                  {group}
                </p>
                <ul aria-labelledby={id}>
                  {inGroup.map((r) => (
                    <li key={r.href}>
                      <RoomLink room={r} current={current} className="block px-2 py-2" />
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </details>
    </nav>
  );
}

/** The menu lists the rooms the signed-in admin may open (every room when the shell does not know them). */
function AdminMenu({ path, role }: { path: string; role: AdminRole | null }) {
  const current = currentRoom(path);
  const rooms = role ? adminRooms.filter((r) => mayOpenAdminPage(role, r.href)) : adminRooms;
  return (
    <>
      <PhoneMenu rooms={rooms} current={current} />
      <nav aria-label="Portal" className="hidden border-b border-base-300 bg-base-200 md:block">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-2 py-1 text-sm">
          {rooms.map((r) => (
            <li key={r.href} className="shrink-0">
              <RoomLink room={r} current={current} className="block px-3 py-2" />
            </li>
          ))}
        </ul>
      </nav>
    </>
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
