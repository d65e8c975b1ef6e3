/**
 * /admin/users: the customers, newest first, searched over e-mail, first and last name (as the
 * owner types, or at once on Enter), a page at a time from GET /api/admin/users. Each card opens the
 * customer's record (their orders, bookings, enquiries, payments and notes, decision 076) and suspends (after a confirmation) or
 * reinstates the user. Refresh and every suspension reload the list; the toasts are those of
 * docs/product.md#messages. The search and page live in the page's URL, so a reload keeps them.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useEffect, useState } from "react";
import { adminRequest } from "../../client/admin-api";
import { ApiError } from "../../client/api";
import { toast } from "../../client/toast-store";
import { type AdminUserList, type AdminUsersQuery, type AdminUserView, adminUsersList } from "../../shared/admin-users";
import { FilterForm, SearchBox } from "./parts/ListFilters";
import { PageHeader } from "./parts/PageHeader";
import { PagedList } from "./parts/PagedList";
import { RecordGate } from "./parts/RecordGate";
import { useRecordAddress } from "./parts/use-record-address";
import { useListSearch, useUrlList } from "./parts/use-url-list";
import { SuspendDialog } from "./users/SuspendDialog";
import { UserCard } from "./users/UserCard";
import { UserDetailsDialog } from "./users/UserDetailsDialog";
import { withCurrency } from "./parts/money";

/** `openRecord`: the user id of /admin/users/{id}, whose details open at once. */
export type AdminUsersProps = { initialQuery: AdminUsersQuery; timeZone: string; openRecord?: string | null };

/** Every query of this page: the list's pages and searches, and each user's bookings and orders. */
const isUsersQuery = (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith(adminUsersList.apiPath);

/** The details of a user opened by its address carry only the id: the API gives the rest. */
type OpenDialog = { kind: "details"; id: string; user?: AdminUserView; trigger?: HTMLElement } | { kind: "suspend"; user: AdminUserView; trigger: HTMLElement };

function AdminUsersBody({ initialQuery, timeZone, openRecord = null }: AdminUsersProps) {
  const queryClient = useQueryClient();
  const users = useUrlList<AdminUsersQuery, AdminUserList>(adminUsersList, initialQuery);
  const { query, setQuery, data } = users;
  const search = useListSearch(adminUsersList.filters.search, initialQuery.search, setQuery);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  useEffect(() => {
    if (users.list.errorUpdatedAt > 0) toast({ title: "Error", description: "Failed to load users", variant: "destructive" });
  }, [users.list.errorUpdatedAt]);

  const reload = () => queryClient.invalidateQueries({ predicate: isUsersQuery });
  const refresh = useMutation({ mutationFn: reload });

  const suspend = useMutation({
    mutationFn: (user: AdminUserView) => adminRequest<AdminUserView>("POST", `/api/admin/users/${encodeURIComponent(user.id)}/suspend`),
    onSuccess: () => {
      toast({ title: "Success", description: "User suspend successful", variant: "success" });
      void reload();
    },
    onError: (err) => {
      toast({ title: "Failed to suspend user", description: err instanceof ApiError ? err.serverMessage : undefined, variant: "destructive" });
      void reload();
    },
  });
  const reinstate = useMutation({
    mutationFn: (user: AdminUserView) => adminRequest<AdminUserView>("POST", `/api/admin/users/${encodeURIComponent(user.id)}/reinstate`),
    onSuccess: () => {
      toast({ title: "Success", description: "User reinstate successful", variant: "success" });
      void reload();
    },
    onError: (err) => {
      toast({ title: "Failed to reinstate user", description: err instanceof ApiError ? err.serverMessage : undefined, variant: "destructive" });
      void reload();
    },
  });

  const closeDialog = () => {
    const trigger = dialog?.trigger;
    setDialog(null);
    // Back to the button that opened it; after a suspension that button has become Reinstate.
    if (trigger?.isConnected) trigger.focus();
  };
  const address = useRecordAddress("users", openRecord, { show: (id) => setDialog({ kind: "details", id }), hide: closeDialog });
  const openDetails = (user: AdminUserView) => (e: MouseEvent<HTMLButtonElement>) => {
    setDialog({ kind: "details", id: user.id, user, trigger: e.currentTarget });
    address.opened(user.id);
  };
  const openSuspend = (user: AdminUserView) => (e: MouseEvent<HTMLButtonElement>) => setDialog({ kind: "suspend", user, trigger: e.currentTarget });
  const closeDetails = () => {
    closeDialog();
    address.closed();
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        actions={
          <button type="button" className="btn btn-outline" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
            {refresh.isPending ? "Refreshing..." : "Refresh"}
          </button>
        }
      />

      <FilterForm label="Users" onSubmit={search.onSearch} className="sm:max-w-md">
        <SearchBox label="Search users" placeholder="E-mail, first or last name" search={search} />
      </FilterForm>

      <PagedList
        of={users}
        rows={data?.users}
        names={["user", "users"]}
        testId="users-list"
        texts={{ summary: data ? summary(data, query.search) : null, failed: "The users could not be loaded. Try Refresh." }}
        summaryTestId="users-summary"
      >
        {(rows) => (
          <div className="grid gap-4 p-3 sm:p-4 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((user) => (
              <UserCard
                key={user.id}
                user={user}
                timeZone={timeZone}
                reinstating={reinstate.isPending && reinstate.variables?.id === user.id}
                onDetails={openDetails(user)}
                onSuspend={openSuspend(user)}
                onReinstate={() => reinstate.mutate(user)}
              />
            ))}
          </div>
        )}
      </PagedList>

      {dialog?.kind === "details" && (
        <RecordGate<AdminUserView>
          key={dialog.id}
          url={`${adminUsersList.apiPath}/${encodeURIComponent(dialog.id)}`}
          needsRecord
          known={dialog.user}
          title="User"
          missingText="There is no such user: the account may have been deleted. Find the user in the list."
          listHref={adminUsersList.pageUrl(query)}
          listLabel="Back to users"
          onClose={closeDetails}
        >
          {(user) => user && <UserDetailsDialog user={user} timeZone={timeZone} onClose={closeDetails} />}
        </RecordGate>
      )}
      {dialog?.kind === "suspend" && (
        <SuspendDialog
          user={dialog.user}
          pending={suspend.isPending}
          onClose={closeDialog}
          onConfirm={(close) => suspend.mutate(dialog.user, { onSettled: close })}
        />
      )}
    </div>
  );
}

function summary(data: AdminUserList, search: string): string {
  if (data.total === 0) return search ? `No users match “${search}”.` : "No users yet.";
  if (data.totalCapped) return `More than ${data.total} users match “${search}”.`;
  const noun = data.total === 1 ? "user" : "users";
  return search ? `${data.total} ${noun} match “${search}”.` : `${data.total} ${noun}.`;
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminUsersBody);
