/**
 * The customer's invoices: GET /orders/{orderNumber}/invoice and GET /payments/{referenceCode}/invoice.
 * Only the customer whose order or payment it is sees one, and only once it is paid; anyone else,
 * an unpaid order or a malformed path gets the 404 page. Never cached: each is the customer's own.
 */
import { Hono } from "hono";
import { orderNumberPattern } from "../domain/order";
import { referenceCodePattern } from "../domain/payment";
import { ownOrderInvoice, ownPaymentInvoice } from "../reads/invoices.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { requireCustomer } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { orderNumberFromPath, orderPagePath } from "../shared/orders";
import { invoicePage, orderInvoicePath, paymentInvoicePath } from "./invoice";
import { notFoundPage } from "./not-found";

export function invoiceRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps);
  return new Hono<AppEnv>()
    .get("/orders/:orderNumber/invoice", customer, (c) => {
      const orderNumber = orderNumberFromPath(c.req.param("orderNumber"));
      const invoice = orderNumberPattern.test(orderNumber) ? ownOrderInvoice(deps, c.get("user").id, orderNumber) : undefined;
      if (!invoice) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
      return servePage(deps, c, (site) =>
        invoicePage(site, invoice, orderInvoicePath(orderNumber), { href: orderPagePath(orderNumber), label: `Order ${orderNumber}` }),
      );
    })
    .get("/payments/:referenceCode/invoice", customer, (c) => {
      const referenceCode = (c.req.param("referenceCode") ?? "").toUpperCase();
      const invoice = referenceCodePattern.test(referenceCode) ? ownPaymentInvoice(deps, c.get("user").id, referenceCode) : undefined;
      if (!invoice) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
      return servePage(deps, c, (site) => invoicePage(site, invoice, paymentInvoicePath(referenceCode), { href: "/dashboard#payments", label: "Dashboard" }));
    });
}
