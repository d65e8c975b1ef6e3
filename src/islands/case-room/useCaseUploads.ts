/**
 * The client's uploads into their case room: one at a time (a phone on a weak connection does better
 * sending one file well than three badly), each with its progress. A file whose type or size the
 * room refuses is said so at once, in the room's own words, and never sent. A dropped connection
 * leaves the file "Stopped" with a Resume button: the uploader asks the server how much arrived and
 * goes on from there (a reload and the same file chosen again resume too).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError } from "../../client/api";
import { abandonCaseUpload, uploadCaseFile } from "../../client/case-upload";
import { toast } from "../../client/toast-store";
import { caseFileTypes, caseRoomMessages, caseUploadsPath, maxCaseFileBytes } from "../../shared/case-room";

export type CaseUpload = {
  key: number;
  file: File;
  messageId?: number;
  sent: number;
  state: "waiting" | "uploading" | "stopped" | "refused" | "done";
  /** Why it stopped or was refused, in words the client can act on. */
  error?: string;
};

/** What the room says of a file before any byte is sent, or null when it may go. */
export function clientFileRefusal(file: { type: string; size: number }): string | null {
  if (file.size === 0) return caseRoomMessages.fileEmpty;
  if (file.size > maxCaseFileBytes) return caseRoomMessages.fileTooLarge;
  if (!caseFileTypes.client.includes(file.type)) return caseRoomMessages.fileTypeClient;
  return null;
}

const droppedText = "The upload stopped: check your connection, then press Resume. What already arrived is kept.";

export function useCaseUploads(reference: string, roomKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<CaseUpload[]>([]);
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  const queue = useRef<Promise<void>>(Promise.resolve());

  const patch = (key: number, change: Partial<CaseUpload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function send(upload: CaseUpload) {
    const controller = new AbortController();
    controllers.current.set(upload.key, controller);
    patch(upload.key, { state: "uploading", error: undefined });
    try {
      await uploadCaseFile(caseUploadsPath("client", reference), upload.file, {
        messageId: upload.messageId,
        signal: controller.signal,
        onProgress: (sent: number) => patch(upload.key, { sent }),
      });
      patch(upload.key, { state: "done", sent: upload.file.size });
      toast({ title: "File added", description: `${upload.file.name} is in your case room.`, variant: "success" });
      await queryClient.invalidateQueries({ queryKey: roomKey });
    } catch (error) {
      if (controller.signal.aborted) {
        // Stopped by the client: nothing went wrong, so nothing is said in red.
        patch(upload.key, { state: "stopped" });
        return;
      }
      // A refusal from the server (type, size, space, a closed case) cannot be resumed: say it as the server said it.
      const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
      const message = (error instanceof ApiError && error.serverMessage) || droppedText;
      patch(upload.key, { state: refusal ? "refused" : "stopped", error: message });
      toast({ title: "File not added", description: `${upload.file.name}: ${message}`, variant: "destructive" });
    } finally {
      controllers.current.delete(upload.key);
    }
  }

  /** Puts each of `files` in the line, checked first; `messageId` attaches them to the message just sent. */
  function add(files: File[], messageId?: number) {
    const added: CaseUpload[] = files.map((file) => {
      const refusal = clientFileRefusal(file);
      return { key: nextKey.current++, file, messageId, sent: 0, state: refusal ? "refused" : "waiting", error: refusal ?? undefined };
    });
    setUploads((list) => [...list.filter((u) => u.state !== "done"), ...added]);
    for (const u of added) if (u.state === "waiting") queue.current = queue.current.then(() => send(u));
  }

  function resume(key: number) {
    const upload = uploads.find((u) => u.key === key);
    if (upload) queue.current = queue.current.then(() => send(upload));
  }

  function stop(key: number) {
    controllers.current.get(key)?.abort();
  }

  /** Takes a file off the list; one that stopped half-way is given up on the server too, so its bytes do not wait there for a day. */
  function forget(key: number) {
    const upload = uploads.find((u) => u.key === key);
    controllers.current.get(key)?.abort();
    setUploads((list) => list.filter((u) => u.key !== key));
    if (upload?.state === "stopped") void abandonCaseUpload(caseUploadsPath("client", reference), upload.file);
  }

  return { uploads, add, resume, stop, forget };
}
