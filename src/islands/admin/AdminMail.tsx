/**
 * /admin/mail: the mail outbox from GET /api/admin/mail, newest first, 50 a page, filtered by
 * status (the filter lives in the page's URL and is a plain GET form). A failed message offers
 * Retry, which queues it to be sent now; the toasts are those of docs/product.md#mail-outbox.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../../client/admin-api";
import { ApiError } from "../../client/api";
import { toast } from "../../client/toast-store";
import { outboxStatuses, outboxStatusLabels } from "../../domain/outbox";
import { type AdminMailList, type AdminMailQuery, type AdminMailRow, adminMailList } from "../../shared/admin-mail";
import { MailList } from "./mail/MailList";
import { FilterForm, FilterSelect } from "./parts/ListFilters";
import { PagedList } from "./parts/PagedList";
import { useUrlList } from "./parts/use-url-list";
import { PageHeader } from "./parts/PageHeader";

export type AdminMailProps = { initialQuery: AdminMailQuery; timeZone: string };

const listPath = adminMailList.apiPath;

/** The list's pages and the dashboard's failed count. */
const isMailQuery = (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith(listPath);

export default function AdminMail({ initialQuery, timeZone }: AdminMailProps) {
  const queryClient = useQueryClient();
  const outbox = useUrlList<AdminMailQuery, AdminMailList>(adminMailList, initialQuery);
  const { bindFilter, data } = outbox;

  const retry = useMutation({
    mutationFn: (message: AdminMailRow) => adminRequest<AdminMailRow>("POST", `${listPath}/${message.id}/retry`),
    onSuccess: () => toast({ title: "Message queued for another try", variant: "success" }),
    onError: (err) =>
      toast({ title: "Failed to retry the message", description: err instanceof ApiError ? err.serverMessage : undefined, variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ predicate: isMailQuery }),
  });

  return (
    <div className="space-y-6">
      <PageHeader title="Mail" />
      <p className="text-base-content/80">Every e-mail the site sends, newest first. Message contents are not shown: they are private.</p>

      <FilterForm label="Mail" action={adminMailList.path} className="flex flex-wrap items-end gap-3">
        <FilterSelect
          name="status"
          label="Status"
          className="w-full sm:w-64"
          anyLabel="Any status"
          options={outboxStatuses}
          labels={outboxStatusLabels}
          {...bindFilter("status")}
        />
      </FilterForm>

      <PagedList
        of={outbox}
        rows={data?.messages}
        names={["message", "messages"]}
        testId="mail-list"
        texts={{ failed: "The outbox could not be loaded. Please reload the page.", loading: "Loading the outbox...", pager: "Pages of the outbox" }}
      >
        {(rows) => (
          <MailList rows={rows} timeZone={timeZone} pendingId={retry.isPending ? (retry.variables?.id ?? null) : null} onRetry={(m) => retry.mutate(m)} />
        )}
      </PagedList>
    </div>
  );
}
