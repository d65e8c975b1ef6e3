/**
 * Where the case stands: the four steps with the current one marked, then its history oldest first
 * (each booking made, each status update with its note), as the
 * client reads it in their room.
 */
import { formatInstant } from "../../../domain/format";
import { type CaseRoomView, type CaseTimelineEntry, caseStatuses, caseStatusLabels } from "../../../shared/case-room";

type HistoryEntry = Extract<CaseTimelineEntry, { kind: "booked" | "update" }>;

export function CaseTimeline({ room, timeZone }: { room: CaseRoomView; timeZone: string }) {
  const reached = caseStatuses.indexOf(room.status);
  const history = room.timeline.filter((e): e is HistoryEntry => e.kind === "booked" || e.kind === "update");
  return (
    <div className="space-y-4">
      <ol className="steps steps-vertical w-full sm:steps-horizontal" aria-label="Steps of the case">
        {caseStatuses.map((s, i) => (
          <li key={s} className={`step ${i <= reached ? "step-primary" : ""}`} aria-current={i === reached ? "step" : undefined}>
            {caseStatusLabels[s]}
          </li>
        ))}
      </ol>
      <ol className="space-y-2 border-l-2 border-base-300 pl-4" aria-label="History, oldest first">
        {history.map((e) => (
          <li key={e.kind === "booked" ? `booked-${e.bookingReference}` : `update-${e.id}`} className="text-sm" data-testid="case-history">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold">{e.kind === "booked" ? `Booked (${e.bookingReference})` : caseStatusLabels[e.status]}</span>
              <time className="text-base-content/80" dateTime={e.at}>
                {formatInstant(e.at, timeZone)}
              </time>
            </p>
            {e.kind === "update" && e.note && <p className="break-words whitespace-pre-wrap">{e.note}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
