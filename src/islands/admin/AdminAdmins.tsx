/**
 * /admin/admins: who can sign in to the portal (GET /api/admin/admins), adding one, ending another
 * admin's sign-ins and removing one after a confirmation. The server refuses removing oneself or
 * the last admin and ending one's own sign-ins (Logout does that); its message shows as a toast.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useRef, useState } from "react";
import { adminRequest } from "../../client/admin-api";
import { toast } from "../../client/toast-store";
import type { AdminRole } from "../../domain/admin-roles";
import type { AdminAccountList, AdminAccountView, SessionsEnded } from "../../shared/admin-admins";
import { AddAdminForm } from "./admins/AddAdminForm";
import { AdminCard } from "./admins/AdminCard";
import { ConfirmDeleteDialog } from "./parts/ConfirmDeleteDialog";
import { PageHeader } from "./parts/PageHeader";
import { toastFailure } from "./parts/toast-failure";

export type AdminAdminsProps = { timeZone: string };

const adminsKey = ["/api/admin/admins"] as const;

export default function AdminAdmins({ timeZone }: AdminAdminsProps) {
  const queryClient = useQueryClient();
  const list = useQuery<AdminAccountList>({ queryKey: adminsKey });
  const [removing, setRemoving] = useState<{ admin: AdminAccountView; trigger: HTMLElement } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminsKey });
  const failed = (title: string) => (err: Error) => {
    toastFailure(title, err);
    void reload();
  };

  const revoke = useMutation({
    mutationFn: (admin: AdminAccountView) => adminRequest<SessionsEnded>("POST", `/api/admin/admins/${admin.id}/revoke-sessions`),
    onSuccess: (result, admin) => {
      const what = result.ended === 1 ? "1 sign-in" : `${result.ended} sign-ins`;
      toast({ title: "Sign-ins ended", description: `${what} of ${admin.username} ended; they must sign in again.`, variant: "success" });
      void reload();
    },
    onError: failed("Sign-ins not ended"),
  });

  const changeRole = useMutation({
    mutationFn: ({ admin, role }: { admin: AdminAccountView; role: AdminRole }) =>
      adminRequest<AdminAccountView>("PATCH", `/api/admin/admins/${admin.id}`, { role }),
    onSuccess: (changed) => {
      toast({
        title: "Role changed",
        description: changed.role === "owner" ? `${changed.username} is now an owner.` : `${changed.username} is now staff: owners' rooms are closed to them.`,
        variant: "success",
      });
      // Stepping down oneself closes this very room: the next page shows what staff may open.
      if (changed.you && changed.role === "staff") location.assign("/admin/dashboard");
      else void reload();
    },
    onError: failed("Role not changed"),
  });

  const remove = useMutation({
    mutationFn: (admin: AdminAccountView) => adminRequest("DELETE", `/api/admin/admins/${admin.id}`),
    onSuccess: (_, admin) => {
      toast({ title: "Admin removed", description: `${admin.username} can no longer sign in.`, variant: "success" });
      void reload();
    },
    onError: failed("Admin not removed"),
  });

  /** Set when the dialog closes because the admin was removed: their card, and its button, go. */
  const removedNow = useRef(false);
  const closeRemove = () => {
    const trigger = removing?.trigger;
    setRemoving(null);
    if (removedNow.current || !trigger?.isConnected) listHeading.current?.focus();
    else trigger.focus();
    removedNow.current = false;
  };

  const admins = list.data?.admins;
  return (
    <div className="space-y-6">
      <PageHeader title="Admins" description="Everyone who can sign in to this portal." />

      <section className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <AddAdminForm onAdded={() => void reload()} />
        </div>
      </section>

      <section aria-labelledby="admins-list-title" className="space-y-3">
        <h2 id="admins-list-title" ref={listHeading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {admins ? `${admins.length} ${admins.length === 1 ? "admin" : "admins"}` : "Admins"}
        </h2>
        {list.isError && !admins && (
          <div role="alert" className="alert alert-error">
            <p>The admins could not be loaded. Please reload the page.</p>
          </div>
        )}
        <ul className="grid gap-4 md:grid-cols-2" aria-busy={list.isFetching} data-testid="admins-list">
          {!admins && list.isPending && [0, 1].map((i) => <li key={i} className="skeleton h-44 w-full" aria-hidden="true" />)}
          {admins?.map((admin) => (
            <AdminCard
              key={admin.id}
              admin={admin}
              timeZone={timeZone}
              revoking={revoke.isPending && revoke.variables?.id === admin.id}
              onRevoke={() => revoke.mutate(admin)}
              changingRole={changeRole.isPending && changeRole.variables?.admin.id === admin.id}
              onRole={(role) => changeRole.mutate({ admin, role })}
              onRemove={(e: MouseEvent<HTMLButtonElement>) => setRemoving({ admin, trigger: e.currentTarget })}
            />
          ))}
        </ul>
      </section>

      {removing && (
        <ConfirmDeleteDialog
          title={`Remove ${removing.admin.username}?`}
          pending={remove.isPending}
          confirmLabel="Remove"
          pendingLabel="Removing..."
          onClose={closeRemove}
          onConfirm={(close) =>
            remove.mutate(removing.admin, {
              onSuccess: () => {
                removedNow.current = true;
              },
              onSettled: close,
            })
          }
        >
          <p>{`${removing.admin.username} will no longer be able to sign in, and every sign-in they have ends now.`}</p>
          <p>The audit log keeps the changes they made, under their name.</p>
        </ConfirmDeleteDialog>
      )}
    </div>
  );
}
