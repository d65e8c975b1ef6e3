/** The checkout (/checkout): the CheckoutForm island, server-rendered as a plain form (works with JavaScript off). */
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import type { PricedOrder } from "../domain/totals";
import type { OrderPaymentMethod } from "../shared/checkout";
import type { CheckoutFormValues, CheckoutLine } from "../shared/checkout-form";
import type { PageDefinition } from "./page";

export type CheckoutData = {
  lines: CheckoutLine[];
  /** The order priced for each payment method on offer. */
  priced: Partial<Record<OrderPaymentMethod, PricedOrder>>;
  methods: { value: OrderPaymentMethod; label: string; hint: string }[];
  /** Cart lines that cannot be ordered as they are (sold out, withdrawn, fewer left). */
  problems: string[];
};

/** What a plain form post leaves for the page: the values, messages under fields, one for the form. */
export type CheckoutState = { values?: CheckoutFormValues; errors?: Record<string, string>; formError?: string; status?: 400 | 409 | 429 };

export function checkoutPage(site: SiteData, data: CheckoutData, state: CheckoutState = {}): PageDefinition {
  return {
    path: "/checkout",
    title: `Checkout | ${site.settings.businessName}`,
    description: "Your shipping address and how you will pay.",
    noindex: true,
    status: state.status,
    body: (
      <Layout site={site} active="/cart">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
          {data.problems.length > 0 && (
            <div role="alert" className="alert alert-warning mb-6">
              <div>
                <p className="font-semibold">Some items in your cart cannot be ordered as they are</p>
                <ul className="list-inside list-disc">
                  {data.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
                <a href="/cart" className="link">
                  Review your cart
                </a>
              </div>
            </div>
          )}
          <Island
            name="CheckoutForm"
            hydrate="load"
            props={{
              lines: data.lines,
              priced: data.priced,
              methods: data.methods,
              gstEnabled: site.settings.gstEnabled,
              initialValues: state.values,
              initialErrors: state.errors,
              formError: state.formError,
            }}
          />
        </div>
      </Layout>
    ),
  };
}
