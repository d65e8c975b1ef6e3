/**
 * /admin/users: the customers, newest first, searched over e-mail, first and last name (debounced),
 * a page at a time from GET /api/admin/users. Each card opens the details dialog (3 latest bookings,
 * 5 latest orders) and suspends (after a confirmation) or reinstates the user. Refresh and every
 * suspension reload the list; the toasts are those of docs/product.md#messages.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { adminRequest } from "../../client/admin-api";
import { ApiError } from "../../client/api";
import { toast } from "../../client/toast-store";
import { useTypedBeforeHydration } from "../../client/typed-before-hydration";
import { type AdminUserList, type AdminUserView, adminUsersUrl, maxAdminUserSearchLength } from "../../shared/admin-users";
import { RecordGate } from "./parts/RecordGate";
import { useRecordAddress } from "./parts/use-record-address";
import { SuspendDialog } from "./users/SuspendDialog";
import { UserCard } from "./users/UserCard";
import { UserDetailsDialog } from "./users/UserDetailsDialog";

/** `openRecord`: the user id of /admin/users/{id}, whose details open at once. */
export type AdminUsersProps = { timeZone: string; openRecord?: string | null };

/** How long typing pauses before the search is sent. */
const searchDelayMs = 300;

/** Every query of this page: the list's pages and searches, and each user's bookings and orders. */
const isUsersQuery = (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith("/api/admin/users");

/** The details of a user opened by its address carry only the id: the API gives the rest. */
type OpenDialog = { kind: "details"; id: string; user?: AdminUserView; trigger?: HTMLElement } | { kind: "suspend"; user: AdminUserView; trigger: HTMLElement };

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export default function AdminUsers({ timeZone, openRecord = null }: AdminUsersProps) {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, searchText, setSearchText);
  const search = useDebounced(searchText.trim(), searchDelayMs);
  // The page belongs to the search it was chosen for: a new search starts at page 1.
  const [paging, setPaging] = useState({ search: "", page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const url = adminUsersUrl(search, page);
  const list = useQuery<AdminUserList>({ queryKey: [url], placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  useEffect(() => {
    if (list.errorUpdatedAt > 0) toast({ title: "Error", description: "Failed to load users", variant: "destructive" });
  }, [list.errorUpdatedAt]);

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

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const busy = list.isFetching;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <a href="/admin/dashboard" className="link link-hover text-sm">
            ← Back to Dashboard
          </a>
          <h1 className="text-2xl font-bold">Users</h1>
        </div>
        <button type="button" className="btn btn-outline btn-sm" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
          {refresh.isPending ? "Refreshing..." : "Refresh"}
        </button>
      </div>

      <search className="block">
        <label htmlFor="admin-user-search" className="label mb-1 block text-sm font-medium text-base-content">
          Search users
        </label>
        <input
          ref={searchField}
          id="admin-user-search"
          type="search"
          className="input w-full sm:max-w-md"
          placeholder="E-mail, first or last name"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxAdminUserSearchLength}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
      </search>

      <p className="text-sm text-base-content/80" aria-live="polite" data-testid="users-summary">
        {data ? summary(data, search) : ""}
      </p>

      {list.isError && !data && (
        <div role="alert" className="alert alert-error">
          <p>The users could not be loaded. Try Refresh.</p>
        </div>
      )}

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy={busy} data-testid="users-list">
        {!data && list.isPending && [0, 1, 2].map((i) => <div key={i} className="skeleton h-48 w-full" aria-hidden="true" />)}
        {data?.users.map((user) => (
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

      {data && pages > 1 && (
        <nav aria-label="Pages of users" className="flex flex-wrap items-center justify-center gap-3">
          <button type="button" className="btn btn-sm" disabled={page <= 1 || busy} onClick={() => setPaging({ search, page: page - 1 })}>
            Previous
          </button>
          <span className="text-sm">{`Page ${page} of ${pages}`}</span>
          <button type="button" className="btn btn-sm" disabled={page >= pages || busy} onClick={() => setPaging({ search, page: page + 1 })}>
            Next
          </button>
        </nav>
      )}

      {dialog?.kind === "details" && (
        <RecordGate<AdminUserView>
          key={dialog.id}
          url={`/api/admin/users/${encodeURIComponent(dialog.id)}`}
          needsRecord
          known={dialog.user}
          title="User"
          missingText="There is no such user: the account may have been deleted. Find the user in the list."
          listHref="/admin/users"
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
  const noun = data.total === 1 ? "user" : "users";
  return search ? `${data.total} ${noun} match “${search}”.` : `${data.total} ${noun}.`;
}
