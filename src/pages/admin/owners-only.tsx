/**
 * What a staff member sees on a portal page only owners may open (decision 040): a plain page saying
 * so, with the way back, answered 403. No island: nothing on it needs the API.
 */
import type { SiteData } from "../../components/site";
import { adminRooms, currentRoom } from "../../shared/admin-rooms";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminOwnersOnlyPage(site: SiteData, path: string): PageDefinition {
  const room = adminRooms.find((r) => r.href === currentRoom(path));
  const what = room ? `${room.label} is` : "This page is";
  return {
    ...adminShellPage(site, {
      path,
      title: "Owners only",
      island: (
        <section aria-labelledby="owners-only" className="mx-auto max-w-xl space-y-4" data-testid="owners-only">
          <h1 id="owners-only" className="text-2xl font-bold">
            Owners only
          </h1>
          <p>{`${what} only for the owners of the business. Your staff account handles enquiries, bookings, orders and products.`}</p>
          <p>Ask an owner if something here needs changing.</p>
          <a href="/admin/dashboard" className="btn btn-primary">
            Back to the dashboard
          </a>
        </section>
      ),
    }),
    status: 403,
  };
}
