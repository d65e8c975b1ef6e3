/**
 * One enquiry in a dialog: fetching it (GET /api/admin/contacts/{id}) marks it read. Shows the
 * sender, how to reach them, the service, urgency and the whole message; Reply opens the owner's mail
 * program with the subject filled in; Mark handled / Reopen; Delete asks first (the island's
 * confirmation dialog).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { type AdminContact, replyLink } from "../../../shared/admin-contacts";
import { formatInstantTime } from "../parts/format-instant";
import { useModal } from "../parts/use-modal";
import { StateBadges, UrgencyBadge } from "./ContactsList";

export type ContactDialogProps = {
  id: string;
  timeZone: string;
  onClose: () => void;
  /** The enquiry changed (read, handled, reopened): the list is stale. */
  onChanged: () => void;
  onDelete: (contact: AdminContact) => void;
};

export function ContactDialog({ id, timeZone, onClose, onChanged, onDelete }: ContactDialogProps) {
  const queryClient = useQueryClient();
  const { ref, close } = useModal();
  const base = useId();
  const url = `/api/admin/contacts/${encodeURIComponent(id)}`;
  const detail = useQuery<AdminContact>({ queryKey: [url], staleTime: 0 });
  const contact = detail.data;

  // Opening it marked it read on the server: the list's bold "New" goes.
  const fetched = detail.isSuccess;
  useEffect(() => {
    if (fetched) onChanged();
  }, [fetched, onChanged]);

  const handle = useMutation({
    mutationFn: (handled: boolean) => adminRequest<AdminContact>("POST", `${url}/${handled ? "handled" : "reopen"}`),
    onSuccess: (updated, handled) => {
      queryClient.setQueryData([url], updated);
      toast({ title: handled ? "Enquiry marked handled" : "Enquiry reopened", variant: "success" });
      onChanged();
    },
    onError: (err) => {
      toast({ title: "Enquiry not updated", description: (err instanceof ApiError && err.serverMessage) || "Please try again.", variant: "destructive" });
    },
  });

  const titleId = `${base}title`;
  const handled = contact?.handledAt != null;

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-h-[90vh] w-11/12 max-w-2xl space-y-4 overflow-y-auto p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h2 id={titleId} className="text-xl font-bold break-words">
              {contact ? `Enquiry from ${contact.name}` : "Enquiry"}
            </h2>
            {contact && (
              <p className="flex flex-wrap gap-2">
                <UrgencyBadge urgency={contact.urgency} />
                <StateBadges contact={contact} />
              </p>
            )}
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close" onClick={close}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>

        {detail.isPending && <div className="skeleton h-48 w-full" aria-hidden="true" />}
        {detail.isError && (
          <p role="alert" className="text-error">
            {(detail.error instanceof ApiError && detail.error.serverMessage) || "This enquiry could not be loaded."}
          </p>
        )}
        {contact && (
          <>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">E-mail</dt>
              <dd className="break-all">{contact.email}</dd>
              <dt className="font-semibold">Phone</dt>
              <dd>
                {contact.phone ? (
                  <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="link">
                    {contact.phone}
                  </a>
                ) : (
                  "Not given"
                )}
              </dd>
              <dt className="font-semibold">Service</dt>
              <dd>{contact.serviceLabel}</dd>
              <dt className="font-semibold">Received</dt>
              <dd>
                <time dateTime={contact.createdAt}>{formatInstantTime(contact.createdAt, timeZone)}</time>
              </dd>
              {contact.handledAt && (
                <>
                  <dt className="font-semibold">Handled</dt>
                  <dd>
                    <time dateTime={contact.handledAt}>{formatInstantTime(contact.handledAt, timeZone)}</time>
                  </dd>
                </>
              )}
            </dl>
            <div>
              <h3 className="mb-1 font-semibold">Message</h3>
              <p className="rounded-box bg-base-200 p-3 text-sm break-words whitespace-pre-wrap" data-testid="contact-message">
                {contact.message}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <a href={replyLink(contact)} className="btn btn-primary">
                Reply
              </a>
              <button type="button" className="btn btn-outline" disabled={handle.isPending} onClick={() => handle.mutate(!handled)}>
                {handle.isPending ? (handled ? "Reopening..." : "Marking handled...") : handled ? "Reopen" : "Mark handled"}
              </button>
              <button type="button" className="btn btn-outline btn-error sm:ml-auto" onClick={() => onDelete(contact)}>
                Delete
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
