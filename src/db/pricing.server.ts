/** Reads and writes the service-pricing table every price on the site comes from. */
import { asc, eq } from "drizzle-orm";
import { servicePriceEditSchema } from "../shared/catalogue-edits";
import { immediate, type Db } from "./client.server";
import { invalid, notFound, publicDataChanged, type PublicWrite } from "./public-data.server";
import { servicePricing, type ServicePrice } from "./schema";

/** Active pricing rows in display order. */
export function listPricing(db: Db): ServicePrice[] {
  return db.select().from(servicePricing).where(eq(servicePricing.isActive, true)).orderBy(asc(servicePricing.sortOrder)).all();
}

/** The six bookable packages. */
export function listPackages(db: Db): ServicePrice[] {
  return listPricing(db).filter((p) => p.kind === "package");
}

/** Changes one service-pricing row (price, name, texts, flags); signals the change. */
export function updateServicePrice(db: Db, id: string, edit: unknown): PublicWrite {
  const parsed = servicePriceEditSchema.safeParse(edit);
  if (!parsed.success) return invalid(parsed.error);
  const changed = immediate(db, () =>
    db
      .update(servicePricing)
      .set({ ...parsed.data, updatedAt: new Date() })
      .where(eq(servicePricing.id, id))
      .returning({ id: servicePricing.id })
      .all(),
  );
  if (changed.length === 0) return notFound;
  publicDataChanged(db);
  return { ok: true };
}
