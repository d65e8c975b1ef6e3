/**
 * GET /api/admin/invoices/{number}: any invoice ("INV-000042" or 42) as the self-contained HTML
 * file the customer was sent, for the owner to open and print from an order or a payment.
 */
import { Hono } from "hono";
import { invoiceByNumber } from "../../db/invoices.server";
import { getSettings } from "../../db/settings.server";
import { parseInvoiceNumber } from "../../domain/invoice";
import { invoiceDocument } from "../../components/invoice-document";
import { notFound } from "../../server/errors";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";

export function adminInvoicesApi(deps: AppDeps) {
  return new Hono<AdminEnv>().get("/invoices/:number", (c) => {
    const raw = c.req.param("number");
    const n = parseInvoiceNumber(/^\d+$/.test(raw) ? `INV-${raw}` : raw);
    const invoice = n === null ? undefined : invoiceByNumber(deps.db, n);
    if (!invoice) throw notFound("There is no such invoice.");
    return new Response(invoiceDocument(invoice, getSettings(deps.db).timezone), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Disposition": `attachment; filename="${invoice.number}.html"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
