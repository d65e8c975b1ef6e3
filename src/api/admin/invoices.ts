/**
 * GET /api/admin/invoices/{number}: any invoice ("INV-000042" or 42) as the self-contained HTML
 * document the customer was sent, for the owner to open in a tab of its own and print from an order
 * or a payment. It is shown, not downloaded: the document's own little style sheet is allowed by
 * its hash, everything else keeps the site's strict policy.
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { parseInvoiceNumber } from "../../domain/invoice";
import { invoiceDocument } from "../../components/invoice-document";
import { adminInvoice } from "../../reads/admin-invoices.server";
import { notFound } from "../../server/errors";
import type { AppDeps } from "../../server/deps";
import { extendSecurityHeaders } from "../../server/middleware/security-headers";
import type { AdminEnv } from "../../server/middleware/require-admin";

/** The CSP source allowing the document's one inline style sheet, and nothing else inline. */
function styleSource(html: string): string {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  return `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
}

export function adminInvoicesApi(deps: AppDeps) {
  return new Hono<AdminEnv>().get("/invoices/:number", (c) => {
    const raw = c.req.param("number");
    const n = parseInvoiceNumber(/^\d+$/.test(raw) ? `INV-${raw}` : raw);
    const found = n === null ? undefined : adminInvoice(deps, n);
    if (!found) throw notFound("There is no such invoice.");
    const html = invoiceDocument(found.invoice, found.timeZone);
    extendSecurityHeaders(c, { csp: { "style-src": [styleSource(html)] } });
    return c.body(html, 200, {
      "Content-Type": "text/html; charset=utf-8",
      // Opened in the browser; saved, it keeps the invoice's number as its name.
      "Content-Disposition": `inline; filename="${found.invoice.number}.html"`,
      "Cache-Control": "no-store",
    });
  });
}
