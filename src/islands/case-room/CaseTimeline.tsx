/**
 * Where the case stands: the four steps (Scheduled → In progress → Report ready → Closed) with the
 * current one marked, then each step the business recorded, oldest first, with its note and its day
 * and time in the business's time zone.
 */
import { formatInstant } from "../../domain/format";
import { type CaseRoomView, type CaseStatus, caseStatuses, caseStatusLabels, type CaseTimelineEntry } from "../../shared/case-room";

type Progress = Extract<CaseTimelineEntry, { kind: "booked" | "update" }>;

/** When the case last reached each status (an update to it, or the booking for "Scheduled"). */
function reachedAt(entries: Progress[]): Partial<Record<CaseStatus, string>> {
  const at: Partial<Record<CaseStatus, string>> = {};
  for (const e of entries) at[e.kind === "booked" ? "scheduled" : e.status] = e.at;
  return at;
}

export function CaseTimeline({ view, timeZone }: { view: CaseRoomView; timeZone: string }) {
  const entries = view.timeline.filter((e): e is Progress => e.kind === "booked" || e.kind === "update");
  const current = caseStatuses.indexOf(view.status);
  const reached = reachedAt(entries);
  return (
    <section aria-labelledby="case-progress-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="case-progress-title" className="card-title">
          Progress
        </h2>
        <ol className="steps steps-vertical sm:steps-horizontal w-full" data-testid="case-steps">
          {caseStatuses.map((s, i) => (
            <li
              key={s}
              className={`step text-left sm:text-center ${i <= current ? "step-primary" : ""}`}
              aria-current={i === current ? "step" : undefined}
              data-testid={i === current ? "case-status" : undefined}
            >
              <span className="flex flex-col">
                <span className={i === current ? "font-semibold" : undefined}>{caseStatusLabels[s]}</span>
                {i <= current && reached[s] && <span className="text-xs text-base-content/80">{formatInstant(reached[s], timeZone)}</span>}
                {i > current && <span className="sr-only"> (not yet)</span>}
              </span>
            </li>
          ))}
        </ol>
        <ol className="space-y-3 border-l-2 border-base-300 pl-4" data-testid="case-updates">
          {entries.map((e) => (
            <li key={e.kind === "booked" ? `booked-${e.bookingReference}` : `update-${e.id}`} className="break-words">
              <p className="font-semibold">{e.kind === "booked" ? `Booked (${e.bookingReference})` : caseStatusLabels[e.status]}</p>
              <p className="text-sm text-base-content/80">
                <time dateTime={e.at}>{formatInstant(e.at, timeZone)}</time>
              </p>
              {e.kind === "update" && e.note && <p className="mt-1 whitespace-pre-line">{e.note}</p>}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
