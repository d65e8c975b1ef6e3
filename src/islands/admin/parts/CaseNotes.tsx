/**
 * The case notes of one record (an enquiry, a booking, an order or a customer), inside its dialog:
 * the notes newest first with who wrote them and when, a field to add one, and Delete on the
 * admin's own notes (asked once more). Only the back office ever sees them (decision 041).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField } from "../../../components/FormField";
import { formatInstant } from "../../../domain/format";
import { type CaseNote, type CaseNoteList, caseNoteRecordNames, caseNoteSchema, caseNotesPath, maxCaseNoteLength } from "../../../shared/admin-notes";
import { RecordSection, StepActions } from "./record-parts";
import { SubmitButton } from "./SubmitButton";
import { toastFailure } from "./toast-failure";

export type CaseNotesProps = { list: CaseNoteList; recordKey: string; timeZone: string };

export function CaseNotes({ list, recordKey, timeZone }: CaseNotesProps) {
  const queryClient = useQueryClient();
  const base = useId();
  const path = caseNotesPath(list, recordKey);
  const notes = useQuery<{ notes: CaseNote[] }>({ queryKey: [path], staleTime: 0 });
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming !== null) confirmButton.current?.focus();
  }, [confirming]);

  const add = useMutation({
    mutationFn: (body: string) => adminRequest<CaseNote>("POST", path, { body }),
    onSuccess: (note) => {
      queryClient.setQueryData<{ notes: CaseNote[] }>([path], (old) => ({ notes: [note, ...(old?.notes ?? [])] }));
      setDraft("");
      toast({ title: "Note added", variant: "success" });
    },
    onError: (err) => {
      const message = err instanceof ApiError ? err.fields?.body : undefined;
      if (message) {
        setError(message);
        field.current?.focus();
      }
      toastFailure("Note not added", err);
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => adminRequest<null>("DELETE", `/api/admin/notes/${id}`),
    onSuccess: (_, id) => {
      queryClient.setQueryData<{ notes: CaseNote[] }>([path], (old) => ({ notes: (old?.notes ?? []).filter((n) => n.id !== id) }));
      setConfirming(null);
      heading.current?.focus();
      toast({ title: "Note deleted", variant: "success" });
    },
    onError: (err) => {
      toastFailure("Note not deleted", err);
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: [path] });
    },
  });

  const submit = () => {
    const checked = caseNoteSchema.safeParse({ body: draft });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    add.mutate(checked.data.body);
  };

  const noteId = `${base}note`;
  const listed = notes.data?.notes ?? [];

  return (
    <RecordSection id={`${base}notes`} title="Case notes" headingRef={heading}>
      <form
        noValidate
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField
          id={noteId}
          label="New note"
          error={error}
          hint={`Seen only in the back office, never by the customer, nor in e-mails or exports.`}
          hintStays
        >
          <textarea
            ref={field}
            id={noteId}
            rows={3}
            maxLength={maxCaseNoteLength}
            className="textarea w-full"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            {...errorProps(noteId, error)}
          />
        </FormField>
        <div className="flex justify-end">
          <SubmitButton label="Add note" pending={add.isPending} pendingLabel="Adding..." className="btn btn-primary btn-sm" />
        </div>
      </form>

      {notes.isPending && <div className="skeleton h-16 w-full" aria-hidden="true" />}
      {notes.isError && (
        <p role="alert" className="text-error">
          The notes could not be loaded.
        </p>
      )}
      {notes.isSuccess && listed.length === 0 && <p className="text-sm text-base-content/80">No notes on this {caseNoteRecordNames[list]} yet.</p>}
      {listed.length > 0 && (
        <ol className="space-y-2" aria-label={`Notes on this ${caseNoteRecordNames[list]}, newest first`}>
          {listed.map((note) => (
            <li key={note.id} className="rounded-box bg-base-200 p-3 text-sm" data-testid="case-note">
              <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-base-content/80">
                <span className="font-semibold text-base-content">{note.adminUsername}</span>
                <time dateTime={note.createdAt}>{formatInstant(note.createdAt, timeZone)}</time>
              </p>
              <p className="break-words whitespace-pre-wrap">{note.body}</p>
              {note.mine && confirming !== note.id && (
                <div className="mt-2 flex justify-end">
                  <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setConfirming(note.id)}>
                    Delete<span className="sr-only"> the note of {formatInstant(note.createdAt, timeZone)}</span>
                  </button>
                </div>
              )}
              {confirming === note.id && (
                <div className="mt-2 space-y-2">
                  <p>Delete this note? This cannot be undone.</p>
                  <StepActions backLabel="Keep it" onBack={() => setConfirming(null)} backDisabled={remove.isPending}>
                    <button
                      ref={confirmButton}
                      type="button"
                      className="btn btn-error btn-sm"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(note.id)}
                    >
                      {remove.isPending ? "Deleting..." : "Yes, delete"}
                    </button>
                  </StepActions>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </RecordSection>
  );
}
