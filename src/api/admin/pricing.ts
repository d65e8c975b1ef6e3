/**
 * The service-pricing table in the admin portal (behind requireAdmin): GET /api/admin/pricing lists
 * every entry, active or not; PUT /api/admin/pricing/{id} saves one. The next request to a page, a
 * booking or a PayPal order reads the new price from the same table.
 */
import { Hono } from "hono";
import { saveServicePriceByAdmin } from "../../actions/save-service-price.server";
import { servicePricingEntries } from "../../reads/admin-pricing.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";
import { servicePricingPutSchema } from "../../shared/service-pricing";

export function adminPricingApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/pricing", (c) => c.json(servicePricingEntries(deps)))
    .put("/pricing/:id", validJson(servicePricingPutSchema), (c) =>
      c.json(saveServicePriceByAdmin(deps, c.get("admin"), c.req.param("id"), c.req.valid("json"))),
    );
}
