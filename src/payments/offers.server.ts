/** The price a viewer pays for a package, computed on the server from the pricing table and settings. */
import type { CurrentUser } from "../components/site";
import type { Db } from "../db/client.server";
import { listPackages } from "../db/pricing.server";
import { getSettings } from "../db/settings.server";
import { isReturningCustomer, serviceOffer, type ServiceOffer } from "../domain/payment";
import type { Settings } from "../shared/settings";

/** The offer for `serviceId` to `user` (null when signed out), and the settings it was priced with; null for an unknown service. */
export function offerForViewer(db: Db, serviceId: string, user: CurrentUser | null): { offer: ServiceOffer; settings: Settings } | null {
  const pkg = listPackages(db).find((p) => p.id === serviceId);
  if (!pkg) return null;
  const settings = getSettings(db);
  return { offer: serviceOffer(pkg, isReturningCustomer(user), settings), settings };
}
