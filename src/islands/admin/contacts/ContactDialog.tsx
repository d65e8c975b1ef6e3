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
import { formatInstant } from "../../../domain/format";
import { DetailRow } from "../parts/record-parts";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { StateBadges, UrgencyBadge } from "./ContactsList";
import { toastFailure } from "../parts/toast-failure";
import { CaseNotes } from "../parts/CaseNotes";
import { CustomerLink } from "../parts/CustomerLink";

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
      toastFailure("Enquiry not updated", err);
    },
  });

  const titleId = `${base}title`;
  const handled = contact?.handledAt != null;

  return (
    <DialogFrame
      modalRef={ref}
      titleId={titleId}
      title={contact ? `Enquiry from ${contact.name}` : "Enquiry"}
      subtitle={
        contact && (
          <p className="flex flex-wrap gap-2">
            <UrgencyBadge urgency={contact.urgency} />
            <StateBadges contact={contact} />
          </p>
        )
      }
      onClose={onClose}
      close={close}
      backdrop={false}
    >
      {detail.isPending && <div className="skeleton h-48 w-full" aria-hidden="true" />}
      {detail.isError && (
        <p role="alert" className="text-error">
          {(detail.error instanceof ApiError && detail.error.serverMessage) || "This enquiry could not be loaded."}
        </p>
      )}
      {contact && (
        <>
          <CustomerLink list="contacts" recordKey={contact.id} />
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <DetailRow label="E-mail" className="break-all">
              {contact.email}
            </DetailRow>
            <DetailRow label="Phone">
              {contact.phone ? (
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="link">
                  {contact.phone}
                </a>
              ) : (
                "Not given"
              )}
            </DetailRow>
            <DetailRow label="Service">{contact.serviceLabel}</DetailRow>
            <DetailRow label="Received">
              <time dateTime={contact.createdAt}>{formatInstant(contact.createdAt, timeZone)}</time>
            </DetailRow>
            {contact.handledAt && (
              <DetailRow label="Handled">
                <time dateTime={contact.handledAt}>{formatInstant(contact.handledAt, timeZone)}</time>
              </DetailRow>
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
          <CaseNotes list="contacts" recordKey={contact.id} timeZone={timeZone} />
        </>
      )}
    </DialogFrame>
  );
}
