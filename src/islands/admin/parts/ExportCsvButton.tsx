/**
 * "Export CSV" for a list: downloads `url` (the list's filters, every page) with the admin's token,
 * saying "Exporting..." meanwhile and a toast when it fails.
 */
import { useState } from "react";
import { adminDownload } from "../../../client/admin-api";
import { toastFailure } from "./toast-failure";

export function ExportCsvButton({ url, fileName, className = "btn btn-outline" }: { url: string; fileName: string; className?: string }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await adminDownload(url, fileName);
    } catch (err) {
      toastFailure("Export failed", err);
    } finally {
      setExporting(false);
    }
  };
  return (
    <button type="button" className={className} disabled={exporting} aria-busy={exporting} onClick={() => void exportCsv()}>
      {exporting ? "Exporting..." : "Export CSV"}
    </button>
  );
}
