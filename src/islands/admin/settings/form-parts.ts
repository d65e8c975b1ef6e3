/** What every part of the settings form is given: the form, and the message under a field's path. */
import type { UseFormReturn } from "react-hook-form";
import type { Settings } from "../../../shared/settings";

export type SettingsFormApi = UseFormReturn<Settings, unknown, Partial<Settings>>;

/** The form and its messages, for a part that draws some of its fields. */
export type SettingsPartProps = { form: SettingsFormApi; error: (path: string) => string | undefined };

/** A field's id, stable so the dashboard's checklist can link straight to it (/admin/settings#setting-phone). */
export const settingFieldId = (key: string) => `setting-${key}`;
