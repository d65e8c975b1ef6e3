/**
 * One booking's dialog: its details and only the status changes the transition table allows now,
 * each asked to be confirmed first (with a pending state while it is sent). A native <dialog>
 * opened with showModal keeps focus inside; whoever opens it puts focus back on the trigger in
 * `onClose`.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import type { BookingStatus } from "../../../domain/booking";
import { discountNote } from "../../../domain/booking-price-lines";
import { formatAppointment, formatInstantDate } from "../../../domain/format";
import { type AdminBookingRow, bookingActionLabels } from "../../../shared/admin-bookings";
import { DetailRow, RecordSection, StepActions } from "../parts/record-parts";
import { BookingPaymentSection } from "./BookingPaymentSection";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { StatusBadge } from "../../../components/StatusBadge";
import { toastFailure } from "../parts/toast-failure";
import { CaseNotes } from "../parts/CaseNotes";
import { CustomerLink } from "../parts/CustomerLink";
import { adminRecordPath } from "../../../shared/admin-records";
import { useBookingMoney } from "./booking-money";

export type BookingDialogProps = { booking: AdminBookingRow; timeZone: string; onClose: () => void; onChanged: () => void };

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <DetailRow label={label} className="break-words">
        {children}
      </DetailRow>
    </div>
  );
}

export function BookingDialog({ booking: initial, timeZone, onClose, onChanged }: BookingDialogProps) {
  const money = useBookingMoney();
  const { ref, close } = useModal();
  const base = useId();
  const [booking, setBooking] = useState(initial);
  const [step, setStep] = useState<BookingStatus | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const hadStep = useRef(false);

  useEffect(() => {
    if (step) confirmButton.current?.focus();
    else if (hadStep.current) actionsHeading.current?.focus();
    hadStep.current = step !== null;
  }, [step]);

  const url = `/api/admin/bookings/${encodeURIComponent(booking.id)}`;
  const change = useMutation({
    mutationFn: (status: BookingStatus) => adminRequest<AdminBookingRow>("PATCH", url, { status }),
    onSuccess: (updated, status) => {
      setBooking(updated);
      setStep(null);
      toast({ title: bookingActionLabels[status].done, description: "The customer has been e-mailed.", variant: "success" });
      onChanged();
    },
    onError: (err) => {
      setStep(null);
      toastFailure("Booking not changed", err);
      // Changed by someone else meanwhile: show what the booking allows now.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        onChanged();
        adminRequest<AdminBookingRow>("GET", url)
          .then(setBooking)
          .catch(() => setBooking((b) => ({ ...b, next: [] })));
      }
    },
  });

  const b = booking;
  const titleId = `${base}title`;
  const email = b.contactEmail ?? b.customerEmail;

  return (
    <DialogFrame
      modalRef={ref}
      titleId={titleId}
      title={`${b.serviceName} for ${b.customerName}`}
      subtitle={
        <p>
          <StatusBadge kind="booking" status={b.status} />
        </p>
      }
      onClose={onClose}
      close={close}
    >
      <CustomerLink list="bookings" recordKey={b.id} />
      <dl className="space-y-2 text-sm">
        <Detail label="Reference">
          <span className="font-mono">{b.reference ?? "None (booked before bookings had references)"}</span>
        </Detail>
        {/* A room is reached by its bookings' references: a booking without one has none. */}
        {b.reference && (
          <Detail label="Case room">
            <a className="link" href={adminRecordPath("cases", b.reference)} data-testid="booking-case-room">
              Case room<span className="sr-only">{` of ${b.reference}`}</span>
            </a>
            <span className="text-base-content/80">: reports, photos and messages with the client</span>
          </Detail>
        )}
        <Detail label="When">{`${formatAppointment(b.appointmentDate, b.appointmentTime)}, ${b.duration} minutes`}</Detail>
        <Detail label="Price">
          {money(b.servicePrice, b)}
          {/* Each discount by its name (a returning client's long booking has only the volume one), as the booking's page says it. */}
          {b.priceLines.length > 0 && b.originalPrice
            ? ` (${discountNote(b.priceLines, (amount) => money(amount, b))}; list ${money(b.originalPrice, b)})`
            : ""}
        </Detail>
        <Detail label="Customer">{b.customerName}</Detail>
        <Detail label="E-mail">
          {email ? (
            <a href={`mailto:${email}`} className="link break-all">
              {email}
            </a>
          ) : (
            "(none)"
          )}
        </Detail>
        <Detail label="Phone">
          {b.contactPhone ? (
            <a href={`tel:${b.contactPhone.replace(/\s+/g, "")}`} className="link">
              {b.contactPhone}
            </a>
          ) : (
            "(none)"
          )}
        </Detail>
        <Detail label="Location">{b.location ?? "(to be agreed)"}</Detail>
        <Detail label="Notes">{b.notes ?? "(none)"}</Detail>
        <Detail label="Booked">{formatInstantDate(b.createdAt, timeZone)}</Detail>
      </dl>

      <BookingPaymentSection
        booking={b}
        timeZone={timeZone}
        sectionId={`${base}payment`}
        onMarked={(row) => {
          setBooking(row);
          onChanged();
        }}
        onRefused={() => {
          onChanged();
          adminRequest<AdminBookingRow>("GET", url)
            .then(setBooking)
            .catch(() => undefined);
        }}
      />

      <RecordSection id={`${base}actions`} title="Actions" headingRef={actionsHeading}>
        {b.next.length === 0 && <p className="text-sm text-base-content/80">{`This booking is ${b.status}: nothing more can be done with it.`}</p>}

        {step && (
          <fieldset className={`space-y-2 rounded-box border p-3 ${step === "cancelled" ? "border-error/40" : "border-base-300"}`}>
            <legend className="sr-only">{`Confirm: ${bookingActionLabels[step].idle}`}</legend>
            <p>{bookingActionLabels[step].confirm}</p>
            <StepActions backLabel="Go back" backDisabled={change.isPending} onBack={() => setStep(null)}>
              <button
                ref={confirmButton}
                type="button"
                className={`btn btn-sm ${step === "cancelled" ? "btn-error" : "btn-primary"}`}
                disabled={change.isPending}
                aria-busy={change.isPending}
                onClick={() => change.mutate(step)}
              >
                {change.isPending ? bookingActionLabels[step].pending : `Yes, ${bookingActionLabels[step].idle.toLowerCase()}`}
              </button>
            </StepActions>
          </fieldset>
        )}

        {step === null && b.next.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {b.next.map((status) => (
              <button
                key={status}
                type="button"
                className={`btn btn-sm ${status === "cancelled" ? "btn-outline btn-error" : "btn-primary"}`}
                onClick={() => setStep(status)}
              >
                {bookingActionLabels[status].idle}
              </button>
            ))}
          </div>
        )}
      </RecordSection>
      <CaseNotes list="bookings" recordKey={b.id} timeZone={timeZone} />
    </DialogFrame>
  );
}
