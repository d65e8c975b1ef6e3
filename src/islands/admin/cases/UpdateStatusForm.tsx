/**
 * "Update status", under the timeline: the room's next step, with a note the client reads and
 * whether the client is told by e-mail that there is something new (on unless unticked; the e-mail
 * says nothing of the case). Sent to POST /api/admin/cases/{ref}/updates; a refusal shows under its
 * field or as a toast. A form on the page rather than a dialog: it is the room's most frequent step.
 */
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField, hintAndErrorProps } from "../../../components/FormField";
import { type CaseRoomView, type CaseStatus, caseStatuses, caseStatusLabels, caseUpdateSchema, maxCaseUpdateNoteLength } from "../../../shared/case-room";
import { SubmitButton } from "../parts/SubmitButton";
import { toastFailure } from "../parts/toast-failure";

export type UpdateStatusFormProps = {
  reference: string;
  room: CaseRoomView;
  /** The room as the server answered it after the update (or undefined: read it again). */
  onUpdated: (room: CaseRoomView | undefined) => void;
};

type Errors = Partial<Record<"status" | "note", string>>;

/** The step after `status`: what the owner most likely moves the room to. */
function nextStatus(status: CaseStatus): CaseStatus {
  return caseStatuses[Math.min(caseStatuses.indexOf(status) + 1, caseStatuses.length - 1)] ?? status;
}

/** What the client was told, as truthfully as the answer allows: one notice waits until they open the room. */
const toldText = (notify: boolean) =>
  notify
    ? "The client is e-mailed that there is something new in their case room (one e-mail until they next open it)."
    : "The client was not e-mailed; they see it the next time they open the room.";

export function UpdateStatusForm({ reference, room, onUpdated }: UpdateStatusFormProps) {
  const statusField = useRef<HTMLSelectElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const base = useId();
  const [status, setStatus] = useState<CaseStatus>(nextStatus(room.status));
  const [note, setNote] = useState("");
  const [notify, setNotify] = useState(true);
  const [errors, setErrors] = useState<Errors>({});

  const send = useMutation({
    mutationFn: (input: { status: CaseStatus; note?: string; notify: boolean }) =>
      adminRequest<{ id: number; room?: CaseRoomView }>("POST", `/api/admin/cases/${encodeURIComponent(reference)}/updates`, input),
    onSuccess: (answer, input) => {
      toast({ title: `Status now ${caseStatusLabels[input.status].toLowerCase()}`, description: toldText(input.notify), variant: "success" });
      setNote("");
      setNotify(true);
      setStatus(nextStatus(input.status));
      onUpdated(answer.room);
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields?.status || fields?.note) {
        setErrors({ status: fields.status, note: fields.note });
        (fields.status ? statusField : noteField).current?.focus();
      }
      toastFailure("Status not updated", err);
      // Changed meanwhile (files deleted, say): show the room as it is now.
      if (err instanceof ApiError && err.status === 409) onUpdated(undefined);
    },
  });

  const submit = () => {
    const checked = caseUpdateSchema.safeParse({ status, note: note.trim() ? note : undefined, notify });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === "status" || field === "note") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      (found.status ? statusField : noteField).current?.focus();
      return;
    }
    setErrors({});
    send.mutate(checked.data);
  };

  const statusId = `${base}status`;
  const noteId = `${base}note`;
  const notifyId = `${base}notify`;
  const closing = status === "closed" && room.status !== "closed";

  return (
    <form
      noValidate
      className="space-y-3 rounded-box border border-base-300 p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormField id={statusId} label="Status" error={errors.status}>
        <select
          ref={statusField}
          id={statusId}
          className="select w-full sm:max-w-xs"
          value={status}
          onChange={(e) => setStatus(e.target.value as CaseStatus)}
          {...errorProps(statusId, errors.status)}
        >
          {caseStatuses.map((s) => (
            <option key={s} value={s}>
              {s === room.status ? `${caseStatusLabels[s]} (now)` : caseStatusLabels[s]}
            </option>
          ))}
        </select>
      </FormField>
      {closing && (
        <p className="text-sm" data-testid="closing-note">
          Closing the case stops the client adding messages or files, and starts the time after which its files are deleted.
        </p>
      )}
      <FormField id={noteId} label="Note for the client (optional)" error={errors.note} hint="The client reads it on their timeline." hintStays>
        <textarea
          ref={noteField}
          id={noteId}
          rows={2}
          maxLength={maxCaseUpdateNoteLength}
          className="textarea w-full"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...hintAndErrorProps(noteId, errors.note)}
        />
      </FormField>
      <div className="flex items-start gap-3">
        <input id={notifyId} type="checkbox" className="checkbox mt-0.5" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
        <label htmlFor={notifyId} className="text-sm">
          <span className="font-medium">Tell the client</span>
          <span className="block text-base-content/80">An e-mail saying only that there is something new in their case room.</span>
        </label>
      </div>
      <div className="flex justify-end">
        <SubmitButton label="Update status" pending={send.isPending} pendingLabel="Updating..." className="btn btn-primary btn-sm" />
      </div>
    </form>
  );
}
