/**
 * /admin/settings: every business setting from GET /api/admin/settings, in sections, saved with
 * PUT /api/admin/settings (only the changed ones). The public pages show a change at their next
 * request.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Settings } from "../../shared/settings";
import { SettingsForm } from "./settings/SettingsForm";
import { PageHeader } from "./parts/PageHeader";

export const adminSettingsKey = ["/api/admin/settings"] as const;

export default function AdminSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery<Settings>({ queryKey: adminSettingsKey, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false });

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Business details, payments, prices and booking hours. The public pages show a saved change at once." />
      {settings.isError && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <p>The settings could not be loaded.</p>
          <button type="button" className="btn btn-sm" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      )}
      {settings.isPending && (
        <div className="space-y-4" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-48" />
          ))}
        </div>
      )}
      {settings.data && <SettingsForm initial={settings.data} onSaved={(saved) => queryClient.setQueryData(adminSettingsKey, saved)} />}
    </div>
  );
}
