/**
 * The time slots: generate the missing ones from the business hours for a range of days, close a
 * day or a range of days with a reason (decision 077: public holidays are closed until reopened),
 * see how full each day is (a bar and counts) and who is booked, and open a day to block or reopen
 * its slots. A blocked slot or a closed day is not offered to customers; bookings already there are
 * kept and listed, so the owner can call each customer (never cancelled here).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField } from "../../../components/FormField";
import { formatDate, formatListDate, formatTime } from "../../../domain/format";
import { addDays, localDate } from "../../../domain/timezone";
import type { AdminSlot, AdminSlotChange, AdminSlotDay, AdminSlotOverview } from "../../../shared/admin-bookings";
import type { CloseDaysResult, DayBooking, ReopenDaysResult } from "../../../shared/admin-calendar";
import { adminRecordPath } from "../../../shared/admin-records";
import { toastFailure } from "../parts/toast-failure";

const overviewPath = "/api/admin/timeslots";
/** Days the overview shows at once. */
const overviewDays = 31;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The bookings holding slot `s` of `day`: those starting there and running past it, and every slot of a day a longer booking spans. */
function bookedIn(day: AdminSlotDay, s: AdminSlot): DayBooking[] {
  return (day.bookings ?? []).filter(
    (b) => b.date !== day.date || (minutesOf(s.time) >= minutesOf(b.time) && minutesOf(s.time) < minutesOf(b.time) + b.duration),
  );
}

function slotState(s: AdminSlot, who: DayBooking[], dayClosed: boolean): string {
  const names = who.map((b) => b.customerName).join(", ");
  if (dayClosed && s.available && s.currentBookings === 0) return "Day closed";
  if (!s.available) return s.currentBookings > 0 ? `Blocked (${s.currentBookings} booked, kept${names ? `: ${names}` : ""})` : "Blocked";
  if (s.currentBookings >= s.maxBookings) return names ? `Booked: ${names}` : "Full";
  if (s.currentBookings > 0) return `${s.currentBookings} of ${s.maxBookings} booked${names ? `: ${names}` : ""}`;
  return "Open";
}

function DayButton({ day, timeZone, selected, onSelect }: { day: AdminSlotDay; timeZone: string; selected: boolean; onSelect: () => void }) {
  const percent = day.capacity > 0 ? Math.round((day.booked / day.capacity) * 100) : 0;
  return (
    <button
      type="button"
      className={`btn h-auto w-full flex-col items-stretch gap-1 py-2 text-left font-normal ${selected ? "btn-primary" : "btn-outline"}`}
      aria-pressed={selected}
      onClick={onSelect}
      data-testid="slot-day"
    >
      <span className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">{formatListDate(day.date, timeZone)}</span>
        <span>{day.slots.length > 0 ? `${day.booked} of ${day.capacity} booked` : "No time slots"}</span>
      </span>
      <progress className="progress w-full" value={percent} max={100} aria-label={`${formatDate(day.date, "long")}: ${percent}% booked`} />
      {day.closed && <span className="text-sm font-semibold">{`Closed: ${day.closed.reason}`}</span>}
      {day.blocked > 0 && <span className="text-xs">{`${day.blocked} blocked`}</span>}
    </button>
  );
}

/** Who is booked: name, package, time and phone, each linking to the booking's record. */
function BookedList({ bookings, label, timeZone, showDate }: { bookings: DayBooking[]; label: string; timeZone: string; showDate?: boolean }) {
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={label}>
      {bookings.map((b) => (
        <li key={b.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3" data-testid="day-booking">
          <span>
            <a className="link font-semibold" href={adminRecordPath("bookings", b.reference ?? b.id)}>
              {b.customerName}
            </a>
            <span className="block text-sm">{`${showDate ? `${formatListDate(b.date, timeZone)} ` : ""}${formatTime(b.time)}, ${b.serviceName}`}</span>
          </span>
          {b.phone ? (
            <a className="link whitespace-nowrap" href={`tel:${b.phone.replace(/[^\d+]/g, "")}`}>
              {b.phone}
            </a>
          ) : (
            <span className="text-sm">No phone given</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function SlotsPanel({ timeZone, onChanged }: { timeZone: string; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const base = useId();
  const today = localDate(new Date(), timeZone);
  const [from, setFrom] = useState(today);
  const [selected, setSelected] = useState<string | null>(null);
  const [genFrom, setGenFrom] = useState(today);
  const [genTo, setGenTo] = useState(addDays(today, 30));
  const [genErrors, setGenErrors] = useState<Record<string, string>>({});
  const [closeFrom, setCloseFrom] = useState(today);
  const [closeTo, setCloseTo] = useState(today);
  const [closeReason, setCloseReason] = useState("");
  const [closeErrors, setCloseErrors] = useState<Record<string, string>>({});
  const [closed, setClosed] = useState<CloseDaysResult | null>(null);
  const daySlotsHeading = useRef<HTMLHeadingElement>(null);
  const closeReasonInput = useRef<HTMLInputElement>(null);

  const overviewUrl = `${overviewPath}?from=${from}&to=${addDays(from, overviewDays - 1)}`;
  const overview = useQuery<AdminSlotOverview>({ queryKey: [overviewUrl] });
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(overviewPath) });

  const generate = useMutation({
    mutationFn: (range: { from: string; to: string }) => adminRequest<{ created: number }>("POST", `${overviewPath}/generate`, range),
    onSuccess: ({ created }) => {
      setGenErrors({});
      toast({
        title: created > 0 ? `${created} time ${created === 1 ? "slot" : "slots"} added` : "No new time slots",
        description: created > 0 ? "Customers can book them now." : "Every slot of those days already exists.",
        variant: "success",
      });
      refresh();
    },
    onError: (err) => {
      setGenErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
      toastFailure("Time slots not generated", err);
    },
  });

  const toggle = useMutation({
    mutationFn: (s: AdminSlot) => adminRequest<AdminSlotChange>("PATCH", `${overviewPath}/${s.id}`, { available: !s.available }),
    onSuccess: (res) => {
      toast({ title: res.slot.available ? "Slot reopened" : "Slot blocked", description: res.message, variant: "success" });
      refresh();
      onChanged();
    },
    onError: (err) => {
      toastFailure("Slot not changed", err);
      refresh();
    },
  });

  const close = useMutation({
    mutationFn: (body: { from: string; to: string; reason: string }) => adminRequest<CloseDaysResult>("POST", `${overviewPath}/close`, body),
    onSuccess: (res) => {
      setCloseErrors({});
      setCloseReason("");
      setClosed(res);
      toast({ title: res.closed.length === 1 ? "Day closed" : `${res.closed.length} days closed`, description: res.message, variant: "success" });
      refresh();
    },
    onError: (err) => {
      setCloseErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
      toastFailure("Days not closed", err);
    },
  });

  const reopen = useMutation({
    mutationFn: (date: string) => adminRequest<ReopenDaysResult>("POST", `${overviewPath}/reopen`, { from: date, to: date }),
    onSuccess: (res) => {
      toast({ title: "Day reopened", description: res.message, variant: "success" });
      refresh();
    },
    onError: (err) => toastFailure("Day not reopened", err),
  });

  const onClose = (e: FormEvent) => {
    e.preventDefault();
    close.mutate({ from: closeFrom, to: closeTo, reason: closeReason });
  };

  /** Fills the close form with one day and moves to its reason. */
  const startClosing = (date: string) => {
    setCloseFrom(date);
    setCloseTo(date);
    requestAnimationFrame(() => closeReasonInput.current?.focus());
  };

  const onGenerate = (e: FormEvent) => {
    e.preventDefault();
    generate.mutate({ from: genFrom, to: genTo });
  };

  const days = overview.data?.days ?? [];
  const day = days.find((d) => d.date === selected);
  const fromId = `${base}from`;
  const genFromId = `${base}genfrom`;
  const genToId = `${base}gento`;
  const closeFromId = `${base}closefrom`;
  const closeToId = `${base}closeto`;
  const closeReasonId = `${base}closereason`;

  return (
    <div className="space-y-6">
      <form onSubmit={onGenerate} noValidate className="grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <p className="text-sm sm:col-span-3">
          Add the missing slots from the business hours (Settings). Days that already have slots keep them; up to 90 days at a time.
        </p>
        <FormField id={genFromId} label="From" error={genErrors.from}>
          <input
            id={genFromId}
            type="date"
            className="input w-full"
            min={today}
            value={genFrom}
            onChange={(e) => setGenFrom(e.target.value)}
            {...errorProps(genFromId, genErrors.from)}
          />
        </FormField>
        <FormField id={genToId} label="To" error={genErrors.to}>
          <input
            id={genToId}
            type="date"
            className="input w-full"
            min={genFrom}
            value={genTo}
            onChange={(e) => setGenTo(e.target.value)}
            {...errorProps(genToId, genErrors.to)}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={generate.isPending} aria-busy={generate.isPending}>
          {generate.isPending ? "Generating..." : "Generate slots"}
        </button>
      </form>

      <form
        onSubmit={onClose}
        noValidate
        aria-labelledby={`${base}closetitle`}
        className="grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-end"
      >
        <div className="sm:col-span-2 lg:col-span-4">
          <h3 id={`${base}closetitle`} className="font-semibold">
            Close days
          </h3>
          <p className="text-sm">
            A holiday, leave or a day in court: customers are offered no time on these days. Bookings already on them are kept and listed here, for you to call
            each customer. South Australian public holidays are closed unless you reopen them.
          </p>
        </div>
        <FormField id={closeFromId} label="First day" error={closeErrors.from}>
          <input
            id={closeFromId}
            type="date"
            className="input w-full"
            min={today}
            value={closeFrom}
            onChange={(e) => {
              setCloseFrom(e.target.value);
              if (e.target.value > closeTo) setCloseTo(e.target.value);
            }}
            {...errorProps(closeFromId, closeErrors.from)}
          />
        </FormField>
        <FormField id={closeToId} label="Last day" error={closeErrors.to}>
          <input
            id={closeToId}
            type="date"
            className="input w-full"
            min={closeFrom}
            value={closeTo}
            onChange={(e) => setCloseTo(e.target.value)}
            {...errorProps(closeToId, closeErrors.to)}
          />
        </FormField>
        <FormField id={closeReasonId} label="Reason" error={closeErrors.reason}>
          <input
            id={closeReasonId}
            ref={closeReasonInput}
            type="text"
            className="input w-full"
            maxLength={200}
            placeholder="Annual leave"
            value={closeReason}
            onChange={(e) => setCloseReason(e.target.value)}
            {...errorProps(closeReasonId, closeErrors.reason)}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={close.isPending} aria-busy={close.isPending}>
          {close.isPending ? "Closing..." : "Close these days"}
        </button>
      </form>

      {closed && closed.bookings.length > 0 && (
        <section role="status" aria-labelledby={`${base}kepttitle`} className="space-y-3 rounded-box border border-warning p-4">
          <h3 id={`${base}kepttitle`} className="font-semibold">
            {`${closed.bookings.length} ${closed.bookings.length === 1 ? "booking is" : "bookings are"} still on the closed days`}
          </h3>
          <p className="text-sm">Nothing was cancelled. Call each customer, then move or cancel the booking from its record.</p>
          <BookedList bookings={closed.bookings} label="Bookings on the closed days" timeZone={timeZone} showDate />
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setClosed(null)}>
            Done
          </button>
        </section>
      )}

      <div className="fieldset max-w-xs">
        <label htmlFor={fromId} className="fieldset-legend">
          Show 31 days from
        </label>
        <input id={fromId} type="date" className="input w-full" value={from} onChange={(e) => e.target.value && setFrom(e.target.value)} />
      </div>

      {overview.isError && (
        <p role="alert" className="text-error">
          The time slots could not be loaded. Please reload the page.
        </p>
      )}
      {overview.isPending && <div className="skeleton h-40 w-full" aria-hidden="true" />}
      {overview.data && days.length === 0 && <p>No time slots in these days. Generate them above.</p>}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {days.length > 0 && (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Days with time slots">
            {days.map((d) => (
              <li key={d.date}>
                <DayButton
                  day={d}
                  timeZone={timeZone}
                  selected={d.date === selected}
                  onSelect={() => {
                    setSelected(d.date);
                    requestAnimationFrame(() => daySlotsHeading.current?.focus());
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {day && (
          <section aria-labelledby={`${base}day`} className="space-y-3">
            <h3 ref={daySlotsHeading} tabIndex={-1} id={`${base}day`} className="text-lg font-semibold outline-none">
              {formatDate(day.date, "full")}
            </h3>
            {day.closed ? (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-200 p-3">
                <p>
                  <span className="font-semibold">Closed: </span>
                  {day.closed.holiday && day.closed.reason !== day.closed.holiday ? `${day.closed.reason} (${day.closed.holiday})` : day.closed.reason}
                  {day.closed.holiday && day.closed.reason === day.closed.holiday ? " (public holiday)" : ""}
                </p>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={reopen.isPending}
                  aria-busy={reopen.isPending}
                  onClick={() => reopen.mutate(day.date)}
                >
                  {reopen.isPending ? "Reopening..." : "Reopen this day"}
                </button>
              </div>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">{day.reopenedHoliday ? `${day.reopenedHoliday}: a public holiday you opened.` : "Open for booking."}</p>
                <button type="button" className="btn btn-sm btn-outline" onClick={() => startClosing(day.date)}>
                  Close this day
                </button>
              </div>
            )}
            {(day.bookings ?? []).length > 0 ? (
              <>
                <h4 className="font-semibold">Booked</h4>
                <BookedList bookings={day.bookings ?? []} label={`Bookings on ${formatDate(day.date, "long")}`} timeZone={timeZone} />
              </>
            ) : (
              <p className="text-sm">No bookings on this day.</p>
            )}
            {day.slots.length > 0 && <h4 className="font-semibold">Time slots</h4>}
            <ul
              className="divide-y divide-base-300 rounded-box border border-base-300 empty:hidden"
              aria-label={`Time slots on ${formatDate(day.date, "long")}`}
            >
              {day.slots.map((s) => {
                const busy = toggle.isPending && toggle.variables?.id === s.id;
                return (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="slot">
                    <span className="font-semibold">{formatTime(s.time)}</span>
                    <span className="text-sm">{slotState(s, bookedIn(day, s), Boolean(day.closed))}</span>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      disabled={toggle.isPending}
                      aria-busy={busy}
                      aria-label={`${s.available ? "Block" : "Reopen"} ${formatTime(s.time)}`}
                      onClick={() => toggle.mutate(s)}
                    >
                      {busy ? (s.available ? "Blocking..." : "Reopening...") : s.available ? "Block" : "Reopen"}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
