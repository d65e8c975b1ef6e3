/**
 * The invoice as an e-mail attachment: the invoice document (components/invoice-document.ts) in a
 * file named after the invoice number.
 */
import { invoiceDocument } from "../../components/invoice-document";
import type { InvoiceView } from "../../domain/invoice";
import type { MailMessage } from "../outbox.server";

/** `message` with the invoice attached as `INV-000042.html`, and a line saying so. */
export function withInvoiceAttached(message: MailMessage, invoice: InvoiceView, timeZone: string): MailMessage {
  return {
    ...message,
    text: `${message.text}\n\nYour ${invoice.title.toLowerCase()} ${invoice.number} is attached; open it in a browser to print or save it.`,
    attachments: [
      ...(message.attachments ?? []),
      { filename: `${invoice.number}.html`, content: invoiceDocument(invoice, timeZone), contentType: "text/html; charset=utf-8" },
    ],
  };
}
