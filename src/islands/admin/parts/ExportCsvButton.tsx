/**
 * "Export CSV" and "Export Excel" for a list (decision 073): two plain links to the list's file
 * (`url` is the CSV's, with the list's filters, every page; the workbook's is the same with
 * `.xlsx`), which download with the admin's cookie before any script runs. Once the page's script
 * is running, a click fetches the file instead, so an ended sign-in leads to the sign-in page
 * rather than a downloaded error, with "Exporting..." meanwhile and a toast when it fails.
 */
import { type MouseEvent, useState } from "react";
import { adminDownload } from "../../../client/admin-api";
import { toastFailure } from "./toast-failure";

/** The workbook's address beside the CSV's: `/api/admin/orders.csv?…` is `/api/admin/orders.xlsx?…`. */
export const xlsxUrlOf = (csvUrl: string) => csvUrl.replace(/\.csv(?=\?|#|$)/, ".xlsx");

const formats = [
  { key: "csv", label: "Export CSV", title: "Comma-separated text, for any spreadsheet or accounting program" },
  { key: "xlsx", label: "Export Excel", title: "An Excel workbook (.xlsx): phone numbers, dates and amounts kept as they are" },
] as const;

export function ExportCsvButton({ url, fileName, className = "btn btn-outline" }: { url: string; fileName: string; className?: string }) {
  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  const download = async (e: MouseEvent<HTMLAnchorElement>, format: "csv" | "xlsx") => {
    e.preventDefault();
    if (exporting) return;
    setExporting(format);
    try {
      await adminDownload(format === "csv" ? url : xlsxUrlOf(url), format === "csv" ? fileName : fileName.replace(/\.csv$/, ".xlsx"));
    } catch (err) {
      toastFailure("Export failed", err);
    } finally {
      setExporting(null);
    }
  };
  return (
    <span className="inline-flex flex-wrap gap-2">
      {formats.map((f) => (
        <a
          key={f.key}
          href={f.key === "csv" ? url : xlsxUrlOf(url)}
          download
          className={className}
          title={f.title}
          aria-busy={exporting === f.key}
          aria-disabled={exporting !== null}
          onClick={(e) => void download(e, f.key)}
        >
          {exporting === f.key ? "Exporting..." : f.label}
        </a>
      ))}
    </span>
  );
}
