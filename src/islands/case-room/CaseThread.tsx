/** The messages between the client and the business, oldest first, each with the files it brought. */
import { formatInstant } from "../../domain/format";
import type { CaseRoomView, CaseTimelineEntry } from "../../shared/case-room";
import type { FileAccess } from "./CaseFiles";
import { sideName } from "./format";

type Message = Extract<CaseTimelineEntry, { kind: "message" }>;

export function CaseThread({ view, access }: { view: CaseRoomView; access: FileAccess }) {
  const messages = view.timeline.filter((e): e is Message => e.kind === "message");
  if (messages.length === 0)
    return <p className="text-base-content/80">No messages yet. Write to us below whenever you need to: only you and we can read them.</p>;
  return (
    <ol className="space-y-3" data-testid="case-thread">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`rounded-box border p-3 break-words ${m.side === "client" ? "ml-4 border-primary/40 bg-primary/5 sm:ml-12" : "mr-4 border-base-300 bg-base-200 sm:mr-12"}`}
          data-testid="case-message"
        >
          <p className="text-sm">
            <span className="font-semibold">{sideName(m.side, access.businessName)}</span>
            <span className="text-base-content/80">
              {" · "}
              <time dateTime={m.at}>{formatInstant(m.at, access.timeZone)}</time>
            </span>
          </p>
          <p className="mt-1 whitespace-pre-line">{m.body}</p>
          {/* Named here, opened from the files above: one link per file on the page. */}
          {m.files.length > 0 && (
            <p className="mt-2 border-t border-base-300 pt-2 text-sm break-all">
              {`Attached: ${m.files.map((f) => f.name).join(", ")}`}
              <a href="#case-files-title" className="link ml-1 whitespace-nowrap">
                See the files
              </a>
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
