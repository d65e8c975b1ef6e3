/**
 * Invoices (decisions 033, 068): what one says, built from the invoice row (the seller, the number,
 * the money as it was recorded when paid) and what it invoices (a shop order's stored lines and
 * totals, or a service payment). The page, the admin's copy and the e-mail attachment all lay out
 * this one view, so they can never disagree.
 */
import { formatAbn } from "./abn";
import { formatMoney } from "./format";

/** "INV-000042": invoice numbers are sequential from 1; the prefix and padding keep them sortable as text. */
export function formatInvoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, "0")}`;
}

/** The number in "INV-000042" (any case, padding optional), or null. */
export function parseInvoiceNumber(text: string): number | null {
  const m = /^INV-(\d{1,9})$/i.exec(text.trim());
  const n = m ? Number(m[1]) : 0;
  return n >= 1 ? n : null;
}

/**
 * Whether GST is charged and shown: only while the business has an ABN and the GST setting is on
 * (decision 068). Without an ABN the business cannot be registered for GST, so an order records no
 * GST, a paid service no GST, and no page, e-mail or invoice shows one.
 */
export function gstCharged(settings: { abn: string; gstEnabled: boolean }): boolean {
  return settings.gstEnabled && settings.abn.trim() !== "";
}

/**
 * Whether an issued invoice is a tax invoice: it carries the seller's ABN and the GST it records.
 * Read from the invoice as it was kept, so a later change of settings never renames one.
 */
export function isTaxInvoice(invoice: { abn: string; taxAmount: string }): boolean {
  return invoice.abn.trim() !== "" && Number(invoice.taxAmount) > 0;
}

/** What an invoice is called everywhere it is named (its page, the links to it, the e-mail): "Tax invoice" only when it is one. */
export const invoiceTitle = (invoice: { abn: string; taxAmount: string }) => (isTaxInvoice(invoice) ? "Tax invoice" : "Invoice");

/** A link to an invoice: "Tax invoice INV-000042", "Invoice INV-000042", with "(refunded)" once its money went back. */
export function invoiceLinkLabel(invoice: { title: string; number: string; refunded: boolean }): string {
  return `${invoice.title}${invoice.refunded ? " (refunded)" : ""} ${invoice.number}`;
}

export type InvoiceLine = { description: string; quantity: number; unitPrice: string; total: string };

/** One invoice as every copy shows it. Money is in decimal strings as stored; `issuedAt` an ISO instant. */
export type InvoiceView = {
  number: string;
  title: string;
  businessName: string;
  /** Formatted ("51 824 753 556"), or empty when none was recorded. */
  abn: string;
  issuedAt: string;
  /** What the invoice is for: "Order PI-7KQ4-M2XD", or the payment's reference code. */
  reference: string;
  /** Who was invoiced: the billing name, or the customer's e-mail. */
  billTo: string[];
  lines: InvoiceLine[];
  /** Shipping and discounts of an order, in the order's own words. */
  adjustments: { label: string; amount: string }[];
  totalAmount: string;
  taxAmount: string;
  currency: string;
  paymentMethod: string;
  /** When the money was returned, if it was: the invoice stays, marked refunded. */
  refunded: boolean;
};

/** The seller's part of an invoice row, as kept on the day it was issued. */
export type InvoiceSeller = { number: number; businessName: string; abn: string; issuedAt: Date; totalAmount: string; taxAmount: string; currency: string };

/** The fields every invoice shares, from its row. */
export function invoiceHeading(
  row: InvoiceSeller,
): Pick<InvoiceView, "number" | "title" | "businessName" | "abn" | "issuedAt" | "totalAmount" | "taxAmount" | "currency"> {
  return {
    number: formatInvoiceNumber(row.number),
    title: invoiceTitle(row),
    businessName: row.businessName,
    abn: row.abn ? formatAbn(row.abn) : "",
    issuedAt: row.issuedAt.toISOString(),
    totalAmount: row.totalAmount,
    // An invoice that is not a tax invoice shows no GST (one issued before this rule may have recorded some).
    taxAmount: isTaxInvoice(row) ? row.taxAmount : "0.00",
    currency: row.currency,
  };
}

/** The totals block of an invoice, label and formatted amount, the same on every copy. */
export function invoiceTotals(v: InvoiceView): { label: string; amount: string; strong?: boolean }[] {
  const money = (d: string) => formatMoney(d, v.currency);
  return [
    ...v.adjustments.map((a) => ({
      label: a.label,
      // As the order page says it: no shipping charged is "Free".
      amount: a.label === "Shipping" && Number(a.amount) === 0 ? "Free" : Number(a.amount) < 0 ? `−${money(String(-Number(a.amount)))}` : money(a.amount),
    })),
    { label: `Total (${v.currency})`, amount: money(v.totalAmount), strong: true },
    // GST is shown only on a tax invoice; any other invoice says nothing of it.
    ...(isTaxInvoice(v) ? [{ label: "GST included in the total", amount: money(v.taxAmount) }] : []),
  ];
}
