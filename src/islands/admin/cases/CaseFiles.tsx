/**
 * The room's files, newest first: each downloads from the portal (GET /api/admin/cases/{ref}/files/{id},
 * logged like the client's downloads) with its size, who added it and when, and its SHA-256, so a
 * copy can be checked unchanged against what was delivered. Files still arriving or deleted show
 * no link.
 */
import { formatFileSize, formatInstant } from "../../../domain/format";
import { adminCaseFilePath, type CaseFileView, caseFileTypeNames } from "../../../shared/case-room";

/** A file's name as a download link (or plain text while it has none), with its size. */
export function FileLink({ reference, file }: { reference: string; file: CaseFileView }) {
  const size = formatFileSize(file.size);
  if (file.status !== "ready") {
    return (
      <span className="break-all">
        {file.name} <span className="text-base-content/80">({file.status === "deleted" ? "deleted" : "still arriving"})</span>
      </span>
    );
  }
  return (
    <span className="break-all">
      <a className="link font-medium" href={adminCaseFilePath(reference, file.id)} download={file.name}>
        {file.name}
      </a>{" "}
      <span className="text-base-content/80">({size})</span>
    </span>
  );
}

export function CaseFiles({ reference, files, timeZone }: { reference: string; files: CaseFileView[]; timeZone: string }) {
  const shown = [...files.filter((f) => f.status !== "uploading")].sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  if (shown.length === 0) return <p className="text-sm text-base-content/80">No files yet.</p>;
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label="Files, newest first">
      {shown.map((f) => (
        <li key={f.id} className="space-y-1 p-3 text-sm" data-testid="case-file">
          <p>
            <FileLink reference={reference} file={f} />
          </p>
          <p className="text-base-content/80">
            {`${caseFileTypeNames[f.contentType] ?? f.contentType} · added by ${f.side === "business" ? "the business" : "the client"} · `}
            <time dateTime={f.addedAt}>{formatInstant(f.addedAt, timeZone)}</time>
          </p>
          {f.sha256 && (
            <p className="text-base-content/80">
              <span>SHA-256: </span>
              <code className="font-mono text-xs break-all" data-testid="case-file-sha256">
                {f.sha256}
              </code>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
