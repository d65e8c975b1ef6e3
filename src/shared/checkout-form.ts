/**
 * The checkout form as the browser holds it (strings, and the "billing same as shipping" box),
 * and how it becomes the payload `checkoutSchema` checks. Shared by the CheckoutForm island and the
 * plain `POST /checkout` form, so both send the server the same thing. No zod here: the island's
 * bundle gets the schema from checkout.ts.
 */
import type { OrderPaymentMethod } from "./checkout";

export const addressFields = ["name", "line1", "line2", "suburb", "state", "postcode", "phone"] as const;
export type AddressField = (typeof addressFields)[number];
export type AddressFormValues = Record<AddressField, string>;

export type CheckoutFormValues = {
  shippingAddress: AddressFormValues;
  /** Checked by default: the billing address is the shipping address. */
  billingSame: boolean;
  billingAddress: AddressFormValues;
  paymentMethod: OrderPaymentMethod | "";
  notes: string;
};

export const emptyAddress: AddressFormValues = { name: "", line1: "", line2: "", suburb: "", state: "", postcode: "", phone: "" };

/** A fresh checkout form: billing same as shipping, no method chosen yet. */
export function emptyCheckoutForm(): CheckoutFormValues {
  return { shippingAddress: { ...emptyAddress }, billingSame: true, billingAddress: { ...emptyAddress }, paymentMethod: "", notes: "" };
}

const optionalText = (value: string) => (value.trim() === "" ? undefined : value);

function addressPayload(a: AddressFormValues) {
  return { ...a, line2: optionalText(a.line2) };
}

/** The body `POST /api/orders` takes: no billing address when it is the shipping one, empty optional fields left out. */
export function checkoutPayload(v: CheckoutFormValues) {
  return {
    shippingAddress: addressPayload(v.shippingAddress),
    ...(v.billingSame ? {} : { billingAddress: addressPayload(v.billingAddress) }),
    paymentMethod: v.paymentMethod,
    notes: optionalText(v.notes),
  };
}

/** The form values a plain form post carries (`shippingAddress.name`, `billingSame=on`, ...), each field a string. */
export function checkoutFormFromFields(fields: Record<string, string>): CheckoutFormValues {
  const address = (prefix: string): AddressFormValues => {
    const a = { ...emptyAddress };
    for (const f of addressFields) a[f] = fields[`${prefix}.${f}`] ?? "";
    return a;
  };
  return {
    shippingAddress: address("shippingAddress"),
    billingSame: fields.billingSame !== undefined,
    billingAddress: address("billingAddress"),
    paymentMethod: (fields.paymentMethod ?? "") as CheckoutFormValues["paymentMethod"],
    notes: fields.notes ?? "",
  };
}

/** One line of the checkout's summary, at today's price. */
export type CheckoutLine = { productId: number; slug: string; name: string; image: string; quantity: number; unitPrice: string; lineTotal: string };

/** An address as an order shows it (`OrderAddressView`'s fields), as the form's strings. */
type KnownAddress = { name: string; line1: string; line2?: string; suburb: string; state: string; postcode: string; phone?: string };

function addressForm(a: KnownAddress): AddressFormValues {
  return { name: a.name, line1: a.line1, line2: a.line2 ?? "", suburb: a.suburb, state: a.state, postcode: a.postcode, phone: a.phone ?? "" };
}

/** A fresh checkout form filled in with the addresses of the customer's last order (billing ticked "same" when it was). */
export function checkoutFormFromLastOrder(shipping: KnownAddress, billing: KnownAddress): CheckoutFormValues {
  const ship = addressForm(shipping);
  const bill = addressForm(billing);
  const same = addressFields.every((f) => ship[f] === bill[f]);
  return { ...emptyCheckoutForm(), shippingAddress: ship, billingSame: same, billingAddress: same ? { ...emptyAddress } : bill };
}
