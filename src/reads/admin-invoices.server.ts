/** An invoice as the owner downloads it: the invoice as it was issued, and the time zone its instants are shown in. */
import { invoiceByNumber } from "../db/invoices.server";
import { getSettings } from "../db/settings.server";
import type { InvoiceView } from "../domain/invoice";
import type { ReadDeps } from "./read";

/** What the invoice file is made from. */
export type AdminInvoice = { invoice: InvoiceView; timeZone: string };

/** Invoice number `n` with the business's time zone, or undefined when there is no such invoice. */
export function adminInvoice(deps: ReadDeps, n: number): AdminInvoice | undefined {
  const invoice = invoiceByNumber(deps.db, n);
  return invoice && { invoice, timeZone: getSettings(deps.db).timezone };
}
