/**
 * One invoice, laid out once: the invoice page shows it inside the site (the site's frame hidden
 * when printed), and the paid e-mail attaches it as a self-contained HTML file (mail/templates/
 * invoice.ts), so the customer's, the owner's and the attached copies always read the same.
 */
import { formatInstantDate, formatMoney } from "../domain/format";
import { type InvoiceView, invoiceTotals } from "../domain/invoice";

export function InvoiceSheet({ invoice: v, timeZone }: { invoice: InvoiceView; timeZone: string }) {
  const money = (d: string) => formatMoney(d, v.currency);
  return (
    <article
      className="invoice-sheet mx-auto max-w-3xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-8 print:border-0 print:p-0"
      aria-labelledby="invoice-title"
    >
      <header className="invoice-head flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="invoice-title" className="text-2xl font-bold sm:text-3xl">
            {v.title}
          </h1>
          {v.refunded && (
            <p
              className="invoice-refunded mt-2 inline-block rounded border-2 border-error px-2 py-1 font-bold uppercase text-error"
              data-testid="invoice-refunded"
            >
              Refunded
            </p>
          )}
        </div>
        <div className="text-sm sm:text-end">
          <p className="font-semibold">{v.businessName}</p>
          {/* Without an ABN the sheet is titled "Invoice" and says nothing more about tax (decision 068). */}
          {v.abn && <p>{`ABN ${v.abn}`}</p>}
        </div>
      </header>

      <dl className="invoice-facts mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Invoice number</dt>
        <dd data-testid="invoice-number">{v.number}</dd>
        <dt className="font-semibold">Date</dt>
        <dd>{formatInstantDate(v.issuedAt, timeZone)}</dd>
        <dt className="font-semibold">For</dt>
        <dd>{v.reference}</dd>
        <dt className="font-semibold">Paid by</dt>
        <dd>{v.paymentMethod}</dd>
        {v.billTo.length > 0 && (
          <>
            <dt className="font-semibold">Bill to</dt>
            <dd>
              {v.billTo.map((line) => (
                <span key={line} className="block break-words">
                  {line}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>

      <table className="invoice-lines mt-6 w-full text-sm">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr className="border-b border-base-300 text-start">
            <th scope="col" className="py-2 text-start">
              Item
            </th>
            <th scope="col" className="py-2 ps-3 text-end">
              Qty
            </th>
            <th scope="col" className="hidden py-2 ps-3 text-end sm:table-cell print:table-cell">
              Unit price
            </th>
            <th scope="col" className="py-2 ps-3 text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {v.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines are fixed and may repeat a name.
            <tr key={i} className="border-b border-base-200 align-top">
              <td className="py-2 pe-2 break-words">{l.description}</td>
              <td className="py-2 ps-3 text-end">{l.quantity}</td>
              <td className="hidden py-2 text-end whitespace-nowrap sm:table-cell print:table-cell">{money(l.unitPrice)}</td>
              <td className="py-2 ps-3 text-end whitespace-nowrap">{money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="invoice-totals ms-auto mt-4 grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {invoiceTotals(v).map((t) => (
          <div key={t.label} className="contents">
            <dt className={t.strong ? "font-bold" : ""}>{t.label}</dt>
            <dd
              className={`text-end whitespace-nowrap ${t.strong ? "font-bold" : ""}`}
              data-testid={t.strong ? "invoice-total" : t.label.startsWith("GST") ? "invoice-gst" : undefined}
            >
              {t.amount}
            </dd>
          </div>
        ))}
      </dl>
      {v.refunded && (
        <p className="mt-6 text-sm">{`This payment was refunded in full. The invoice keeps its number, ${v.number}, which is never used again.`}</p>
      )}
    </article>
  );
}

/** The amount of an invoice with its code, for links and lists: "$287 USD". */
export const invoiceAmount = (v: Pick<InvoiceView, "totalAmount" | "currency">) => `${formatMoney(v.totalAmount, v.currency)} ${v.currency}`;
