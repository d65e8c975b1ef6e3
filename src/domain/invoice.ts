/**
 * Tax invoices (decision 033): what one says, built from the invoice row (the seller, the number,
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

/** A tax invoice is only called one when it carries the seller's ABN (the ATO's rule). */
export const invoiceTitle = (abn: string) => (abn ? "Tax invoice" : "Invoice");

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
    title: invoiceTitle(row.abn),
    businessName: row.businessName,
    abn: row.abn ? formatAbn(row.abn) : "",
    issuedAt: row.issuedAt.toISOString(),
    totalAmount: row.totalAmount,
    taxAmount: row.taxAmount,
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
    { label: Number(v.taxAmount) > 0 ? "GST included in the total" : "GST included", amount: money(v.taxAmount) },
  ];
}
