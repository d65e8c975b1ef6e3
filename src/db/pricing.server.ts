/** Reads the service-pricing table every price on the site comes from. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { servicePricing, type ServicePrice } from "./schema";

/** Active pricing rows in display order. */
export function listPricing(db: Db): ServicePrice[] {
  return db
    .select()
    .from(servicePricing)
    .where(eq(servicePricing.isActive, true))
    .orderBy(asc(servicePricing.sortOrder))
    .all();
}

/** The six bookable packages. */
export function listPackages(db: Db): ServicePrice[] {
  return listPricing(db).filter((p) => p.kind === "package");
}
