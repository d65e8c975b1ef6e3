/**
 * The client's case room (/cases/{ref}): the bookings it covers, where the case stands, the files, the
 * messages and the form to write and add photos or documents. The server renders all of it (every
 * file link and a plain form that posts to /cases/{ref}/messages, so it works with JavaScript off);
 * once hydrated, a message is sent as JSON with its pending state, photos chosen with it are
 * uploaded after it in resumable chunks with a progress bar each, and the room is read again.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { ApiError, apiRequest } from "../client/api";
import { toast } from "../client/toast-store";
import { errorProps } from "../components/FormField";
import { bookingPagePath } from "../domain/booking";
import { formatAppointment, formatInstantDate } from "../domain/format";
import { type CaseRoomView, caseFileTypes, caseMessageSchema, caseRoomMessages, caseRoomPath, maxCaseMessageLength } from "../shared/case-room";
import { CaseFiles, type FileAccess } from "./case-room/CaseFiles";
import { CaseThread } from "./case-room/CaseThread";
import { CaseTimeline } from "./case-room/CaseTimeline";
import { UploadList } from "./case-room/UploadList";
import { useCaseUploads } from "./case-room/useCaseUploads";

export type CaseRoomProps = {
  reference: string;
  timeZone: string;
  businessName: string;
  /** Where to confirm it is still them before files open (a sign-in over an hour old); null when files open now. */
  confirmPath: string | null;
  /** What the plain form left when it was refused: the words typed and why. */
  draft?: { body: string; error?: string };
};

/** The room as the island reads it (GET /api/cases/{ref}); the page hands the first answer in. */
export const caseRoomKey = (reference: string) => ["/api/cases", reference] as const;

const messageId = "case-message";
const filesId = "case-message-files";

/** Why nothing more can be added, and what becomes of the files. */
function ClosedNotice({ view, timeZone }: { view: CaseRoomView; timeZone: string }) {
  return (
    <div role="note" className="alert alert-warning" data-testid="case-closed">
      <div>
        <p className="font-semibold">{view.status === "closed" ? "This case is closed" : caseRoomMessages.roomClosed}</p>
        {view.filesDeletedAt ? (
          <p>{`${caseRoomMessages.filesDeleted} They were deleted on ${formatInstantDate(view.filesDeletedAt, timeZone)}.`}</p>
        ) : view.filesDeleteOn ? (
          <p>{`Its files will be deleted on ${formatInstantDate(view.filesDeleteOn, timeZone)}. Download anything you want to keep before then.`}</p>
        ) : null}
        <p>
          Nothing more can be added here. If you need us, please{" "}
          <a href="/contact" className="link">
            get in touch
          </a>
          .
        </p>
      </div>
    </div>
  );
}

function Bookings({ view }: { view: CaseRoomView }) {
  return (
    <section aria-labelledby="case-bookings-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2">
        <h2 id="case-bookings-title" className="card-title">
          {view.bookings.length === 1 ? "Your booking" : "Your bookings in this case"}
        </h2>
        <ul className="divide-y divide-base-300">
          {view.bookings.map((b) => (
            <li key={b.reference} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid="case-booking">
              <span className="min-w-0 break-words">
                <span className="font-semibold">{b.serviceName}</span>
                <span className="block text-sm text-base-content/80">{formatAppointment(b.appointmentDate, b.appointmentTime)}</span>
              </span>
              <a href={bookingPagePath(b.reference)} className="link font-mono text-sm whitespace-nowrap">
                {b.reference}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function CaseRoom({ reference, timeZone, businessName, confirmPath, draft }: CaseRoomProps) {
  const key = caseRoomKey(reference);
  const queryClient = useQueryClient();
  const room = useQuery<CaseRoomView>({ queryKey: key });
  const uploads = useCaseUploads(reference, key);
  const [body, setBody] = useState(draft?.body ?? "");
  const [error, setError] = useState(draft?.error);
  const [pending, setPending] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const view = room.data;
  if (!view) return <p>This case room could not be read. Please reload the page.</p>;
  const access: FileAccess = { confirmPath, timeZone, businessName };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const files = [...(fileRef.current?.files ?? [])];
    const text = body.trim();
    // Photos alone need no words; words alone or with photos are a message.
    if (text || files.length === 0) {
      const parsed = caseMessageSchema.safeParse({ body });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? caseRoomMessages.messageRequired);
        textRef.current?.focus();
        return;
      }
    }
    setError(undefined);
    setPending(true);
    let sentId: number | undefined;
    try {
      if (text) {
        const answer = await apiRequest<{ id: number; room: CaseRoomView }>("POST", `/api/cases/${encodeURIComponent(reference)}/messages`, { body: text });
        sentId = answer.id;
        queryClient.setQueryData(key, answer.room);
        setBody("");
        toast({
          title: "Message sent",
          description: files.length ? "Your files are being added below: keep this page open until they are." : "We will reply here and e-mail you when we do.",
          variant: "success",
        });
      }
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fields?.body : undefined;
      if (fieldError) {
        setError(fieldError);
        textRef.current?.focus();
      }
      const said = err instanceof ApiError ? err.serverMessage : undefined;
      toast({
        title: "Message not sent",
        description: said ?? "Check your connection and try again: your words are still in the box.",
        variant: "destructive",
      });
      setPending(false);
      // A closed room or a message refused: the room may have changed, so read it again.
      if (err instanceof ApiError && err.status === 409) await queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    setPending(false);
    if (files.length) {
      uploads.add(files, sentId);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  return (
    <div className="space-y-6">
      {!view.canAdd && <ClosedNotice view={view} timeZone={timeZone} />}
      <Bookings view={view} />
      <CaseTimeline view={view} timeZone={timeZone} />
      <CaseFiles files={view.files} zipUrl={view.zipUrl} access={access} />
      <section aria-labelledby="case-thread-title" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <h2 id="case-thread-title" className="card-title">
            Messages
          </h2>
          <CaseThread view={view} access={access} />
          {view.canAdd && (
            <form
              method="post"
              action={`${caseRoomPath(reference)}/messages`}
              noValidate
              onSubmit={submit}
              className="space-y-3"
              data-testid="case-message-form"
            >
              <div className="fieldset">
                <label htmlFor={messageId} className="fieldset-legend">
                  Your message
                </label>
                <textarea
                  ref={textRef}
                  id={messageId}
                  name="body"
                  rows={4}
                  maxLength={maxCaseMessageLength}
                  className="textarea w-full"
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  {...errorProps(messageId, error)}
                />
                {error && (
                  <p id={`${messageId}-error`} className="text-sm text-error" role="alert">
                    {error}
                  </p>
                )}
              </div>
              <div className="fieldset noscript:hidden">
                <label htmlFor={filesId} className="fieldset-legend">
                  Add photos or documents
                </label>
                <input
                  ref={fileRef}
                  id={filesId}
                  type="file"
                  multiple
                  accept={caseFileTypes.client.join(",")}
                  className="file-input w-full"
                  aria-describedby={`${filesId}-hint`}
                />
                <p id={`${filesId}-hint`} className="label whitespace-normal">
                  PDF or photos (JPEG, PNG, WebP or HEIC), up to 2 GB each. They are sent after your message, or on their own if you write nothing.
                </p>
              </div>
              <p className="hidden text-sm noscript:block">To add photos or documents, turn on JavaScript for this site: messages can be sent without it.</p>
              <div className="flex justify-end">
                <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={pending} data-pending-label="Sending…">
                  {pending ? "Sending…" : "Send message"}
                </button>
              </div>
            </form>
          )}
          <UploadList uploads={uploads.uploads} onResume={uploads.resume} onStop={uploads.stop} onForget={uploads.forget} />
        </div>
      </section>
    </div>
  );
}
