/**
 * "Invoice INV-000042": downloads the invoice the customer was sent (an HTML file to open and
 * print) with the admin's token, saying "Downloading..." meanwhile and a toast when it fails.
 */
import { useState } from "react";
import { adminDownload } from "../../../client/admin-api";
import { toastFailure } from "./toast-failure";

export function InvoiceButton({ invoiceNumber, className = "btn btn-outline btn-sm" }: { invoiceNumber: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await adminDownload(`/api/admin/invoices/${encodeURIComponent(invoiceNumber)}`, `${invoiceNumber}.html`);
    } catch (err) {
      toastFailure("The invoice could not be downloaded", err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void download()}>
      {busy ? "Downloading..." : `Invoice ${invoiceNumber}`}
    </button>
  );
}
