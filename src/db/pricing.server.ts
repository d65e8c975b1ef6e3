/** Reads and writes the service-pricing table every price on the site comes from. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { servicePriceEditSchema } from "../shared/catalogue-edits";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { invalid, notFound, publicDataChanged, type PublicWrite } from "./public-data.server";
import { servicePricing, type ServicePrice } from "./schema";

export type { ServicePrice };

/** Active pricing rows in display order. */
export function listPricing(db: Db): ServicePrice[] {
  return db.select().from(servicePricing).where(eq(servicePricing.isActive, true)).orderBy(asc(servicePricing.sortOrder)).all();
}

/** Every pricing row, active or not, in display order (the admin portal's list). */
export function listAllPricing(db: Db): ServicePrice[] {
  return db.select().from(servicePricing).orderBy(asc(servicePricing.sortOrder), asc(servicePricing.id)).all();
}

/** One pricing row by id, active or not. */
export function findServicePrice(db: Db, id: string): ServicePrice | undefined {
  return db.select().from(servicePricing).where(eq(servicePricing.id, id)).get();
}

/** The six bookable packages. */
export function listPackages(db: Db): ServicePrice[] {
  return listPricing(db).filter((p) => p.kind === "package");
}

/** What the audit log keeps of a pricing row. */
function auditedPricing(row: ServicePrice) {
  return { name: row.name, price: row.price, description: row.description, features: row.features };
}

/**
 * Changes one service-pricing row (price, name, texts, flags); signals the change. A percentage
 * (a volume discount) stays at most 100, and no two rows share a name: bookings name their package.
 * With an `actor`, the audit entry (name, price, description and features before and after) is
 * written in the same transaction.
 */
export function updateServicePrice(db: Db, id: string, edit: unknown, actor?: AuditActor): PublicWrite {
  const parsed = servicePriceEditSchema.safeParse(edit);
  if (!parsed.success) return invalid(parsed.error);
  const data = parsed.data;
  const result = immediate(db, (): PublicWrite => {
    const row = db.select().from(servicePricing).where(eq(servicePricing.id, id)).get();
    if (!row) return notFound;
    if (row.unit === "percent" && data.price !== undefined && Number(data.price) > 100) {
      return { ok: false, reason: "invalid", fields: { price: "A discount must be at most 100%" } };
    }
    if (
      data.name !== undefined &&
      db
        .select({ id: servicePricing.id })
        .from(servicePricing)
        .where(and(sql`lower(${servicePricing.name}) = lower(${data.name})`, ne(servicePricing.id, id)))
        .get()
    ) {
      return { ok: false, reason: "invalid", fields: { name: "Another service already has this name" } };
    }
    const saved = db
      .update(servicePricing)
      .set({ ...data, updatedAt: new Date() })
      .where(eq(servicePricing.id, id))
      .returning()
      .get();
    if (actor && saved) {
      recordAudit(db, actor, {
        kind: "pricing",
        action: "pricing.update",
        recordId: id,
        summary: `Updated the service price ${saved.name}`,
        before: auditedPricing(row),
        after: auditedPricing(saved),
      });
    }
    return { ok: true };
  });
  if (result.ok) publicDataChanged(db);
  return result;
}
