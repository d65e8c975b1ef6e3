/**
 * /admin/contacts: the enquiries inbox from GET /api/admin/contacts: unhandled first, emergencies
 * first among them, newest first; filtered by status and urgency, searched by name, e-mail or
 * message, 20 a page. Each enquiry opens its dialog (which marks it read); the inbox's current view
 * downloads as CSV. The filters live in the page's URL, so a reload or a sign-in round trip keeps them.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { adminRequest } from "../../client/admin-api";
import { toast } from "../../client/toast-store";
import {
  type AdminContact,
  type AdminContactList,
  type AdminContactsQuery,
  adminContactsList,
  contactStatuses,
  contactStatusLabels,
  contactUrgencies,
  contactUrgencyLabels,
} from "../../shared/admin-contacts";
import { ContactDialog } from "./contacts/ContactDialog";
import { ContactsList, type OpenContact } from "./contacts/ContactsList";
import { ConfirmDeleteDialog } from "./parts/ConfirmDeleteDialog";
import { FilterForm, FilterSelect, SearchBox } from "./parts/ListFilters";
import { ExportCsvButton } from "./parts/ExportCsvButton";
import { PagedList } from "./parts/PagedList";
import { RecordGate } from "./parts/RecordGate";
import { useRecordDialog } from "./parts/use-record-address";
import { useListSearch, useUrlList } from "./parts/use-url-list";
import { HeaderLink, PageHeader } from "./parts/PageHeader";
import { toastFailure } from "./parts/toast-failure";

/** `openRecord`: the enquiry id of /admin/contacts/{id}, whose dialog opens at once. */
export type AdminContactsProps = { initialQuery: AdminContactsQuery; timeZone: string; openRecord?: string | null };

const listPath = adminContactsList.apiPath;

type Open = { id: string; trigger?: HTMLElement };

export default function AdminContacts({ initialQuery, timeZone, openRecord = null }: AdminContactsProps) {
  const queryClient = useQueryClient();
  const inbox = useUrlList<AdminContactsQuery, AdminContactList>(adminContactsList, initialQuery);
  const { query, setQuery, bindFilter, data } = inbox;
  const search = useListSearch(adminContactsList.filters.search, initialQuery.search, setQuery);
  const [deleting, setDeleting] = useState<AdminContact | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, openFromList, closeRecord } = useRecordDialog<Open>("contacts", openRecord, heading, (id) => ({ id }));

  const changed = useCallback(() => {
    void queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) && !q.queryKey[0].startsWith(`${listPath}/`),
    });
  }, [queryClient]);

  const openContact: OpenContact = (id, trigger) => openFromList(id, { id, trigger });
  const remove = useMutation({
    mutationFn: (contact: AdminContact) => adminRequest("DELETE", `${listPath}/${encodeURIComponent(contact.id)}`),
    onSuccess: (_, contact) => {
      toast({ title: "Enquiry deleted", description: `The enquiry from ${contact.name} is gone.`, variant: "success" });
      changed();
    },
    onError: (err) => {
      toastFailure("Enquiry not deleted", err);
    },
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Enquiries"
        headingRef={heading}
        actions={
          <>
            <ExportCsvButton url={`${listPath}.csv${adminContactsList.search({ ...query, page: 1 })}`} fileName="enquiries.csv" />
            <HeaderLink href="/admin/payments" label="Payment requests" />
          </>
        }
      />

      <FilterForm label="Enquiries" onSubmit={search.onSearch} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <SearchBox label="Search by name, e-mail or message" className="sm:col-span-2 lg:col-span-1" search={search} />
        <FilterSelect label="Show" options={contactStatuses} labels={contactStatusLabels} {...bindFilter("status")} />
        <FilterSelect label="Urgency" anyLabel="Any urgency" options={contactUrgencies} labels={contactUrgencyLabels} {...bindFilter("urgency")} />
      </FilterForm>

      <PagedList
        of={inbox}
        rows={data?.contacts}
        names={["enquiry", "enquiries"]}
        testId="contacts-list"
        texts={{ empty: query.status === "unhandled" && !query.search && !query.urgency ? "No enquiries waiting. All handled." : undefined }}
      >
        {(rows) => <ContactsList rows={rows} timeZone={timeZone} onOpen={openContact} />}
      </PagedList>

      {open && (
        <RecordGate
          key={open.id}
          url={`${listPath}/${encodeURIComponent(open.id)}`}
          title="Enquiry"
          missingText="There is no such enquiry: it may have been deleted. Find the enquiry in the inbox."
          listHref={adminContactsList.pageUrl(query)}
          listLabel="Back to enquiries"
          onClose={closeRecord}
        >
          {() => (
            <ContactDialog
              id={open.id}
              timeZone={timeZone}
              onClose={closeRecord}
              onChanged={changed}
              onDelete={(contact) => {
                closeRecord();
                setDeleting(contact);
              }}
            />
          )}
        </RecordGate>
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title="Delete this enquiry?"
          pending={remove.isPending}
          onConfirm={(close) => remove.mutate(deleting, { onSuccess: close })}
          onClose={() => {
            setDeleting(null);
            heading.current?.focus();
          }}
        >
          <p>{`The enquiry from ${deleting.name} (${deleting.email}) will be deleted. This cannot be undone.`}</p>
        </ConfirmDeleteDialog>
      )}
    </div>
  );
}
