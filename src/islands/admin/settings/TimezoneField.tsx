/** The business timezone: a text box suggesting the zones the browser knows. */
import { FormField, hintAndErrorProps } from "../../../components/FormField";
import { settingDeclarations } from "../../../shared/settings";
import { type SettingsPartProps, settingFieldId } from "./form-parts";

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

export function TimezoneField({ form, error }: SettingsPartProps) {
  const id = settingFieldId("timezone");
  const zones = timeZones();
  return (
    <FormField hintStays id={id} label={settingDeclarations.timezone.label} hint="An IANA timezone, such as Australia/Adelaide." error={error("timezone")}>
      <input
        id={id}
        type="text"
        list={zones.length ? `${id}-zones` : undefined}
        autoComplete="off"
        spellCheck={false}
        className="input w-full"
        {...hintAndErrorProps(id, error("timezone"))}
        {...form.register("timezone")}
      />
      {zones.length > 0 && (
        <datalist id={`${id}-zones`}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      )}
    </FormField>
  );
}
