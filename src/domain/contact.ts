/** The service options of the contact form, labelled with prices from the pricing table. */
import { contactExtraServiceLabels, contactPackageValues } from "../shared/contact";
import { formatMoneyPerUnit } from "./format";

export type ServiceOption = { value: string; label: string };

/**
 * The options of the contact form: the packages the pricing table sells now, with name and price
 * from it, then a general consultation and "other" (docs/product.md#field-messages). Nothing else:
 * the form never offers a service the business does not have.
 */
export function contactServiceOptions(pricing: { id: string; name: string; price: string; unit: string }[], currency: string): ServiceOption[] {
  const byId = new Map(pricing.map((p) => [p.id, p]));
  const packages = contactPackageValues.flatMap((value) => {
    const p = byId.get(value);
    return p ? [{ value, label: `${p.name} (${formatMoneyPerUnit(p.price, p.unit, currency)})` }] : [];
  });
  return [...packages, ...Object.entries(contactExtraServiceLabels).map(([value, label]) => ({ value, label }))];
}
