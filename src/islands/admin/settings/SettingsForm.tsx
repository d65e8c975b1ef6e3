/**
 * The settings form: every setting in its section, as its declaration says (shared/settings.ts),
 * checked as the owner types with the rules of `PUT /api/admin/settings` (shared/admin-settings.ts),
 * sending only what changed. The server's messages land under their fields too; leaving with unsaved
 * changes asks first.
 */
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { get, useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { type SettingSection, type SettingSectionId, settingSections } from "../../../shared/settings-form";
import { type SettingKey, type SettingKeyDrawnAs, type Settings, settingDeclarations, settingKeys } from "../../../shared/settings";
import { AlertSwitches } from "./AlertSwitches";
import { BusinessHoursFields } from "./BusinessHoursFields";
import { type SettingsPartProps, settingFieldId as id } from "./form-parts";
import { Section } from "./Section";
import { SettingControl } from "./SettingControl";
import { settingsResolver } from "./settings-resolver";
import { TimezoneField } from "./TimezoneField";
import { useLeaveWarning } from "./use-leave-warning";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";

/** The settings the form draws with a component of its own, each with it. */
const ownFields: Record<SettingKeyDrawnAs<"own">, (props: SettingsPartProps) => ReactNode> = {
  timezone: TimezoneField,
  businessHours: BusinessHoursFields,
};

/** A section's settings in declaration order, the alert switches that follow each other gathered into one row. */
function sectionRows(section: SettingSectionId): (SettingKey | SettingKey[])[] {
  const rows: (SettingKey | SettingKey[])[] = [];
  for (const key of settingKeys) {
    if (settingDeclarations[key].section !== section) continue;
    const last = rows.at(-1);
    if (settingDeclarations[key].field.kind !== "alert") rows.push(key);
    else if (Array.isArray(last)) last.push(key);
    else rows.push([key]);
  }
  return rows;
}

const sections = (Object.keys(settingSections) as SettingSectionId[]).map((section) => ({ section, rows: sectionRows(section) }));

export function SettingsForm({ initial, onSaved }: { initial: Settings; onSaved: (saved: Settings) => void }) {
  const saved = useRef(initial);
  const form = useForm<Settings, unknown, Partial<Settings>>({
    resolver: settingsResolver(() => saved.current),
    defaultValues: initial,
  });
  const { handleSubmit, setError, reset, watch, formState } = form;
  useLeaveWarning(formState.isDirty);

  const save = useMutation({
    mutationFn: (changed: Partial<Settings>) => adminRequest<Settings>("PUT", "/api/admin/settings", changed),
    onSuccess: (next) => {
      saved.current = next;
      reset(next);
      onSaved(next);
      toast({ title: "Settings saved", variant: "success" });
    },
    onError: (err) => {
      let focused = false;
      for (const [path, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        setError(path as keyof Settings, { type: "server", message }, { shouldFocus: !focused });
        focused = true;
      }
      toastFailure("Failed to save settings", err);
    },
  });

  const error = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;
  useEffect(() => {
    const target = location.hash.startsWith("#setting-") ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target instanceof HTMLElement) {
      target.scrollIntoView({ block: "center" });
      target.focus();
    }
  }, []);
  const currency = watch("currency");

  const row = (keys: SettingKey | SettingKey[]) => {
    if (Array.isArray(keys)) return <AlertSwitches key={keys.join(" ")} keys={keys} form={form} />;
    const field = settingDeclarations[keys].field;
    if (field.kind === "own") {
      const Own = ownFields[keys as SettingKeyDrawnAs<"own">];
      return <Own key={keys} form={form} error={error} />;
    }
    if (field.kind === "alert") return <AlertSwitches key={keys} keys={[keys]} form={form} />;
    return <SettingControl key={keys} settingKey={keys} field={field} form={form} error={error} />;
  };

  return (
    <form noValidate aria-label="Business settings" className="space-y-6" onSubmit={handleSubmit((changed) => save.mutate(changed))}>
      {sections.map(({ section, rows }) => {
        const { title, intro }: SettingSection = settingSections[section];
        return (
          <Section key={section} id={id(section)} title={title} intro={typeof intro === "function" ? intro(currency) : intro}>
            {rows.map(row)}
          </Section>
        );
      })}

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-base-300 bg-base-100 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.25)]">
        <SubmitButton label="Save settings" pending={save.isPending} pendingLabel="Saving..." />
        <button type="button" className="btn btn-ghost" disabled={save.isPending || !formState.isDirty} onClick={() => reset(saved.current)}>
          Discard changes
        </button>
        <p className="text-sm text-base-content/80" aria-live="polite">
          {formState.isDirty ? "You have unsaved changes." : "All changes saved."}
        </p>
      </div>
    </form>
  );
}
