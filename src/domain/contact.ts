/** The service options of the contact form, labelled with prices from the pricing table. */
import { contactExtraServiceLabels, contactServiceValues } from "../shared/contact";
import { formatMoneyPerUnit } from "./format";

export type ServiceOption = { value: string; label: string };

/** The nine options of the contact form (docs/product.md#field-messages); the six packages take name and price from `pricing`. */
export function contactServiceOptions(pricing: { id: string; name: string; price: string; unit: string }[], currency: string): ServiceOption[] {
  const byId = new Map(pricing.map((p) => [p.id, p]));
  return contactServiceValues.map((value) => {
    const p = byId.get(value);
    if (p) return { value, label: `${p.name} (${formatMoneyPerUnit(p.price, p.unit, currency)})` };
    return { value, label: contactExtraServiceLabels[value] ?? value };
  });
}
