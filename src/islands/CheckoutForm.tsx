/**
 * The checkout: shipping and billing addresses, the payment method, notes, and the order summary
 * whose totals follow the chosen method (the server computed each method's totals). Rendered by the
 * server as the plain POST /checkout form, so it works with JavaScript off; hydrated, it checks the
 * fields with the shared zod schema, posts JSON to /api/orders and goes to the order's page.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { get, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { apiRequest, ApiError } from "../client/api";
import { signInHref } from "../client/cart";
import { toast } from "../client/toast-store";
import { errorProps, FormField } from "../components/FormField";
import { AmountRow, OrderSummaryCard } from "../components/OrderSummary";
import { formatMoney } from "../domain/format";
import type { Adjustment, PricedOrder } from "../domain/totals";
import { australianStates, checkoutSchema, stateNames, type OrderPaymentMethod } from "../shared/checkout";
import { checkoutPayload, emptyCheckoutForm, type AddressField, type CheckoutFormValues, type CheckoutLine } from "../shared/checkout-form";
import { orderPagePath } from "../shared/orders";

export type CheckoutFormProps = {
  lines: CheckoutLine[];
  /** The order priced for each method the customer may choose, by the server (its adjustments shown as given). */
  priced: Partial<Record<OrderPaymentMethod, PricedOrder>>;
  methods: { value: OrderPaymentMethod; label: string; hint: string }[];
  gstEnabled: boolean;
  /** The currency setting the order is priced in. */
  currency: string;
  /** Values, field errors and a message from a plain (no-JS) submission the server re-rendered. */
  initialValues?: CheckoutFormValues;
  initialErrors?: Record<string, string>;
  formError?: string;
  /** Nothing can be ordered until the notice above the form is dealt with (unconfirmed e-mail, too many unpaid orders). */
  blocked?: boolean;
  /** The customer's last order, whose addresses fill the form in. */
  rememberedFrom?: string;
};

type Placed = { orderNumber: string };
type Issues = readonly { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] }[];

/** Sets `value` at a dotted path, so react-hook-form finds nested fields' errors. */
function nest(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] ??= value;
}

/** Checks what would be sent (billing dropped when it is the shipping address) with the server's schema. */
const checkoutResolver: Resolver<CheckoutFormValues> = (values) => {
  const result = checkoutSchema["~standard"].validate(checkoutPayload(values)) as { issues?: Issues };
  if (!result.issues) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.issues) {
    const key = (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".") || "root";
    nest(errors, key, { type: "validation", message: issue.message });
  }
  return { values: {}, errors: errors as FieldErrors<CheckoutFormValues> };
};

const addressInputs: { field: AddressField; label: string; autoComplete: string; type?: "tel"; inputMode?: "numeric" }[] = [
  { field: "name", label: "Full name", autoComplete: "name" },
  { field: "line1", label: "Street address", autoComplete: "address-line1" },
  { field: "line2", label: "Apartment, unit, etc. (optional)", autoComplete: "address-line2" },
  { field: "suburb", label: "Suburb", autoComplete: "address-level2" },
  { field: "postcode", label: "Postcode", autoComplete: "postal-code", inputMode: "numeric" },
  { field: "phone", label: "Phone", autoComplete: "tel", type: "tel" },
];

/** An adjustment's amount as the summary shows it: free shipping as "Free", a discount with a minus sign. */
function adjustmentAmount(a: Adjustment, currency: string): string {
  if (a.cents === 0) return "Free";
  return a.cents < 0 ? `−${formatMoney(-a.cents / 100, currency)}` : formatMoney(a.cents / 100, currency);
}

export default function CheckoutForm({
  lines,
  priced,
  methods,
  gstEnabled,
  currency,
  initialValues,
  initialErrors,
  formError,
  blocked = false,
  rememberedFrom,
}: CheckoutFormProps) {
  const money = (decimal: string) => formatMoney(Number(decimal), currency);
  const cents = (amount: number) => formatMoney(amount / 100, currency);
  const initial = initialValues ?? emptyCheckoutForm();
  const { register, handleSubmit, setError, watch, formState } = useForm<CheckoutFormValues>({ resolver: checkoutResolver, defaultValues: initial });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(initialErrors ?? {});
  const [notice, setNotice] = useState(formError);

  const place = useMutation({
    mutationFn: (values: CheckoutFormValues) => apiRequest<Placed>("POST", "/api/orders", checkoutPayload(values)),
    onSuccess: (order) => location.assign(`${orderPagePath(order.orderNumber)}?notice=placed`),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) {
        toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
        setTimeout(() => location.assign(signInHref()), 500);
        return;
      }
      const message = err instanceof ApiError && err.serverMessage ? err.serverMessage : "Your order could not be placed. Please try again.";
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      for (const [name, text] of Object.entries(fields)) setError(name as keyof CheckoutFormValues, { type: "server", message: text });
      setServerErrors(fields);
      setNotice(message);
      toast({ title: "Order not placed", description: message, variant: "destructive" });
    },
  });

  const onSubmit = handleSubmit((values) => {
    setServerErrors({});
    setNotice(undefined);
    place.mutate(values);
  });

  const err = (name: string): string | undefined => (get(formState.errors, name) as { message?: string } | undefined)?.message ?? serverErrors[name];
  const method = watch("paymentMethod");
  const shown = priced[method || "bank_transfer"] ?? Object.values(priced)[0];

  const addressBlock = (prefix: "shippingAddress" | "billingAddress") => {
    const stateId = `${prefix}-state`;
    const stateError = err(`${prefix}.state`);
    return (
      <div className="grid gap-x-4 sm:grid-cols-2">
        {addressInputs.map((a) => {
          const id = `${prefix}-${a.field}`;
          const name = `${prefix}.${a.field}` as const;
          const error = err(name);
          return (
            <div key={a.field} className={a.field === "line1" || a.field === "line2" || a.field === "name" ? "sm:col-span-2" : undefined}>
              <FormField id={id} label={a.label} error={error}>
                <input
                  id={id}
                  type={a.type ?? "text"}
                  inputMode={a.inputMode}
                  autoComplete={`${prefix === "shippingAddress" ? "shipping" : "billing"} ${a.autoComplete}`}
                  className="input w-full"
                  {...errorProps(id, error)}
                  {...register(name)}
                  defaultValue={initial[prefix][a.field]}
                />
              </FormField>
            </div>
          );
        })}
        <FormField id={stateId} label="State or territory" error={stateError}>
          <select
            id={stateId}
            className="select w-full"
            {...errorProps(stateId, stateError)}
            {...register(`${prefix}.state`)}
            defaultValue={initial[prefix].state}
          >
            <option value="">Choose a state or territory</option>
            {australianStates.map((s) => (
              <option key={s} value={s}>
                {stateNames[s]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    );
  };

  const methodError = err("paymentMethod");
  const notesError = err("notes");
  return (
    <form method="post" action="/checkout" noValidate onSubmit={onSubmit} aria-label="Checkout" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-8">
        {notice && (
          <div role="alert" className="alert alert-error" data-testid="checkout-error">
            <p>{notice}</p>
          </div>
        )}
        <fieldset className="space-y-2">
          <legend className="mb-2 text-xl font-bold">Shipping address</legend>
          {rememberedFrom && (
            <p className="text-sm text-base-content/80" data-testid="remembered-address">
              {`Filled in from your last order, ${rememberedFrom}. Change anything that is different this time.`}
            </p>
          )}
          {addressBlock("shippingAddress")}
        </fieldset>

        <fieldset className="group">
          <legend className="sr-only">Billing address</legend>
          <label className="flex cursor-pointer items-center gap-3">
            <input id="billing-same" type="checkbox" className="checkbox" {...register("billingSame")} defaultChecked={initial.billingSame} />
            <span>Billing address same as shipping</span>
          </label>
          {/* Hidden by CSS while the box is checked, so the plain form behaves the same without JavaScript. */}
          <div className="mt-4 space-y-2 group-has-[#billing-same:checked]:hidden" data-testid="billing-fields">
            <h2 className="text-xl font-bold">Billing address</h2>
            {addressBlock("billingAddress")}
          </div>
        </fieldset>

        <fieldset aria-describedby={methodError ? "payment-method-error" : undefined}>
          <legend className="mb-2 text-xl font-bold">Payment method</legend>
          <div className="space-y-2">
            {methods.map((m) => (
              <label key={m.value} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3">
                <input type="radio" className="radio mt-1" value={m.value} {...register("paymentMethod")} defaultChecked={initial.paymentMethod === m.value} />
                <span>
                  <span className="block font-semibold">{m.label}</span>
                  <span className="block text-sm text-base-content/80">{m.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {methodError && (
            <p id="payment-method-error" className="mt-1 text-sm text-error" role="alert">
              {methodError}
            </p>
          )}
        </fieldset>

        <FormField id="checkout-notes" label="Order notes (optional)" error={notesError}>
          <textarea
            id="checkout-notes"
            rows={3}
            className="textarea w-full"
            {...errorProps("checkout-notes", notesError)}
            {...register("notes")}
            defaultValue={initial.notes}
          />
        </FormField>
      </div>

      <OrderSummaryCard id="checkout-summary">
        <ul className="divide-y divide-base-300">
          {lines.map((l) => (
            <li key={l.productId} className="flex justify-between gap-3 py-2 text-sm" data-testid="checkout-line">
              <span className="min-w-0">{`${l.quantity} × ${l.name}`}</span>
              <span className="shrink-0 font-semibold">{money(l.lineTotal)}</span>
            </li>
          ))}
        </ul>
        {shown && (
          <dl className="space-y-2" aria-live="polite">
            <AmountRow label="Subtotal" testId="checkout-subtotal">
              {cents(shown.subtotalCents)}
            </AmountRow>
            {shown.adjustments.map((a) => (
              <AmountRow key={`${a.kind}-${a.label}`} label={a.label} className={a.cents < 0 ? "text-success" : undefined} testId={`checkout-${a.kind}`}>
                {adjustmentAmount(a, currency)}
              </AmountRow>
            ))}
            <AmountRow label="Total" className="border-t border-base-300 pt-2 text-lg font-bold" testId="checkout-total">
              {cents(shown.totalCents)}
            </AmountRow>
            {gstEnabled && (
              <AmountRow label="GST included" className="text-sm text-base-content/80" testId="checkout-gst">
                {cents(shown.gstCents)}
              </AmountRow>
            )}
          </dl>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={place.isPending || blocked}
          aria-describedby={blocked ? "checkout-blocked" : undefined}
          data-pending-label="Placing order..."
        >
          {place.isPending ? "Placing order..." : "Place order"}
        </button>
        {blocked && (
          <p id="checkout-blocked" className="text-sm text-base-content/80">
            See the notice above: the order can be placed once it is dealt with.
          </p>
        )}
        <a href="/cart" className="btn btn-ghost btn-block">
          Back to cart
        </a>
      </OrderSummaryCard>
    </form>
  );
}
