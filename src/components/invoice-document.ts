/**
 * The invoice as a complete HTML document: the invoice page's own markup (InvoiceSheet.tsx) with a
 * little CSS of its own, so the file opens and prints in any browser without the site. The owner
 * downloads it from the portal and the customer gets it attached to their receipt.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import type { InvoiceView } from "../domain/invoice";
import { InvoiceSheet } from "./InvoiceSheet";

const documentCss = `
body { font-family: system-ui, sans-serif; color: #1f2937; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; line-height: 1.45; }
h1 { margin: 0 0 .5rem; }
.invoice-head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem; }
.invoice-refunded { border: 2px solid #b91c1c; color: #b91c1c; font-weight: bold; padding: .1rem .4rem; text-transform: uppercase; display: inline-block; }
.invoice-facts { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 1.5rem 0; }
.invoice-facts dt { font-weight: 600; } .invoice-facts dd { margin: 0; }
.invoice-facts span { display: block; }
table { width: 100%; border-collapse: collapse; }
th, td { padding: .4rem .25rem; border-bottom: 1px solid #d1d5db; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.invoice-totals { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; max-width: 20rem; margin: 1rem 0 0 auto; }
.invoice-totals dd { margin: 0; text-align: right; } .invoice-totals .contents { display: contents; }
.font-bold { font-weight: bold; }
`;

/** The invoice as a complete HTML document. */
export function invoiceDocument(invoice: InvoiceView, timeZone: string): string {
  const sheet = renderToStaticMarkup(createElement(InvoiceSheet, { invoice, timeZone }));
  const title = `${invoice.title} ${invoice.number}, ${invoice.businessName}`.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${documentCss}</style></head><body>${sheet}</body></html>`;
}
