/**
 * One setting drawn as its declaration says (shared/settings.ts): a text or number box, a switch or a
 * drop-down, with its label, its hint and its message. Alert switches and the fields the form draws
 * itself are not drawn here.
 */
import { FormField, hintAndErrorProps } from "../../../components/FormField";
import type { SettingField } from "../../../shared/settings-form";
import { type SettingKey, settingDeclarations } from "../../../shared/settings";
import { type SettingsPartProps, settingFieldId } from "./form-parts";

type Drawn = Exclude<SettingField, { kind: "alert" } | { kind: "own" }>;

export function SettingControl({ settingKey: key, field, form, error }: SettingsPartProps & { settingKey: SettingKey; field: Drawn }) {
  const id = settingFieldId(key);
  const label = settingDeclarations[key].label;
  const message = error(key);
  if (field.kind === "switch") {
    return (
      <div className="fieldset">
        <span className="fieldset-legend">{label}</span>
        <label htmlFor={id} className="label cursor-pointer gap-2 whitespace-normal text-base-content">
          <input id={id} type="checkbox" className="toggle" aria-describedby={`${id}-hint`} {...form.register(key)} />
          {field.text}
        </label>
        <p id={`${id}-hint`} className="label whitespace-normal">
          {field.hint}
        </p>
      </div>
    );
  }
  if (field.kind === "select") {
    const numeric = typeof field.options[0]?.value === "number";
    return (
      <FormField hintStays id={id} label={label} hint={field.hint} error={message}>
        <select id={id} className="select w-full" {...hintAndErrorProps(id, message)} {...form.register(key, numeric ? { valueAsNumber: true } : {})}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      </FormField>
    );
  }
  const numeric = field.kind === "number";
  return (
    <FormField hintStays id={id} label={label} hint={field.hint} error={message}>
      <input
        id={id}
        type={numeric ? "number" : (field.type ?? "text")}
        step={numeric ? field.step : undefined}
        inputMode={numeric ? (field.step === "1" ? "numeric" : "decimal") : undefined}
        autoComplete="off"
        spellCheck={false}
        className="input w-full"
        {...hintAndErrorProps(id, message)}
        {...form.register(key, numeric ? { valueAsNumber: true } : {})}
      />
    </FormField>
  );
}
