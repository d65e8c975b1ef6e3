/**
 * The time slots: generate the missing ones from the business hours for a range of days, see how
 * full each day is (a bar and counts), and open a day to block or reopen its slots. A blocked
 * slot is not offered to customers; bookings already in it are kept (the toast says so).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField } from "../../../components/FormField";
import { formatDate, formatTime } from "../../../domain/format";
import { addDays, localDate } from "../../../domain/timezone";
import type { AdminSlot, AdminSlotChange, AdminSlotDay, AdminSlotOverview } from "../../../shared/admin-bookings";
import { toastFailure } from "../parts/toast-failure";

const overviewPath = "/api/admin/timeslots";
/** Days the overview shows at once. */
const overviewDays = 31;

function slotState(s: AdminSlot): string {
  if (!s.available) return s.currentBookings > 0 ? `Blocked (${s.currentBookings} booked, kept)` : "Blocked";
  if (s.currentBookings >= s.maxBookings) return "Full";
  return s.currentBookings > 0 ? `${s.currentBookings} of ${s.maxBookings} booked` : "Open";
}

function DayButton({ day, selected, onSelect }: { day: AdminSlotDay; selected: boolean; onSelect: () => void }) {
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
        <span className="font-semibold">{formatDate(day.date, "short")}</span>
        <span>{`${day.booked} of ${day.capacity} booked`}</span>
      </span>
      <progress className="progress w-full" value={percent} max={100} aria-label={`${formatDate(day.date, "long")}: ${percent}% booked`} />
      {day.blocked > 0 && <span className="text-xs">{`${day.blocked} blocked`}</span>}
    </button>
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
  const daySlotsHeading = useRef<HTMLHeadingElement>(null);

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

  const onGenerate = (e: FormEvent) => {
    e.preventDefault();
    generate.mutate({ from: genFrom, to: genTo });
  };

  const days = overview.data?.days ?? [];
  const day = days.find((d) => d.date === selected);
  const fromId = `${base}from`;
  const genFromId = `${base}genfrom`;
  const genToId = `${base}gento`;

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
            <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={`Time slots on ${formatDate(day.date, "long")}`}>
              {day.slots.map((s) => {
                const busy = toggle.isPending && toggle.variables?.id === s.id;
                return (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="slot">
                    <span className="font-semibold">{formatTime(s.time)}</span>
                    <span className="text-sm">{slotState(s)}</span>
                    <button
                      type="button"
                      className={`btn btn-sm ${s.available ? "btn-outline btn-warning" : "btn-outline"}`}
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
