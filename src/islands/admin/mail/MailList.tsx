/**
 * The page of outbox messages: a table from the `md` breakpoint, a card per message below it
 * (readable at 360 px). Each has its status as a badge with text, its tries and last error, its
 * times, and Retry when it failed. Never a body: the API does not send one.
 */
import { formatInstant } from "../../../domain/format";
import { StatusBadge } from "../../../components/StatusBadge";
import type { AdminMailRow } from "../../../shared/admin-mail";
import { ResponsiveList } from "../parts/ResponsiveList";

export type RetryMail = (message: AdminMailRow) => void;

function Time({ instant, timeZone }: { instant: string; timeZone: string }) {
  return <time dateTime={instant}>{formatInstant(instant, timeZone)}</time>;
}

/** When it was queued, last tried or sent, and when it is tried next. */
function Times({ message: m, timeZone }: { message: AdminMailRow; timeZone: string }) {
  return (
    <span className="flex flex-col gap-0.5 text-sm">
      <span>
        Queued <Time instant={m.createdAt} timeZone={timeZone} />
      </span>
      {m.lastAttemptAt && (
        <span>
          {m.status === "sent" ? "Sent" : "Last tried"} <Time instant={m.lastAttemptAt} timeZone={timeZone} />
        </span>
      )}
      {m.status === "failed" && m.nextAttemptAt && (
        <span className="text-base-content/80">
          Next try <Time instant={m.nextAttemptAt} timeZone={timeZone} />
        </span>
      )}
    </span>
  );
}

function RetryButton({ message, pendingId, onRetry }: { message: AdminMailRow; pendingId: number | null; onRetry: RetryMail }) {
  if (!message.retryable) return null;
  const pending = pendingId === message.id;
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      disabled={pendingId !== null}
      aria-label={pending ? undefined : `Retry the e-mail to ${message.to}: ${message.subject}`}
      onClick={() => onRetry(message)}
    >
      {pending ? "Retrying..." : "Retry"}
    </button>
  );
}

function LastError({ error }: { error: string | null }) {
  if (!error) return null;
  return <span className="block text-sm break-words text-error">{error}</span>;
}

export function MailList({
  rows,
  timeZone,
  pendingId,
  onRetry,
}: {
  rows: AdminMailRow[];
  timeZone: string;
  /** The message whose retry is on its way, if any. */
  pendingId: number | null;
  onRetry: RetryMail;
}) {
  return (
    <ResponsiveList
      label="Outbox messages"
      columns={["Recipient and subject", "Status", "Tries", "Times", { hidden: "Actions" }]}
      rows={rows}
      rowKey={(m) => m.id}
      rowTestId="mail-row"
      cardTestId="mail-card"
      row={(m) => (
        <>
          <th scope="row" className="font-normal">
            <span className="block font-semibold break-all">{m.to}</span>
            <span className="block break-words">{m.subject}</span>
            <LastError error={m.lastError} />
          </th>
          <td>
            <StatusBadge kind="mail" status={m.status} />
          </td>
          <td>{m.attempts}</td>
          <td>
            <Times message={m} timeZone={timeZone} />
          </td>
          <td>
            <RetryButton message={m} pendingId={pendingId} onRetry={onRetry} />
          </td>
        </>
      )}
      card={(m) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StatusBadge kind="mail" status={m.status} />
            <span className="text-sm">{`${m.attempts} ${m.attempts === 1 ? "try" : "tries"}`}</span>
          </div>
          <p className="break-words">
            <span className="block font-semibold break-all">{m.to}</span>
            {m.subject}
          </p>
          <LastError error={m.lastError} />
          <Times message={m} timeZone={timeZone} />
          <RetryButton message={m} pendingId={pendingId} onRetry={onRetry} />
        </>
      )}
    />
  );
}
