/**
 * GET /api/admin/invoices/{number}: any invoice ("INV-000042" or 42) as the self-contained HTML
 * file the customer was sent, for the owner to open and print from an order or a payment.
 */
import { Hono } from "hono";
import { parseInvoiceNumber } from "../../domain/invoice";
import { invoiceDocument } from "../../components/invoice-document";
import { adminInvoice } from "../../reads/admin-invoices.server";
import { notFound } from "../../server/errors";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";

export function adminInvoicesApi(deps: AppDeps) {
  return new Hono<AdminEnv>().get("/invoices/:number", (c) => {
    const raw = c.req.param("number");
    const n = parseInvoiceNumber(/^\d+$/.test(raw) ? `INV-${raw}` : raw);
    const found = n === null ? undefined : adminInvoice(deps, n);
    if (!found) throw notFound("There is no such invoice.");
    return new Response(invoiceDocument(found.invoice, found.timeZone), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Disposition": `attachment; filename="${found.invoice.number}.html"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
