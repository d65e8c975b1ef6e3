/**
 * "Add files": the business's PDFs, photos, videos and recordings, sent in checked chunks one file
 * after another (`client/case-upload.ts`), each with its progress bar. Cancel stops a file and keeps
 * what already arrived: Resume carries on from there (after a dropped connection or a reload too, as
 * long as the same file is chosen again), Discard throws the partial file away. A file is said to be
 * added only once the server has all of it and has checked it.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../../client/api";
import { abandonCaseUpload, uploadCaseFile } from "../../../client/case-upload";
import { toast } from "../../../client/toast-store";
import { formatFileSize } from "../../../domain/format";
import { caseFileTypes, caseRoomMessages, caseUploadsPath, maxCaseFileBytes } from "../../../shared/case-room";

type UploadStatus = "queued" | "uploading" | "stopped" | "failed" | "done";
type Upload = { key: number; file: File; sent: number; status: UploadStatus; error?: string };

const accepted = caseFileTypes.business;
const acceptAttribute = accepted.join(",");

/** Why a chosen file cannot be sent at all (checked again by the server from its bytes). */
function refusal(file: File): string | undefined {
  if (file.size === 0) return caseRoomMessages.fileEmpty;
  if (file.size > maxCaseFileBytes) return caseRoomMessages.fileTooLarge;
  // A type the browser does not know is left to the server, which reads the file's first bytes.
  if (file.type && !accepted.includes(file.type)) return caseRoomMessages.fileTypeBusiness;
  return undefined;
}

const statusText: Record<UploadStatus, string> = {
  queued: "Waiting",
  uploading: "Uploading",
  stopped: "Stopped",
  failed: "Not added",
  done: "Added",
};

export function CaseUploader({ reference, canAdd, onAdded }: { reference: string; canAdd: boolean; onAdded: () => void }) {
  const base = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(1);
  const running = useRef<{ key: number; controller: AbortController } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const path = caseUploadsPath("business", reference);

  const patch = useCallback((key: number, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u))), []);

  // One file at a time: the next waiting file starts when none is on its way.
  const waiting = uploads.find((u) => u.status === "queued");
  const busy = uploads.some((u) => u.status === "uploading");
  useEffect(() => {
    if (!waiting || busy || running.current) return;
    const { key, file } = waiting;
    const controller = new AbortController();
    running.current = { key, controller };
    patch(key, { status: "uploading", error: undefined });
    // Each outcome clears `running` before it changes the list, so the change starts the next file.
    const settle = () => {
      if (running.current?.key === key) running.current = null;
    };
    uploadCaseFile(path, file, { signal: controller.signal, onProgress: (sent: number) => patch(key, { sent }) }).then(
      () => {
        settle();
        patch(key, { status: "done", sent: file.size });
        toast({ title: "File added", description: `${file.name} is in the case room.`, variant: "success" });
        onAdded();
      },
      (err: unknown) => {
        settle();
        if (controller.signal.aborted) patch(key, { status: "stopped" });
        else
          patch(key, {
            status: "failed",
            error: (err instanceof ApiError && err.serverMessage) || "The connection failed. Resume to carry on from where it stopped.",
          });
      },
    );
  }, [waiting, busy, path, onAdded, patch]);

  const choose = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files].map((file): Upload => {
      const error = refusal(file);
      return { key: nextKey.current++, file, sent: 0, status: error ? "failed" : "queued", error };
    });
    setUploads((all) => [...all.filter((u) => u.status !== "done"), ...chosen]);
    if (input.current) input.current.value = "";
  };

  const cancel = (u: Upload) => {
    if (running.current?.key === u.key) running.current.controller.abort();
    else patch(u.key, { status: "stopped" });
  };
  const resume = (u: Upload) => patch(u.key, { status: "queued", error: undefined });
  const discard = (u: Upload) => {
    setUploads((all) => all.filter((x) => x.key !== u.key));
    // Nothing may have reached the server (a file refused here): then there is nothing to remove.
    if (!refusal(u.file)) void abandonCaseUpload(path, u.file).catch(() => undefined);
  };

  if (!canAdd) return null;
  const inputId = `${base}files`;
  const hintId = `${base}hint`;
  return (
    <div className="space-y-3" data-testid="case-uploader">
      <div className="fieldset">
        <label htmlFor={inputId} className="fieldset-legend">
          Add files
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={acceptAttribute}
          className="file-input w-full max-w-md"
          aria-describedby={hintId}
          onChange={(e) => choose(e.target.files)}
        />
        <p id={hintId} className="label whitespace-normal">
          PDFs, photos, videos (MP4, MOV or WebM) and recordings (MP3 or M4A), up to 2 GB each. The client sees them at once and gets an e-mail that there is
          something new.
        </p>
      </div>
      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Files being added">
          {uploads.map((u) => {
            const percent = u.file.size > 0 ? Math.floor((u.sent / u.file.size) * 100) : 0;
            return (
              <li key={u.key} className="space-y-1 rounded-box border border-base-300 p-3 text-sm" data-testid="case-upload">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="min-w-0 font-medium break-all">{u.file.name}</span>
                  <span className="text-base-content/80">
                    {`${statusText[u.status]} · ${u.status === "done" ? formatFileSize(u.file.size) : `${formatFileSize(u.sent)} of ${formatFileSize(u.file.size)}`}`}
                  </span>
                </div>
                {u.status !== "failed" || u.sent > 0 ? (
                  <progress className="progress progress-primary w-full" value={percent} max={100} aria-label={`${u.file.name}: ${percent}% sent`} />
                ) : null}
                {u.error && (
                  <p className="text-error" role="alert">
                    {u.error}
                  </p>
                )}
                <div className="flex flex-wrap justify-end gap-2">
                  {(u.status === "uploading" || u.status === "queued") && (
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => cancel(u)}>
                      Cancel<span className="sr-only">{` ${u.file.name}`}</span>
                    </button>
                  )}
                  {(u.status === "stopped" || (u.status === "failed" && !refusal(u.file))) && (
                    <button type="button" className="btn btn-outline btn-xs" onClick={() => resume(u)}>
                      Resume<span className="sr-only">{` ${u.file.name}`}</span>
                    </button>
                  )}
                  {(u.status === "stopped" || u.status === "failed") && (
                    <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => discard(u)}>
                      Discard<span className="sr-only">{` ${u.file.name}`}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
