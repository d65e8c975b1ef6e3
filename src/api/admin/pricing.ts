/**
 * The service-pricing table in the admin portal (behind requireAdmin): GET /api/admin/pricing lists
 * every entry, active or not; PUT /api/admin/pricing/{id} saves one. The next request to a page, a
 * booking or a PayPal order reads the new price from the same table.
 */
import { Hono } from "hono";
import { findServicePrice, listAllPricing, type ServicePrice, updateServicePrice } from "../../db/pricing.server";
import type { AppDeps } from "../../server/deps";
import { badRequest, notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";
import { type ServicePricingView, servicePricingPutSchema } from "../../shared/service-pricing";
import { assertWritten } from "./write-result";

const missing = "No service-pricing entry has this id.";

/** What the portal sees of a pricing row. */
function pricingView(row: ServicePrice): ServicePricingView {
  const { id, kind, unit, name, price, description, features, isPopular, isActive, sortOrder } = row;
  return { id, kind, unit, name, price, description, features, isPopular, isActive, sortOrder };
}

export function adminPricingApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/pricing", (c) => c.json(listAllPricing(deps.db).map(pricingView)))
    .put("/pricing/:id", validJson(servicePricingPutSchema), (c) => {
      const id = c.req.param("id");
      // id, kind and unit identify the entry; they are not changed by a PUT.
      const { id: bodyId, kind: _kind, unit: _unit, ...edit } = c.req.valid("json");
      if (bodyId !== undefined && bodyId !== id) throw badRequest("Some fields need attention.", { id: "Does not match the entry being saved" });
      assertWritten(updateServicePrice(deps.db, id, edit, c.get("admin")), missing);
      const saved = findServicePrice(deps.db, id);
      if (!saved) throw notFound(missing);
      return c.json(pricingView(saved));
    });
}
