/**
 * The plain forms' day and time choice (moving a booking, and booking without JavaScript): each day
 * is a link to the page with that day's times, so no day can look chosen while another day's times
 * show; each time is a radio whose value carries its own day (`slotValue`), so the server can refuse
 * a time that is not on the day shown.
 */
import { formatDate, formatTime } from "../domain/format";
import { slotValue } from "../shared/booking-form";

/** The days as links; `note` is a second line under the date (e.g. "8 free"). */
export function DayLinks({ days, current }: { days: { date: string; href: string; note?: string }[]; current: string | null }) {
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2" aria-label="Days with free times">
      {days.map((d) => (
        <li key={d.date}>
          <a
            href={d.href}
            aria-current={d.date === current ? "date" : undefined}
            className={`btn h-auto w-full flex-col gap-0 py-2 ${d.date === current ? "btn-primary" : "btn-outline"}`}
          >
            <span className="whitespace-nowrap">{formatDate(d.date, "short")}</span>
            {d.note && <span className="text-xs font-normal">{d.note}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The free times of `date` as a required radio group named "slot"; `checked` says which one was chosen before. */
export function TimeChips({ date, times, checked }: { date: string; times: string[]; checked: (time: string) => boolean }) {
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2">
      {times.map((t) => (
        <label
          key={t}
          className="btn btn-outline whitespace-nowrap tabular-nums has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-content has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
        >
          <input type="radio" name="slot" value={slotValue(date, t)} className="sr-only" required defaultChecked={checked(t)} />
          {formatTime(t)}
        </label>
      ))}
    </div>
  );
}
