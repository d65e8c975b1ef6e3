/**
 * "Invoice INV-000042": opens the invoice the customer was sent in a tab of its own, ready to read
 * and print (the admin cookie goes with the link, so no script is needed).
 */
export function InvoiceButton({ invoiceNumber, className = "btn btn-outline btn-sm" }: { invoiceNumber: string; className?: string }) {
  return (
    <a
      href={`/api/admin/invoices/${encodeURIComponent(invoiceNumber)}`}
      target="_blank"
      rel="noopener"
      className={className}
      aria-label={`Invoice ${invoiceNumber} (opens in a new tab to print)`}
    >
      {`Invoice ${invoiceNumber}`}
    </a>
  );
}
