/** The price a viewer pays for a package, computed on the server from the pricing table and settings. */
import type { CurrentUser } from "../components/site";
import type { Db } from "../db/client.server";
import { listPricing } from "../db/pricing.server";
import { getSettings } from "../db/settings.server";
import { isReturningCustomer, serviceOffer, type ServiceOffer } from "../domain/payment";
import { volumeBands } from "../domain/pricing";
import type { Settings } from "../shared/settings";

/** The offer for `serviceId` to `user` (null when signed out), and the settings it was priced with; null for an unknown service. */
export function offerForViewer(db: Db, serviceId: string, user: CurrentUser | null): { offer: ServiceOffer; settings: Settings } | null {
  const pricing = listPricing(db);
  const pkg = pricing.find((p) => p.kind === "package" && p.id === serviceId);
  if (!pkg) return null;
  const settings = getSettings(db);
  // The volume table the services page shows applies to the offer as it does to the booking.
  return { offer: serviceOffer(pkg, isReturningCustomer(user), { ...settings, volume: volumeBands(pricing) }), settings };
}
