/**
 * The owner saves one entry of the service-pricing table (PUT /api/admin/pricing/{id}), written with
 * its audit entry in one transaction (`updateServicePrice`): the next page, booking or PayPal order
 * reads the new price.
 */
import type { AuditActor } from "../db/audit.server";
import { findServicePrice, updateServicePrice } from "../db/pricing.server";
import { pricingView } from "../reads/admin-pricing.server";
import { badRequest, notFound } from "../server/errors";
import type { ServicePricingPut, ServicePricingView } from "../shared/service-pricing";
import type { ActionDeps } from "./action";
import { assertWritten } from "./public-write.server";

const missing = "No service-pricing entry has this id.";

/** Saves `input` as entry `entryId` for `admin`; answers the entry as saved, or throws 404 or 400 with field messages. */
export function saveServicePriceByAdmin(deps: ActionDeps, admin: AuditActor, entryId: string, input: ServicePricingPut): ServicePricingView {
  // id, kind and unit identify the entry; they are not changed by a save.
  const { id: bodyId, kind: _kind, unit: _unit, ...edit } = input;
  if (bodyId !== undefined && bodyId !== entryId) throw badRequest("Some fields need attention.", { id: "Does not match the entry being saved" });
  assertWritten(updateServicePrice(deps.db, entryId, edit, admin), missing);
  const saved = findServicePrice(deps.db, entryId);
  if (!saved) throw notFound(missing);
  return pricingView(saved);
}
