/**
 * The invoice page (`/orders/{orderNumber}/invoice`, `/payments/{referenceCode}/invoice`): the
 * invoice inside the site, with the way back; printed, only the invoice (print CSS in app.css).
 * No island, so no script.
 */
import { InvoiceSheet } from "../components/InvoiceSheet";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { type InvoiceView, invoiceLinkLabel } from "../domain/invoice";
import { type OrderView, orderPagePath } from "../shared/orders";
import type { PageDefinition } from "./page";

export function invoicePage(site: SiteData, invoice: InvoiceView, path: string, back: { href: string; label: string }): PageDefinition {
  return {
    path,
    title: `${invoice.title} ${invoice.number} | ${site.settings.businessName}`,
    description: `${invoice.title} ${invoice.number} for ${invoice.reference}.`,
    noindex: true,
    body: (
      <Layout site={site} active="/dashboard">
        <div className="mx-auto max-w-4xl px-4 py-10 print:p-0">
          <div className="print-hidden mb-6 flex flex-wrap items-center justify-between gap-3">
            <a href={back.href} className="link">
              {`← ${back.label}`}
            </a>
            <p className="text-sm text-base-content/80">Use your browser's Print command to print it or save it as a PDF.</p>
          </div>
          <InvoiceSheet invoice={invoice} timeZone={site.settings.timezone} />
        </div>
      </Layout>
    ),
  };
}

/** Where a customer opens an order's or a service payment's invoice. */
export const orderInvoicePath = (orderNumber: string) => `${orderPagePath(orderNumber)}/invoice`;
export const paymentInvoicePath = (referenceCode: string) => `/payments/${referenceCode.toLowerCase()}/invoice`;

/** The order page's link to its invoice: named as the invoice names itself ("Tax invoice" only when it is one). */
export function orderInvoiceLinkLabel(order: Pick<OrderView, "invoiceNumber" | "invoiceTitle" | "paymentStatus">): string {
  return invoiceLinkLabel({ title: order.invoiceTitle ?? "Invoice", number: order.invoiceNumber ?? "", refunded: order.paymentStatus === "refunded" });
}
