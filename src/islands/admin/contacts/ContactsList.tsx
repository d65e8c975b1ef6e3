/**
 * The page of enquiries: a table from the `md` breakpoint, a card per enquiry below it (readable at
 * 360 px). Urgency is a badge with its word (emergency in red); an enquiry not yet opened is bold and
 * says "New". Each sender's name is a button that opens the enquiry.
 */
import { StatusBadge } from "../../../components/StatusBadge";
import { type AdminContact, type ContactUrgency, contactUrgencies } from "../../../shared/admin-contacts";
import { formatInstant } from "../../../domain/format";
import { DialogButton } from "../parts/DialogButton";
import { ResponsiveList } from "../parts/ResponsiveList";

export type OpenContact = (id: string, trigger: HTMLButtonElement) => void;

export function UrgencyBadge({ urgency }: { urgency: string }) {
  const known = (contactUrgencies as readonly string[]).includes(urgency) ? (urgency as ContactUrgency) : "normal";
  return <StatusBadge kind="contactUrgency" status={known} />;
}

export function StateBadges({ contact }: { contact: AdminContact }) {
  return (
    <>
      {contact.readAt === null && <span className="badge badge-primary h-auto min-h-5">New</span>}
      {contact.handledAt !== null && <span className="badge badge-success badge-outline h-auto min-h-5">Handled</span>}
    </>
  );
}

function OpenButton({ contact, onOpen, className }: { contact: AdminContact; onOpen: OpenContact; className: string }) {
  return (
    <DialogButton className={className} label={`Enquiry from ${contact.name}`} onOpen={(trigger) => onOpen(contact.id, trigger)}>
      {contact.name}
    </DialogButton>
  );
}

export function ContactsList({ rows, timeZone, onOpen }: { rows: AdminContact[]; timeZone: string; onOpen: OpenContact }) {
  return (
    <ResponsiveList
      label="Enquiries"
      columns={["From", "Received", "Service", "Urgency", "Message"]}
      rows={rows}
      rowKey={(c) => c.id}
      rowTestId="contact-row"
      rowClassName={(c) => (c.readAt === null ? "font-bold" : "")}
      cardTestId="contact-card"
      cardClassName={(c) => (c.readAt === null ? "font-bold" : "")}
      row={(c) => (
        <>
          <th scope="row">
            <span className="flex flex-col gap-1">
              <OpenButton contact={c} onOpen={onOpen} className={`link link-primary text-left ${c.readAt === null ? "font-bold" : "font-normal"}`} />
              <span className="text-xs font-normal break-all text-base-content/80">{c.email}</span>
            </span>
          </th>
          <td className="whitespace-nowrap">
            <time dateTime={c.createdAt}>{formatInstant(c.createdAt, timeZone)}</time>
          </td>
          <td>{c.serviceLabel}</td>
          <td>
            <span className="flex flex-wrap gap-1">
              <UrgencyBadge urgency={c.urgency} />
              <StateBadges contact={c} />
            </span>
          </td>
          <td className="max-w-xs truncate">{c.message}</td>
        </>
      )}
      card={(c) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <OpenButton contact={c} onOpen={onOpen} className="btn btn-sm btn-outline max-w-full truncate" />
            <span className="flex flex-wrap gap-1">
              <UrgencyBadge urgency={c.urgency} />
              <StateBadges contact={c} />
            </span>
          </div>
          <p className="text-sm font-normal break-words">
            {c.serviceLabel}
            <span className="block text-xs text-base-content/80">
              <time dateTime={c.createdAt}>{formatInstant(c.createdAt, timeZone)}</time>
            </span>
          </p>
          <p className="line-clamp-2 text-sm font-normal break-words">{c.message}</p>
        </>
      )}
    />
  );
}
