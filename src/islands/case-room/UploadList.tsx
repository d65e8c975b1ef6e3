/** The files on their way into the case room: a progress bar each, and what can be done with one that stopped. */
import type { CaseUpload } from "./useCaseUploads";
import { formatFileSize } from "./format";

const stateText: Record<CaseUpload["state"], string> = {
  waiting: "Waiting",
  uploading: "Uploading",
  stopped: "Stopped",
  refused: "Not added",
  done: "Added",
};

export function UploadList({
  uploads,
  onResume,
  onStop,
  onForget,
}: {
  uploads: CaseUpload[];
  onResume: (key: number) => void;
  onStop: (key: number) => void;
  onForget: (key: number) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="space-y-3" aria-label="Files being added" data-testid="case-uploads">
      {uploads.map((u) => {
        const id = `case-upload-${u.key}`;
        const percent = u.file.size > 0 ? Math.floor((u.sent / u.file.size) * 100) : 0;
        return (
          <li key={u.key} className="rounded-box border border-base-300 p-3" data-testid="case-upload">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span id={`${id}-name`} className="font-semibold break-all">
                {u.file.name}
              </span>
              <span className="text-sm text-base-content/80">{`${stateText[u.state]} · ${formatFileSize(u.sent)} of ${formatFileSize(u.file.size)}`}</span>
            </div>
            {u.state !== "refused" && (
              <progress
                className={`progress mt-2 w-full ${u.state === "done" ? "progress-success" : "progress-primary"}`}
                value={percent}
                max={100}
                aria-labelledby={`${id}-name`}
              />
            )}
            {u.state === "stopped" && !u.error && (
              <p className="mt-1 text-sm text-base-content/80">Resume goes on from where it stopped: what already arrived is kept.</p>
            )}
            {u.error && (
              <p className="mt-1 text-sm text-error" role="alert">
                {u.error}
              </p>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              {u.state === "uploading" && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => onStop(u.key)}>
                  Stop
                </button>
              )}
              {u.state === "stopped" && (
                <button type="button" className="btn btn-primary btn-xs" onClick={() => onResume(u.key)}>
                  Resume
                </button>
              )}
              {(u.state === "stopped" || u.state === "refused" || u.state === "done") && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => onForget(u.key)}>
                  {u.state === "done" ? "Hide" : "Remove from the list"}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
