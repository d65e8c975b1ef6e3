/**
 * The room's messages, oldest first, each with who wrote it (the client's name, or the admin who
 * wrote for the business) and the files that came with it; under them the reply, sent to
 * POST /api/admin/cases/{ref}/messages. The client reads the business's replies under the
 * business's name and is e-mailed only that there is something new.
 */
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { FormField, hintAndErrorProps } from "../../../components/FormField";
import { formatFileSize, formatInstant } from "../../../domain/format";
import { type CaseRoomView, type CaseTimelineEntry, caseMessageSchema, caseRoomMessages, maxCaseMessageLength } from "../../../shared/case-room";
import { SubmitButton } from "../parts/SubmitButton";
import { toastFailure } from "../parts/toast-failure";

type MessageEntry = Extract<CaseTimelineEntry, { kind: "message" }>;

export function CaseThread({
  reference,
  room,
  timeZone,
  onSent,
}: {
  reference: string;
  room: CaseRoomView;
  timeZone: string;
  onSent: (room: CaseRoomView | undefined) => void;
}) {
  const base = useId();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const messages = room.timeline.filter((e): e is MessageEntry => e.kind === "message");

  const send = useMutation({
    mutationFn: (body: string) =>
      adminRequest<{ id: number; room?: CaseRoomView }>("POST", `/api/admin/cases/${encodeURIComponent(reference)}/messages`, { body }),
    onSuccess: (answer) => {
      setDraft("");
      toast({
        title: "Reply sent",
        description: "The client reads it in their case room and is e-mailed that there is something new (one e-mail until they next open it).",
        variant: "success",
      });
      onSent(answer.room);
      field.current?.focus();
    },
    onError: (err) => {
      const message = err instanceof ApiError ? err.fields?.body : undefined;
      if (message) {
        setError(message);
        field.current?.focus();
      }
      toastFailure("Reply not sent", err);
    },
  });

  const submit = () => {
    const checked = caseMessageSchema.safeParse({ body: draft });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    send.mutate(checked.data.body);
  };

  const replyId = `${base}reply`;
  return (
    <div className="space-y-4">
      {messages.length === 0 ? (
        <p className="text-sm text-base-content/80">No messages yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Messages, oldest first">
          {messages.map((m) => (
            <li
              key={m.id}
              data-testid="case-message"
              className={`rounded-box p-3 text-sm ${m.side === "business" ? "bg-base-200 sm:ml-8" : "border border-base-300 sm:mr-8"}`}
            >
              <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-base-content/80">
                <span className="font-semibold text-base-content">{m.author}</span>
                <span>{m.side === "business" ? "(the business)" : "(the client)"}</span>
                <time dateTime={m.at}>{formatInstant(m.at, timeZone)}</time>
              </p>
              <p className="break-words whitespace-pre-wrap">{m.body}</p>
              {m.files.length > 0 && (
                // Named here, downloaded from Files (one link per file, with its checksum there).
                <ul className="mt-2 space-y-1" aria-label="Files with this message">
                  {m.files.map((f) => (
                    <li key={f.id} className="break-all">
                      <span aria-hidden="true">📎 </span>
                      {`${f.name} (${formatFileSize(f.size)}${f.status === "ready" ? ", in Files below" : f.status === "deleted" ? ", deleted" : ", still arriving"})`}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}

      {room.canAdd ? (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField
            id={replyId}
            label="Reply to the client"
            error={error}
            hint="The client reads it in their case room; the e-mail they get says only that there is something new."
            hintStays
          >
            <textarea
              ref={field}
              id={replyId}
              rows={4}
              maxLength={maxCaseMessageLength}
              className="textarea w-full"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              {...hintAndErrorProps(replyId, error)}
            />
          </FormField>
          <div className="flex justify-end">
            <SubmitButton label="Send reply" pending={send.isPending} pendingLabel="Sending..." className="btn btn-primary btn-sm" />
          </div>
        </form>
      ) : (
        <p className="text-sm text-base-content/80">
          {room.filesDeletedAt ? caseRoomMessages.filesDeleted : `${caseRoomMessages.roomClosed} Update its status to reopen it.`}
        </p>
      )}
    </div>
  );
}
