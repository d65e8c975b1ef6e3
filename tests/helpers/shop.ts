/** Shop data for route tests: a South Australian delivery address and the seeded products' ids. */
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.server";
import { products } from "../../src/db/schema";

/** A valid delivery address in Adelaide, as checkout takes it. */
export const testAddress = { name: "Ann Lee", line1: "1 King William St", suburb: "Adelaide", state: "SA" as const, postcode: "5000", phone: "0412 345 678" };

/** The id of the seeded product `slug`; throws when there is none. */
export function productIdOf(db: Db, slug: string): number {
  const row = db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).get();
  if (!row) throw new Error(`no product ${slug}`);
  return row.id;
}
