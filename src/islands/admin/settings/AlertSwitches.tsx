/** The alert switches that follow each other in a section, drawn together as a list of sentences. */
import { type SettingKey, settingDeclarations } from "../../../shared/settings";
import { type SettingsFormApi, settingFieldId } from "./form-parts";

export function AlertSwitches({ keys, form }: { keys: SettingKey[]; form: SettingsFormApi }) {
  return (
    <div className="space-y-1 sm:col-span-2">
      {keys.map((key) => {
        const field = settingDeclarations[key].field;
        return (
          <label key={key} htmlFor={settingFieldId(key)} className="label flex cursor-pointer gap-2 whitespace-normal py-1 text-base-content">
            <input id={settingFieldId(key)} type="checkbox" className="toggle" {...form.register(key)} />
            {field.kind === "alert" ? field.text : settingDeclarations[key].label}
          </label>
        );
      })}
    </div>
  );
}
