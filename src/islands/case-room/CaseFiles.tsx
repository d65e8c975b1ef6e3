/**
 * The case's files, newest first: each with its type, size, day, who added it and its SHA-256 (the
 * first characters, the whole under "Check this file"), so the client can show that what they hold
 * is what was delivered. A photo shows as a thumbnail and a video or recording plays here, each read
 * from its download address (a video is fetched in ranges as it is scrubbed). While a sign-in is too
 * old to open files, one link to confirm it replaces the links and players, which would only fail.
 */
import { formatInstant } from "../../domain/format";
import type { CaseFileView } from "../../shared/case-room";
import { fileTypeName, formatFileSize, isPhoto, isRecording, isVideo, shortSha256, sideName } from "./format";

export type FileAccess = {
  /** Where to confirm it is still them, when files cannot be opened until they do; null when they can. */
  confirmPath: string | null;
  timeZone: string;
  businessName: string;
};

/** The file's whole SHA-256 behind its first characters. */
function Digest({ sha256 }: { sha256: string }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">
        SHA-256 <span className="font-mono">{`${shortSha256(sha256)}…`}</span>
      </summary>
      <p className="mt-1 text-base-content/80">The fingerprint of the original file: any change to it gives a different one.</p>
      <code className="mt-1 block font-mono text-xs break-all" data-testid="case-file-sha256">
        {sha256}
      </code>
    </details>
  );
}

/** A photo, video or recording shown in place, from the file's download address. */
function Media({ file, url }: { file: CaseFileView; url: string }) {
  if (isPhoto(file.contentType)) {
    return (
      <img
        src={url}
        alt={`Photo: ${file.name}`}
        loading="lazy"
        decoding="async"
        className="max-h-48 max-w-full rounded-box border border-base-300 object-contain"
      />
    );
  }
  if (isVideo(file.contentType)) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: evidence recorded on the day has no captions to give.
      <video controls preload="metadata" src={url} className="max-h-72 w-full rounded-box bg-black" aria-label={`Video: ${file.name}`} />
    );
  }
  if (isRecording(file.contentType)) {
    // biome-ignore lint/a11y/useMediaCaption: a recording made on the day has no captions to give.
    return <audio controls preload="metadata" src={url} className="w-full" aria-label={`Recording: ${file.name}`} />;
  }
  return null;
}

/** One file: its name (a download link when it can be opened), what it is, and its fingerprint. */
export function CaseFileItem({ file, access }: { file: CaseFileView; access: FileAccess }) {
  const url = file.status === "ready" && !access.confirmPath ? file.url : null;
  const details = [
    fileTypeName(file.contentType),
    formatFileSize(file.size),
    formatInstant(file.addedAt, access.timeZone),
    `added by ${sideName(file.side, access.businessName)}`,
  ].join(" · ");
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0" data-testid="case-file">
      <div className="min-w-0">
        {url ? (
          <a href={url} className="link font-semibold break-all">
            {file.name}
          </a>
        ) : (
          <span className="font-semibold break-all">{file.name}</span>
        )}
        <p className="text-sm text-base-content/80 break-words">{details}</p>
        {file.status === "uploading" && <p className="text-sm">Still arriving: it can be opened once the upload finishes.</p>}
        {file.status === "deleted" && <p className="text-sm">Deleted: the business keeps files only for a while after a case closes.</p>}
      </div>
      {url && <Media file={file} url={url} />}
      {file.sha256 && <Digest sha256={file.sha256} />}
    </li>
  );
}

export function CaseFiles({ files, zipUrl, access }: { files: CaseFileView[]; zipUrl: string | null; access: FileAccess }) {
  const newestFirst = [...files].sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  const ready = files.some((f) => f.status === "ready");
  return (
    <section aria-labelledby="case-files-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="case-files-title" className="card-title">
            Files
          </h2>
          {ready && zipUrl && !access.confirmPath && (
            <a href={zipUrl} className="btn btn-outline btn-sm" data-testid="case-zip">
              Download everything (zip)
            </a>
          )}
        </div>
        {ready && access.confirmPath && (
          <div role="note" className="alert alert-info flex flex-wrap justify-between">
            <span>For your privacy, files open only within an hour of signing in or confirming it is you.</span>
            <a href={access.confirmPath} className="btn btn-sm btn-neutral" data-testid="case-confirm">
              Confirm it's you to open files
            </a>
          </div>
        )}
        {newestFirst.length === 0 ? (
          <p className="text-base-content/80">No files yet. Reports, photos and videos from us will appear here.</p>
        ) : (
          <ul className="divide-y divide-base-300" data-testid="case-files">
            {newestFirst.map((f) => (
              <CaseFileItem key={f.id} file={f} access={access} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
