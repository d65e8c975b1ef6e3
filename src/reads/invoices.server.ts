/** The customer's own tax invoices (decision 033): one per paid order or paid service payment, and the dashboard's list of them. */
import { customerInvoicedPayments, customerOrderInvoice, customerPaymentInvoice } from "../db/invoices.server";
import type { InvoiceView } from "../domain/invoice";
import type { ReadDeps } from "./read";

/** A paid service payment with its invoice, as the dashboard lists it. */
export type InvoicedPayment = ReturnType<typeof customerInvoicedPayments>[number];

/** The invoice of the customer's own order with this number; undefined for anyone else's order or one never paid. */
export function ownOrderInvoice(deps: ReadDeps, userId: string, orderNumber: string): InvoiceView | undefined {
  return customerOrderInvoice(deps.db, userId, orderNumber);
}

/** The invoice of the customer's own service payment with this reference code; undefined for anyone else's or one not paid. */
export function ownPaymentInvoice(deps: ReadDeps, userId: string, referenceCode: string): InvoiceView | undefined {
  return customerPaymentInvoice(deps.db, userId, referenceCode);
}

/** The customer's paid service payments (newest first), each with its invoice number. */
export function ownInvoicedPayments(deps: ReadDeps, userId: string): InvoicedPayment[] {
  return customerInvoicedPayments(deps.db, userId);
}
