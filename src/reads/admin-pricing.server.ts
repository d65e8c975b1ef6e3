/** What the owner sees of the service-pricing table: every entry, active or not. */
import { listAllPricing, type ServicePrice } from "../db/pricing.server";
import type { ServicePricingView } from "../shared/service-pricing";
import type { ReadDeps } from "./read";

/** What the portal sees of a pricing row. */
export function pricingView(row: ServicePrice): ServicePricingView {
  const { id, kind, unit, name, price, description, features, isPopular, isActive, sortOrder, lengthUnit, lengthCount } = row;
  return { id, kind, unit, name, price, description, features, isPopular, isActive, sortOrder, lengthUnit, lengthCount };
}

/** Every service-pricing entry, active or not, in display order, as the portal sees it. */
export function servicePricingEntries(deps: ReadDeps): ServicePricingView[] {
  return listAllPricing(deps.db).map(pricingView);
}
