/**
 * /admin/cases/{reference}: one case room from GET /api/admin/cases/{ref} (reading it marks it seen
 * by the business). The bookings it gathers, linking to their records; where the case stands and
 * "Update status"; the messages and the reply; the files with their checksums and "Add files"; and,
 * for owners, who downloaded what. A booking with nothing written yet shows its room as scheduled:
 * the first update, message or file makes it (decision 079).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useId, useRef } from "react";
import { ApiError } from "../../client/api";
import { StatusBadge } from "../../components/StatusBadge";
import { type BookingStatus, bookingStatuses } from "../../domain/booking";
import { formatAppointment, formatInstantDate } from "../../domain/format";
import type { AdminMe } from "../../shared/admin-auth";
import { adminCasesList } from "../../shared/admin-cases";
import { adminRecordPath } from "../../shared/admin-records";
import { type CaseRoomBooking, type CaseRoomView, caseRoomMessages } from "../../shared/case-room";
import { CaseDownloads } from "./cases/CaseDownloads";
import { CaseFiles } from "./cases/CaseFiles";
import { CaseThread } from "./cases/CaseThread";
import { CaseTimeline } from "./cases/CaseTimeline";
import { CaseUploader } from "./cases/CaseUploader";
import { GatherDialog } from "./cases/GatherDialog";
import { UpdateStatusForm } from "./cases/UpdateStatusForm";
import { CustomerLink } from "./parts/CustomerLink";
import { DialogButton } from "./parts/DialogButton";
import { HeaderLink, PageHeader } from "./parts/PageHeader";
import { useDialogTrigger } from "./parts/use-dialog-trigger";

export type AdminCaseRoomProps = { reference: string; timeZone: string };

type Open = { kind: "gather"; trigger?: HTMLElement };

const isBookingStatus = (s: string): s is BookingStatus => (bookingStatuses as readonly string[]).includes(s);

function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-3 border-t border-base-300 pt-6" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Bookings({ bookings }: { bookings: CaseRoomBooking[] }) {
  return (
    <ul className="space-y-2" aria-label="Bookings in this case room">
      {bookings.map((b) => (
        <li key={b.reference} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="case-booking">
          <a className="link font-mono font-medium" href={adminRecordPath("bookings", b.reference)}>
            {b.reference}
          </a>
          <span className="break-words">{b.serviceName}</span>
          <span className="text-base-content/80">{formatAppointment(b.appointmentDate, b.appointmentTime)}</span>
          {isBookingStatus(b.status) && <StatusBadge kind="booking" status={b.status} />}
        </li>
      ))}
    </ul>
  );
}

/** What the closing means for the files: when they go, or that they are gone. */
function Retention({ room, timeZone }: { room: CaseRoomView; timeZone: string }) {
  if (room.filesDeletedAt)
    return <p className="text-sm">{`${caseRoomMessages.filesDeleted} They were deleted on ${formatInstantDate(room.filesDeletedAt, timeZone)}.`}</p>;
  if (room.closedAt && room.filesDeleteOn)
    return (
      <p className="text-sm">
        {`Closed on ${formatInstantDate(room.closedAt, timeZone)}. Its files will be deleted on ${formatInstantDate(room.filesDeleteOn, timeZone)}, unless the case is reopened before then.`}
      </p>
    );
  return null;
}

export default function AdminCaseRoom({ reference, timeZone }: AdminCaseRoomProps) {
  const queryClient = useQueryClient();
  const base = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const url = `/api/admin/cases/${encodeURIComponent(reference)}`;
  const room = useQuery<CaseRoomView>({ queryKey: [url], staleTime: 0 });
  const me = useQuery<AdminMe>({ queryKey: ["/api/admin/me"] });
  const owner = me.data?.role === "owner";
  const { open, setOpen, closeDialog } = useDialogTrigger<Open>(heading);

  /** After a write: the room as the server answered it, or read again; the list and the to-do list are stale. */
  const changed = useCallback(
    (answer?: CaseRoomView) => {
      if (answer) queryClient.setQueryData([url], answer);
      else void queryClient.invalidateQueries({ queryKey: [url] });
      void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(adminCasesList.apiPath) });
    },
    [queryClient, url],
  );
  const filesChanged = useCallback(() => changed(), [changed]);

  const missing = room.error instanceof ApiError && room.error.status === 404;
  const r = room.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Case room ${reference}`}
        headingRef={heading}
        description={r ? <StatusBadge kind="caseStatus" status={r.status} /> : undefined}
        back={<HeaderLink href={adminCasesList.path} label="All case rooms" />}
      />

      {room.isPending && <div className="skeleton h-64 w-full" aria-hidden="true" />}
      {missing && <p role="alert">There is no booking with this reference, or its room cannot be opened. Check the reference in Bookings.</p>}
      {room.isError && !missing && (
        <p role="alert" className="text-error">
          This case room could not be loaded. Please reload the page.
        </p>
      )}

      {r && (
        <>
          <div className="space-y-3">
            <CustomerLink list="bookings" recordKey={reference} />
            <Retention room={r} timeZone={timeZone} />
          </div>

          <Section id={`${base}bookings`} title={r.bookings.length === 1 ? "Booking" : "Bookings"}>
            <Bookings bookings={r.bookings} />
            <DialogButton className="btn btn-outline btn-sm" onOpen={(trigger) => setOpen({ kind: "gather", trigger })}>
              Add another booking of this customer
            </DialogButton>
          </Section>

          <Section id={`${base}timeline`} title="Timeline">
            <CaseTimeline room={r} timeZone={timeZone} />
            <UpdateStatusForm reference={reference} room={r} onUpdated={changed} />
          </Section>

          <Section id={`${base}messages`} title="Messages" testId="case-thread">
            <CaseThread reference={reference} room={r} timeZone={timeZone} onSent={changed} />
          </Section>

          <Section id={`${base}files`} title="Files" testId="case-files">
            <CaseFiles reference={reference} files={r.files} timeZone={timeZone} />
            <CaseUploader reference={reference} canAdd={r.canAdd} onAdded={filesChanged} />
          </Section>

          {owner && (
            <Section id={`${base}downloads`} title="Downloads">
              <CaseDownloads reference={reference} timeZone={timeZone} />
            </Section>
          )}

          {open?.kind === "gather" && <GatherDialog reference={reference} onClose={closeDialog} onGathered={changed} />}
        </>
      )}
    </div>
  );
}
