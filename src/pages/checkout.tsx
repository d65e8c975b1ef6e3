/** The checkout (/checkout): the CheckoutForm island, server-rendered as a plain form (works with JavaScript off). */
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import type { CheckoutData, OrderBlocker } from "../reads/checkout.server";
import type { CheckoutFormValues } from "../shared/checkout-form";
import type { PageDefinition } from "./page";
import { gstCharged } from "../domain/invoice";
import { noticeWithActionClass, ResendLinkForm } from "../components/EmailVerificationNotice";
import { manifest } from "../server/assets.server";

/** What a plain form post leaves for the page: the values, messages under fields, one for the form. */
export type CheckoutState = {
  values?: CheckoutFormValues;
  errors?: Record<string, string>;
  formError?: string;
  status?: 400 | 403 | 409 | 429;
  /** The order whose addresses the form was filled in with. */
  rememberedFrom?: string;
};

/** The notice of what keeps the customer from ordering, with the way out: the confirmation link sent again, or their orders. */
function BlockerNotice({ blocker, email }: { blocker: OrderBlocker; email: string }) {
  if (blocker.reason === "email_unverified") {
    return (
      <div role="alert" className={`${noticeWithActionClass} mb-6`} data-testid="checkout-blocker">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">Please confirm your e-mail address to place an order</p>
          <p className="text-sm">
            We sent a link to <span className="break-all">{email}</span>. Open it, then come back here: your cart is kept.
          </p>
        </div>
        <ResendLinkForm />
      </div>
    );
  }
  return (
    <div role="alert" className="alert alert-warning mb-6" data-testid="checkout-blocker">
      <div>
        <p className="font-semibold">
          You already have {blocker.limit} unpaid {blocker.limit === 1 ? "order" : "orders"}
        </p>
        <p className="text-sm">
          Please pay for one or cancel it before placing another; your cart is kept.{" "}
          <a href="/orders" className="link">
            Your orders
          </a>
        </p>
      </div>
    </div>
  );
}

export function checkoutPage(site: SiteData, data: CheckoutData, state: CheckoutState = {}): PageDefinition {
  return {
    path: "/checkout",
    title: `Checkout | ${site.settings.businessName}`,
    description: "Your shipping address and how you will pay.",
    noindex: true,
    status: state.status,
    // The "send the link again" form shows its pending label.
    scripts: data.blocker ? [manifest.formPending] : undefined,
    body: (
      <Layout site={site} active="/cart">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
          {data.blocker && site.user && <BlockerNotice blocker={data.blocker} email={site.user.email} />}
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
              gstEnabled: gstCharged(site.settings),
              currency: site.settings.currency,
              initialValues: state.values,
              initialErrors: state.errors,
              formError: state.formError,
              blocked: data.blocker !== null,
              rememberedFrom: state.rememberedFrom,
            }}
          />
        </div>
      </Layout>
    ),
  };
}
